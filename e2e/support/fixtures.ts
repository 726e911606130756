/**
 * The test object every browser test uses: it fails a test on any console error or uncaught
 * exception in the page, and offers an accessibility check with axe-core.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type CDPSession, type Locator, type Page } from '@playwright/test';
import { DESKTOP, MOBILE } from './public-site';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** One DevTools session per page, opened on its first check. */
const devTools = new WeakMap<Page, Promise<CDPSession>>();

/**
 * Puts axe-core into the page's document through the DevTools protocol: about a third cheaper than
 * `page.evaluate` with the same 650 kB source (which Playwright wraps and sends through its own
 * evaluation), and a journey pays it once per document it checks.
 */
async function injectAxe(page: Page) {
  const opening = devTools.get(page) ?? page.context().newCDPSession(page);
  devTools.set(page, opening);
  const session = await opening;
  const { exceptionDetails } = await session.send('Runtime.evaluate', {
    expression: axeSource,
  });
  if (exceptionDetails) throw new Error(`axe-core did not load: ${exceptionDetails.text}`);
}

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page (through the DevTools protocol, so the page's CSP stays in force). */
export async function expectNoAxeViolations(page: Page) {
  // A region still loading is dimmed on purpose (aria-busy): let it settle first, or axe measures
  // the fading colours. Soft: a page that stays busy is still checked.
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 5_000 })
    .catch(() => undefined);
  // Likewise a colour still in transition (a time just pressed, a border turning brand): axe would
  // measure it half-way. Finite transitions and animations end first; a spinner's never does.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              !Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
          ),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // Once per document: a journey checks several screens of one app without reloading it.
  if (!(await page.evaluate(() => 'axe' in window))) await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
      // Only the violations are read: the other kinds of result are not gathered node by node.
      resultTypes: ['violations'],
      // Media only: its one rule here (no-autoplay-audio) reads it. axe's default also parses
      // every stylesheet for css-orientation-lock, an experimental rule these tags never run, which
      // took about a third of each check.
      preload: { assets: ['media'] },
    });
    return result.violations;
  });
  const summary = (violations as AxeViolation[]).map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/**
 * axe misreads a toast's colours while it fades: the toasts are closed first (a click that finds
 * its button gone, as the stack moves, gives up at once, and the pointer leaves the toaster, whose
 * hover pauses them), then the page is checked.
 */
export async function expectAccessibleWithoutToasts(page: Page) {
  for (const close of await page.locator('[data-sonner-toast] [data-close-button]').all()) {
    await close.click({ timeout: 1_000 }).catch(() => undefined);
  }
  // A pointer resting on the toaster pauses the toasts' timers: move it away.
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
}

/**
 * Screenshots are kept with the run's output for a person to look at when asked for
 * (E2E_SCREENSHOTS=1); nothing compares them, so a run that does not ask does not pay for them.
 */
const keepScreenshots = Boolean(process.env.E2E_SCREENSHOTS);

/** A screenshot of the page or of one element, kept with the test's output when asked for. */
export async function keepScreenshot(target: Page | Locator, name: string) {
  if (!keepScreenshots) return;
  await target.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/**
 * Screenshots at 1280 and 375 px, kept with the test's output when asked for: of the whole page, or
 * of one part of it to look at closely. The size is restored.
 */
export async function shootBothWidths(page: Page, name: string, part?: Locator) {
  if (!keepScreenshots) return;
  const size = page.viewportSize();
  for (const [width, viewport] of [
    [1280, DESKTOP],
    [375, MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    const path = test.info().outputPath(`${name}-${width}.png`);
    if (part) {
      await part.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await part.screenshot({ path });
    } else {
      await page.screenshot({ path, fullPage: true });
    }
  }
  if (size) await page.setViewportSize(size);
}

/** The page printed to an A4 PDF, kept with the test's output when asked for, to look at. */
export async function keepPdf(page: Page, name: string) {
  if (!keepScreenshots) return;
  await page.pdf({ path: test.info().outputPath(`${name}.pdf`), format: 'A4' });
}

export const test = base.extend<{
  closesWhatItOpens: void;
  consoleErrors: string[];
  expectedApiStatuses: number[];
  expectedConsoleErrors: RegExp[];
}>({
  /**
   * Each test comes from its own client address (the e2e server trusts one proxy hop), so the
   * per-IP budgets of sign-up and sign-in count one test's requests, as for a real visitor, and
   * the suite can create as many accounts as it needs.
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const bits = createHash('sha256').update(testInfo.testId).digest();
    const address = `10.${bits[0]}.${bits[1]}.${bits[2]}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
  /**
   * API answers a test provokes on purpose (a 403 from a refresh without a session, a 401 for a wrong
   * password): the browser logs each as 'Failed to load resource', which is not a page error then.
   */
  expectedApiStatuses: [[], { option: true }],
  /**
   * Console errors a test causes on purpose, e.g. the browser refusing script in a sandboxed frame
   * (the tools that drive the page try to run theirs in every frame): named by the test, never broad.
   */
  expectedConsoleErrors: [[], { option: true }],
  /**
   * The browser contexts a test opens (a second person, another device) are closed when it ends, as
   * Playwright closes its own: one left open kept its page running, polling a server, for the rest
   * of the worker's tests.
   */
  closesWhatItOpens: [
    async ({ browser, context }, use) => {
      const before = new Set([context, ...browser.contexts()]);
      await use();
      const opened = browser.contexts().filter((other) => !before.has(other));
      await Promise.all(opened.map((other) => other.close()));
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page, expectedApiStatuses, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      // A page answered with an error status on purpose (the not-found page) is not a page error.
      const failedDocuments = new Set<string>();
      page.on('response', (response) => {
        const expectedApiError =
          new URL(response.url()).pathname.startsWith('/api/') &&
          expectedApiStatuses.includes(response.status());
        if (
          (response.request().isNavigationRequest() || expectedApiError) &&
          response.status() >= 400
        ) {
          failedDocuments.add(response.url());
        }
      });
      // Judged at the end: the console message may arrive before its response event.
      const failedLoads: { text: string; url: string }[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (message.text().startsWith('Failed to load resource')) {
          failedLoads.push({ text: message.text(), url: message.location().url });
        } else if (!expectedConsoleErrors.some((pattern) => pattern.test(message.text()))) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      for (const load of failedLoads) {
        if (!failedDocuments.has(load.url)) errors.push(`${load.text} (${load.url})`);
      }
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

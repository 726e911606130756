import { MOBILE_MENU_WIDTH_PERCENT } from '@consult/shared';
import { ADMIN, signIn, signedInClient } from './support/accounts';
import { test, expect, expectNoAxeViolations } from './support/fixtures';
import { DESKTOP, MOBILE, pageScrollLocked } from './support/public-site';

const FAQ_QUESTION = 'How do sessions take place?';
const FAQ_ANSWER = 'Most sessions are video calls';

test('the first HTML of / carries the page text, title, description and Open Graph tags', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  expect(html).toContain(FAQ_ANSWER);
  expect(html).toContain('Clear advice and a plan you can act on this week');
  expect(html).toContain('Strategy session');
  expect(html).toContain('Hi, I am Ayesha');
  await expect(page).toHaveTitle('Ayesha Siddiqui · Business strategy consultant');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /strategy/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Ayesha/);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /.+/);
  // Without JavaScript the questions still open and show their answers.
  await page.getByText(FAQ_QUESTION).click();
  await expect(page.getByText(FAQ_ANSWER)).toBeVisible();
  // The hydration data is JSON, never executed, with no raw "<" that could end the element.
  const data = await page.locator('#router-hydration-data').textContent();
  expect(data).not.toContain('<');
  await context.close();
});

test('the page hydrates without layout shift', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  // Interactive once hydrated: the FAQ's disclosure and the popup respond.
  await page.getByRole('banner').getByRole('button', { name: 'Contact Me' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact Me' })).toBeVisible();
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
            total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shift).toBeLessThan(0.05);
});

test.describe('at 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test('the header anchors scroll smoothly to their sections', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['Services', 'services'],
      ['About Me', 'about'],
      ["FAQ's", 'faq'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect
        .poll(() =>
          page.evaluate((i) => document.getElementById(i)!.getBoundingClientRect().top, id),
        )
        .toBeLessThan(100);
      await expect
        .poll(() =>
          page.evaluate((i) => document.getElementById(i)!.getBoundingClientRect().top, id),
        )
        .toBeGreaterThanOrEqual(0);
    }
    await page.getByRole('banner').getByRole('link', { name: /home/ }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the header gets a shadow and a white background after 50 px of scrolling', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const look = () =>
      header.evaluate((el) => ({
        shadow: getComputedStyle(el).boxShadow,
        background: getComputedStyle(el).backgroundColor,
      }));
    await page.evaluate(() => window.scrollTo(0, 50));
    await expect.poll(look).toEqual({ shadow: 'none', background: 'rgba(0, 0, 0, 0)' });
    await page.evaluate(() => window.scrollTo(0, 51));
    await expect.poll(async () => (await look()).background).toBe('rgb(255, 255, 255)');
    expect((await look()).shadow).not.toBe('none');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => (await look()).shadow).toBe('none');
  });

  test('each service shows its duration and price and books through /consultation', async ({
    page,
  }) => {
    await page.goto('/');
    const services = page.locator('#services');
    await expect(services.getByText('1 hour')).toBeVisible();
    await expect(services.getByText('Price: $120')).toBeVisible();
    // Other tests may add services of their own to the shared server: one free one is enough.
    await expect(services.getByText('Price: Free').first()).toBeVisible();
    await services.getByRole('link', { name: 'Book Strategy session' }).click();
    await expect(page).toHaveURL(/\/consultation\?service=strategy-session$/);
    await expect(
      page.getByRole('heading', { name: 'Book a consultation', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText('You chose the Strategy session')).toBeVisible();
    await expect(page).toHaveTitle(/Book a consultation/);
    // The landing header and footer are only on /.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Clear advice');
  });

  test('the footer links phone, e-mail, social profiles, the terms, with this year', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '+92 300 1234567' })).toHaveAttribute(
      'href',
      'tel:+923001234567',
    );
    await expect(
      footer.getByRole('link', { name: 'hello@ayeshasiddiqui.example' }),
    ).toHaveAttribute('href', 'mailto:hello@ayeshasiddiqui.example');
    for (const name of ['LinkedIn', 'X', 'WhatsApp']) {
      const link = footer.getByRole('link', { name: `${name} (opens in a new tab)` });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Ayesha Siddiqui`);
    await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(page).toHaveURL(/\/terms-and-conditions$/);
    await expect(
      page.getByRole('heading', { name: 'Terms and Conditions', level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Rescheduling and cancellation' }),
    ).toBeVisible();
  });

  test('Sign In leads to /signin, and becomes Dashboard to /admin for an admin', async ({
    page,
  }) => {
    await page.goto('/');
    const signInLink = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
    await expect(signInLink).toHaveAttribute('href', '/signin');
    await signInLink.click();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin/);
    await page.goto('/');
    const dashboard = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
    await expect(dashboard).toHaveAttribute('href', '/admin');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  });

  test('Dashboard leads a signed-in client to /dash', async ({ page }) => {
    await signedInClient(page, 'landing-header');
    await page.goto('/');
    const dashboard = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
    await expect(dashboard).toHaveAttribute('href', '/dash');
    await dashboard.click();
    await expect(page).toHaveURL(/\/dash$/);
  });

  test('/, /consultation, /terms-and-conditions and the not-found page pass axe', async ({
    page,
  }) => {
    await page.goto('/');
    await expectNoAxeViolations(page);
    await page.goto('/consultation');
    await expectNoAxeViolations(page);
    await page.goto('/terms-and-conditions');
    await expectNoAxeViolations(page);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the consultation page explains the sessions and leads to sign-up or a message', async ({
    page,
  }) => {
    await page.goto('/consultation');
    await expect(page.getByRole('heading', { name: 'Sessions and prices' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
    await expect(page.getByText('$290')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create your account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    // The page is rendered on the server and starts when the visitor acts: the click's own pointer
    // events start the app, and the press is replayed once it runs (decision 069).
    await page.getByRole('button', { name: 'Contact Me' }).click();
    await expect(page.getByRole('dialog', { name: 'Contact Me' })).toBeVisible({ timeout: 15_000 });
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: MOBILE });

  test('the menu slides in at 80% of the width, holds the header items and locks scrolling', async ({
    page,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Sign In' })).toBeHidden();
    const menuButton = banner.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box!.width).toBeCloseTo((MOBILE.width * MOBILE_MENU_WIDTH_PERCENT) / 100, 0);
    expect(box!.x + box!.width).toBeCloseTo(MOBILE.width, 0);
    for (const name of ['Services', 'About Me', "FAQ's"]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Contact Me' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(await pageScrollLocked(page)).toBe(true);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    expect(await pageScrollLocked(page)).toBe(false);

    await menuButton.click();
    await menu.getByRole('link', { name: "FAQ's" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#faq$/);
    await expect
      .poll(() => page.evaluate(() => document.getElementById('faq')!.getBoundingClientRect().top))
      .toBeLessThan(100);
  });

  test('the header shadow and the footer work on a phone too', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'true');
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
  });

  test('the public pages pass axe on a phone', async ({ page }) => {
    await page.goto('/');
    await expectNoAxeViolations(page);
    await page.goto('/consultation');
    await expectNoAxeViolations(page);
  });
});

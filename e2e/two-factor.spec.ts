import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { TWO_FACTOR_MESSAGES } from '@consult/shared';
import { ADMIN, confirmedAccountWithoutMail, signIn, signedInClient } from './support/accounts';
import {
  expect,
  expectAccessibleWithoutToasts,
  expectNoAxeViolations,
  shootBothWidths,
  test,
} from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';
import { DESKTOP } from './support/public-site';

// Sign-up with its proof of work.
test.describe.configure({ timeout: 120_000 });

const PERIOD_MS = 30_000;

/** The code the authenticator app shows during time step `step`, with the same library as the server. */
function codeAt(secret: string, step: number): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: step * PERIOD_MS });
}

const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

/**
 * A code of a later step than `usedStep`, without waiting for it: a code works once, and the server
 * takes the code of one step either side of its own (RFC 6238 §5.2), as from a phone whose clock
 * runs a little ahead.
 */
function nextUnusedCode(secret: string, usedStep: number): string {
  return codeAt(secret, Math.max(usedStep + 1, stepNow()));
}

/** Nothing reaches past the edge of a 320 px screen (the narrowest the site supports). */
async function expectHoldsAt320(page: Page, screen: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 700 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${screen} at 320 px`).toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}

interface Enrolment {
  secret: string;
  recoveryCodes: string[];
  /** The time step of the code that turned it on (used, so not accepted again). */
  usedStep: number;
}

/** Turns two-factor sign-in on from the profile card, reading the key from the page as a person would. */
async function enrol(page: Page, options: { shoot?: boolean } = {}): Promise<Enrolment> {
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card.getByText('Off.')).toBeVisible();
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const qr = card.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  // The QR code is an SVG made on our own server, shown as an image.
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const secret = (await card.locator('code').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (options.shoot) {
    await card.getByLabel('6-digit code').fill('12345');
    await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(card.getByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeVisible();
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'two-factor-setup');
    await expectHoldsAt320(page, 'the set-up');
  }
  const usedStep = stepNow();
  await card.getByLabel('6-digit code').fill(codeAt(secret, usedStep));
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const list = card.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  if (options.shoot) {
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download codes' }).click();
    expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'two-factor-recovery-codes');
    await expectHoldsAt320(page, 'the recovery codes');
  }
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('10 of 10 recovery codes left.')).toBeVisible();
  return { secret, recoveryCodes, usedStep };
}

async function signOut(page: Page) {
  const width = page.viewportSize()?.width ?? 1280;
  if (width < 768) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/signin/);
}

test.describe('on the shared server', () => {
  test.use({ expectedApiStatuses: [400, 401] });

  test('a client turns it on from the QR code, signs out, and signs in with a code from the app', async ({
    page,
  }) => {
    const client = await signedInClient(page, 'two-factor');
    await page.goto('/dash/profile');
    const enrolment = await enrol(page, { shoot: true });
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expectAccessibleWithoutToasts(page);
    await card.scrollIntoViewIfNeeded();
    await shootBothWidths(page, 'two-factor-on');

    await signOut(page);
    await signIn(page, client.email, client.password);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    // Nothing is signed in yet: no session cookie came with the password.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'sessionHint')).toBeUndefined();
    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeVisible();
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'two-factor-sign-in');

    await page
      .getByLabel('6-digit code')
      .fill(nextUnusedCode(enrolment.secret, enrolment.usedStep));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dash$/);
  });

  test('a client without their phone signs in with a recovery code, once, and turns two factors off', async ({
    page,
  }) => {
    const client = await signedInClient(page, 'two-factor-recovery');
    await page.goto('/dash/profile');
    const { recoveryCodes } = await enrol(page);
    await signOut(page);

    await signIn(page, client.email, client.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!.toUpperCase());
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'two-factor-recovery-sign-in');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dash$/);
    await page.goto('/dash/profile');
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(card.getByText('9 of 10 recovery codes left.')).toBeVisible();

    await signOut(page);
    await signIn(page, client.email, client.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(TWO_FACTOR_MESSAGES.recoveryCodeWrong)).toBeVisible();
    await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dash$/);

    await page.goto('/dash/profile');
    // New recovery codes ask for a current code: its shape is checked here, its value by the server.
    await card.getByRole('button', { name: 'Show new recovery codes' }).click();
    await card.getByLabel('6-digit code').fill('12345');
    await card.getByRole('button', { name: 'Show new codes' }).click();
    await expect(card.getByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeVisible();
    await card.getByLabel('6-digit code').fill('000000');
    await card.getByRole('button', { name: 'Show new codes' }).click();
    await expect(card.getByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeVisible();
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.getByText('8 of 10 recovery codes left.')).toBeVisible();
    await card.getByRole('button', { name: 'Turn off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await dialog.getByLabel('Your password').fill(client.password);
    await dialog.getByLabel('Code or recovery code').fill(recoveryCodes[2]!);
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'two-factor-turn-off');
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(card.getByText('Off.')).toBeVisible();
  });
});

test.describe('the owner helping a client', () => {
  test.use({ expectedApiStatuses: [400, 401] });

  test('the owner turns off the two-factor sign-in of a client who lost the phone and the codes', async ({
    browser,
    page,
  }) => {
    const clientPage = await browser.newPage();
    const client = await signedInClient(clientPage, 'two-factor-lost');
    await clientPage.goto('/dash/profile');
    await enrol(clientPage);

    await page.goto('/signin');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('link', { name: 'Users' }).first().click();
    await page.getByLabel('Search by name or e-mail').fill(client.email);
    await expect(page).toHaveURL(/search=/);
    await page.getByRole('link', { name: client.email }).click();
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(section.getByText(/^On since .*, 10 recovery codes left\.$/)).toBeVisible();
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off their two-factor sign-in?' });
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'two-factor-owner-reset');
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(section.getByText('Off: the password alone signs in.')).toBeVisible();

    // Signed out everywhere; the password alone signs them in again.
    await clientPage.goto('/signin');
    await signIn(clientPage, client.email, client.password);
    await expect(clientPage).toHaveURL(/\/dash$/);
    await clientPage.close();
  });
});

test.describe("the owner's requirement for admins", () => {
  // A server of its own: the requirement would hold back the shared server's admin.
  const OWNER = { email: 'two-factor-owner@e2e.test', password: 'two-factor-owner-password-42' };
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  });
  test.afterAll(() => server?.stop());
  // The held admin's screens ask the admin API first and are refused (403) until it is set up.
  test.use({ expectedApiStatuses: [400, 403] });

  test('an admin without two factors is sent to set them up and can then open the admin area', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP });
    const page = await context.newPage();
    const other = await confirmedAccountWithoutMail(page, server, 'second-admin');
    await server.sql(`update users set role = 'admin' where email = '${other.email}'`);

    await page.goto('/signin');
    await signIn(page, OWNER.email, OWNER.password);
    await expect(page).toHaveURL(/\/admin/);
    await page.goto('/admin/config?tab=security');
    const settings = page.getByRole('region', { name: 'Sign-in security' });
    await expect(settings.getByText('2 admin accounts have not turned it on yet.')).toBeVisible();
    await settings.getByLabel('Require two-factor sign-in for admin accounts').check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByText(TWO_FACTOR_MESSAGES.ownFirst).first()).toBeVisible();

    await settings.getByRole('link', { name: 'your profile' }).click();
    await expect(page).toHaveURL(/\/admin\/profile/);
    await enrol(page);
    await page.goto('/admin/config?tab=security');
    await settings.getByLabel('Require two-factor sign-in for admin accounts').check();
    // The owner's own is on now: one admin (the other) is left without it.
    await expect(settings.getByText('1 admin account has not turned it on yet.')).toBeVisible();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Admins now need two-factor sign-in.')).toBeVisible();
    await expect(settings.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expectAccessibleWithoutToasts(page);
    await shootBothWidths(page, 'two-factor-requirement');
    await signOut(page);

    await signIn(page, other.email, other.password);
    await expect(page).toHaveURL(/\/admin\/profile$/);
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(card.getByText('Required for admin accounts')).toBeVisible();
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'two-factor-required');
    // Any other admin page sends them back here, followed in the app or opened by its address.
    // The second also waits out the first: the address is this page's until its redirect lands,
    // and a set-up started meanwhile would be dropped with the card it was started from.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Users' })
      .click();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin\/profile$/);

    await enrol(page);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Users' })
      .click();
    await expect(page).toHaveURL(/\/admin\/users/);
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await context.close();
  });
});

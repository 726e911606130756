import type { Browser, Page } from '@playwright/test';
import { openSignedIn, signedInClientWithoutMail } from './support/accounts';
import { pickDay, timeButtons } from './support/booking';
import { expect, expectNoAxeViolations, test, shootBothWidths } from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';
import { DESKTOP, MOBILE } from './support/public-site';

// A server of its own: the test writes long payment instructions, which every other test would see.
test.describe.configure({ timeout: 150_000 });

const OWNER = { email: 'reference-owner@e2e.test', password: 'reference-owner-password-42' };
// Long, with an unbroken run a narrow screen must wrap: the blocks may never widen the page.
const ACCOUNT_LINE = `Account ${'GB33BUKB20201555555555'.repeat(8)}`;
const INSTRUCTIONS = `Bank transfer to Jo Owner Consulting, Example Bank.\n${ACCOUNT_LINE}\nPlease pay within seven days of booking; cash at the session is fine too.`;

let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
});
test.afterAll(async () => {
  await server?.stop();
});

async function pageOn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP });
  return context.newPage();
}

/** The page is never wider than the screen, at 375 px too. */
async function expectNoSideways(page: Page) {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
  }
}

/** The how-to-pay block: the amount, the owner's words and the reference to write. */
async function expectInstructions(page: Page, reference: string) {
  const block = page.getByRole('region', { name: /^Payment due: / });
  await expect(block).toBeVisible();
  await expect(block.getByRole('heading', { name: /^Payment due: \D*120(\.00)?$/ })).toBeVisible();
  await expect(block.getByText(ACCOUNT_LINE)).toBeVisible();
  await expect(block).toContainText(`Write ${reference} as the payment reference.`);
}

test('manual payment: the client sees how to pay with the amount and the reference; the owner finds the booking by its reference', async ({
  browser,
}) => {
  const owner = await pageOn(browser);
  await openSignedIn(owner, OWNER, '/admin/config?tab=payments');
  const card = owner.getByRole('region', { name: 'Payments and receipts' });
  await card.getByLabel('Payment instructions').fill(INSTRUCTIONS);
  await card.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(owner.getByText('Your payment settings are saved.')).toBeVisible();

  const page = await pageOn(browser);
  const account = await signedInClientWithoutMail(page, server, 'transfer-payer');

  // The confirmation screen.
  await page.goto('/consultation?service=strategy-session');
  await pickDay(page, 3);
  await timeButtons(page).first().click();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: 'You are booked' })).toBeVisible();
  const reference = (await page
    .getByRole('definition')
    .filter({ hasText: /^[0-9A-Z]{4,10}$/ })
    .textContent())!;
  expect(reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/);
  await expectInstructions(page, reference);
  await expectNoAxeViolations(page);
  await expectNoSideways(page);
  await shootBothWidths(page, 'confirmation-payment-due');

  // /dash: the next consultation, with how to pay it.
  await page.goto('/dash');
  await expect(page.getByText(`Reference ${reference}`)).toBeVisible();
  await expectInstructions(page, reference);
  await expect(page.getByText('Your confirmation e-mail says how to pay')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoSideways(page);
  await shootBothWidths(page, 'dash-payment-due');

  // The booking's own page, opened from the card.
  await page.getByRole('link', { name: 'Strategy session' }).click();
  await expect(page).toHaveURL(/\/dash\/bookings\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${reference}` })).toBeVisible();
  await expectInstructions(page, reference);
  await expectNoAxeViolations(page);
  await expectNoSideways(page);
  await shootBothWidths(page, 'booking-page-payment-due');

  // The owner finds it by the reference, written in lower case, in bookings…
  await owner.goto('/admin/bookings');
  await owner.getByLabel('Search reference, client or service').fill(reference.toLowerCase());
  await expect(owner).toHaveURL(new RegExp(`[?&]q=${reference.toLowerCase()}`));
  const rows = owner.getByRole('link', { name: new RegExp(account.name) });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`Reference ${reference}`);
  await rows.click();
  await expect(
    owner.getByRole('heading', { name: `Strategy session with ${account.name}` }),
  ).toBeVisible();
  await expect(owner.getByText(`Reference ${reference}`).last()).toBeVisible();
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'admin-bookings-by-reference');

  // …and in payments.
  await owner.goto('/admin/payments');
  await owner
    .getByLabel('Search reference, receipt number, client, service or package')
    .fill(reference.toLowerCase());
  await expect(owner).toHaveURL(new RegExp(`[?&]q=${reference.toLowerCase()}`));
  const payment = owner.getByRole('link', { name: new RegExp(account.name) });
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText(`Reference ${reference}`);
  await payment.click();
  await expect(owner.getByRole('heading', { name: /· Strategy session$/ })).toBeVisible();
  await expect(owner.getByRole('link', { name: `Open the booking ${reference}` })).toBeVisible();
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'admin-payments-by-reference');

  // With no instructions written, the client is told plainly who will say how to pay.
  await owner.goto('/admin/config?tab=payments');
  await card.getByLabel('Payment instructions').fill('');
  await card.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(owner.getByText('Your payment settings are saved.')).toBeVisible();
  await page.reload();
  const block = page.getByRole('region', { name: /^Payment due: / });
  await expect(block.getByText('The business will tell you how to pay.')).toBeVisible();
  await expect(block.getByText(ACCOUNT_LINE)).toHaveCount(0);
  await expect(block).toContainText(`Write ${reference} as the payment reference.`);
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'booking-page-no-instructions');
});

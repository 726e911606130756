import type { Browser, Page } from '@playwright/test';
import { openSignedIn, signedInClientWithoutMail } from './support/accounts';
import { pickDay, timeButtons } from './support/booking';
import {
  expect,
  expectAccessibleWithoutToasts,
  expectNoAxeViolations,
  test,
  shootBothWidths,
} from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';
import { DESKTOP } from './support/public-site';
import {
  expectOnTestCheckout,
  startStripeServer,
  type StripeServer,
} from './support/stripe-server';

// Issue 19, defects 2 and 4 on screen. Servers of their own: a cap on unpaid bookings, or Stripe,
// would change what every other test books.
test.describe.configure({ timeout: 150_000 });

const OWNER = { email: 'limits-owner@e2e.test', password: 'limits-owner-password-42' };

async function pageOn(browser: Browser, server: OwnServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP });
  return context.newPage();
}

async function signedInOwner(browser: Browser, server: OwnServer): Promise<Page> {
  const owner = await pageOn(browser, server);
  await openSignedIn(owner, OWNER, '/admin/upcoming');
  return owner;
}

async function bookStrategySession(page: Page, day: number) {
  await page.goto('/consultation?service=strategy-session');
  await pickDay(page, day);
  await timeButtons(page).first().click();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
}

test.describe('manual payments with a cap on unpaid bookings', () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the owner caps unpaid bookings at one; a client over it is told to pay or cancel first', async ({
    browser,
  }) => {
    const owner = await signedInOwner(browser, server);
    await owner.goto('/admin/config');
    const card = owner.getByRole('region', { name: 'Unpaid bookings per client' });
    await expect(card.getByLabel('Bookings a client can hold while paying by card')).toHaveValue(
      '3',
    );
    const unpaid = card.getByLabel('Upcoming unpaid bookings per client (manual payments)');
    await expect(unpaid).toHaveValue('');
    await unpaid.fill('0');
    await owner.getByRole('button', { name: 'Save hours and rules' }).click();
    await expect(
      card.getByText(
        'Unpaid bookings per client must be a whole number of 1 or more, or empty for no limit',
      ),
    ).toBeVisible();
    await unpaid.fill('1');
    await owner.getByRole('button', { name: 'Save hours and rules' }).click();
    await expect(owner.getByText('Your hours and rules are saved.')).toBeVisible();
    await expectAccessibleWithoutToasts(owner);
    await shootBothWidths(owner, 'unpaid-cap-card', card);

    const page = await pageOn(browser, server);
    await signedInClientWithoutMail(page, server, 'capped-client');
    await bookStrategySession(page, 2);
    await expect(page.getByRole('heading', { name: 'You are booked' })).toBeVisible();
    await bookStrategySession(page, 3);
    const notice = page.getByRole('alert').filter({ hasText: 'Pay for an upcoming booking first' });
    await expect(notice).toContainText(
      'You already have 1 booking coming up that is not paid yet, the most you can have at once. Pay for one of them or cancel one in your bookings, then book this time.',
    );
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'booking-over-unpaid-cap');
    await shootBothWidths(page, 'booking-over-unpaid-cap-notice', notice);
    await notice.getByRole('link', { name: 'Go to your bookings' }).click();
    await expect(page).toHaveURL(/\/dash\/bookings$/);
    await owner.context().close();
    await page.context().close();
  });
});

test.describe('Stripe: a payment recorded by hand closes the card payment page', () => {
  let server: StripeServer;
  test.beforeAll(async () => {
    server = await startStripeServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('mark paid on a booking held for Stripe expires its session; a refund Stripe can never make says why', async ({
    browser,
  }) => {
    const page = await pageOn(browser, server);
    const account = await signedInClientWithoutMail(page, server, 'held-payer');
    await bookStrategySession(page, 2);
    await expectOnTestCheckout(page);
    const checkoutUrl = page.url();

    // The client paid the owner by transfer instead; the owner records it.
    const owner = await signedInOwner(browser, server);
    await owner.goto('/admin/payments');
    await owner.getByRole('link', { name: new RegExp(account.name) }).click();
    await owner.getByRole('button', { name: 'Mark paid' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Mark as paid' });
    await expect(dialog).toContainText('its Stripe payment page is closed first');
    await dialog.getByLabel('How was it paid?').selectOption('bank_transfer');
    await expectNoAxeViolations(owner);
    await shootBothWidths(owner, 'mark-paid-held-for-stripe');
    await shootBothWidths(owner, 'mark-paid-held-for-stripe-dialog', dialog);
    await dialog.getByRole('button', { name: /^Issue \d{4}-\d{4,}$/ }).click();
    await expect(owner.getByText(/^Payment recorded\. Receipt \d{4}-\d{4,}/)).toBeVisible();
    // Received by hand, it is a manual payment now.
    await expect(
      owner.getByRole('definition').getByText('Bank transfer or in person', { exact: true }),
    ).toBeVisible();

    // Stripe's page no longer takes the payment: paying there goes back unpaid.
    await page.goto(checkoutUrl);
    await expect(page.getByText('(expired)')).toBeVisible();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/payment=cancelled$/);
    // The page restores the session as it loads: leave it only once it has. A refresh cut short by
    // the next navigation used to end the session; since decision 050 the next page's repeat within
    // 30 s gets the same new token, and this wait only keeps the test on the page it came for.
    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();

    // A Stripe payment with no PaymentIntent recorded (as a webhook without one leaves it).
    await bookStrategySession(page, 3);
    await expectOnTestCheckout(page);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/payment=success$/);
    await server.sql(
      `update payments set provider_payment_id = null where status = 'paid' and provider = 'stripe'`,
    );
    await owner.goto('/admin/payments?status=paid&provider=stripe');
    await owner.getByRole('link', { name: new RegExp(account.name) }).click();
    await owner.getByRole('button', { name: 'Refund' }).click();
    const refund = owner.getByRole('dialog', { name: 'Refund' });
    await refund.getByRole('button', { name: /^Refund \$/ }).click();
    const alert = refund.getByRole('alert');
    await expect(alert).toContainText('Refund it in Stripe’s dashboard instead');
    await expect(alert).toContainText('Stripe cannot refund this payment from here');
    await expect(alert).toContainText('Refund it in your Stripe dashboard');
    await expectNoAxeViolations(owner);
    await shootBothWidths(owner, 'refund-not-possible-online');
    await shootBothWidths(owner, 'refund-not-possible-online-dialog', refund);
    await owner.context().close();
    await page.context().close();
  });
});

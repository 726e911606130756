import type { Browser, Page } from '@playwright/test';
import { openSignedIn, signedInClientWithoutMail } from './support/accounts';
import { pickDay, timeButtons } from './support/booking';
import {
  expect,
  expectNoAxeViolations,
  keepScreenshot,
  shootBothWidths,
  test,
} from './support/fixtures';
import { DESKTOP } from './support/public-site';
import {
  expectOnTestCheckout,
  startStripeServer,
  type StripeServer,
} from './support/stripe-server';

// A server of its own with Stripe pointed at the double, sign-up, Checkout and a refund.
test.describe.configure({ timeout: 120_000 });

const OWNER = { email: 'stripe-owner@e2e.test', password: 'stripe-owner-password-42' };

let server: StripeServer;

test.beforeAll(async () => {
  server = await startStripeServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
});
test.afterAll(async () => {
  await server?.stop();
});

async function pageOn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP });
  return context.newPage();
}

test('Stripe: the client pays on Checkout and comes back to "Payment received"; the owner refunds part', async ({
  browser,
}) => {
  const page = await pageOn(browser);
  const account = await signedInClientWithoutMail(page, server, 'card-payer');

  await page.goto('/consultation?service=strategy-session');
  await pickDay(page, 2);
  await timeButtons(page).first().click();
  await page.getByRole('button', { name: 'Confirm booking' }).click();

  // Stripe's Checkout (the double's page), then back on the site.
  await expectOnTestCheckout(page);
  await expect(page).toHaveURL(new RegExp(`^${server.stripe.url}/pay/cs_`));
  await page.getByRole('button', { name: 'Pay $120.00' }).click();
  await expect(page).toHaveURL(/\/dash\/bookings\?booking=[^&]+&payment=success$/);
  await expect(page.getByRole('status').getByText('Payment received')).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'stripe-payment-received');

  await page.goto('/dash/payments');
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Receipt \d{4}-\d{4,}/ })).toBeVisible();

  // The owner refunds $20 of it; Stripe confirms by its webhook.
  const owner = await pageOn(browser);
  await openSignedIn(owner, OWNER, '/admin/payments');
  await owner.getByRole('link', { name: new RegExp(account.name) }).click();
  await expect(owner.getByRole('heading', { name: /\$120\.00 · Strategy session/ })).toBeVisible();
  await owner.getByRole('button', { name: 'Refund' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Refund' });
  await dialog.getByLabel('Amount (USD)').fill('20');
  await dialog.getByLabel(/Reason/).fill('Session ended early');
  await expectNoAxeViolations(owner);
  await dialog.getByRole('button', { name: /^Refund/ }).click();
  await expect(owner.getByText('Pending at Stripe')).toBeVisible();

  const session = [...server.stripe.sessions.values()].at(-1)!;
  const refundCall = server.stripe.callsTo('POST', /^\/v1\/refunds$/).at(-1)!;
  expect(refundCall.body).toMatchObject({ payment_intent: session.payment_intent, amount: '2000' });
  expect(await server.stripe.deliver(server.stripe.chargeRefunded(session.payment_intent!))).toBe(
    200,
  );
  await owner.reload();
  await expect(
    owner.getByText('Partly refunded', { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'stripe-admin-refunded');

  // With Stripe configured, the settings offer the choice, Stripe active.
  await owner.goto('/admin/config?tab=payments');
  const card = owner.getByRole('region', { name: 'Payments and receipts' });
  await expect(card.getByRole('radio', { name: /Card payments with Stripe/ })).toBeChecked();
  await expect(card.getByText('Active now')).toBeVisible();
  await expectNoAxeViolations(owner);
  await keepScreenshot(card, 'stripe-config-1280');
  await owner.context().close();
  await page.context().close();
});

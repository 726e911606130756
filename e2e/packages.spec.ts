import type { Browser, Page } from '@playwright/test';
import { openSignedIn, signedInClientWithoutMail } from './support/accounts';
import { pickDay, timeButtons } from './support/booking';
import { expect, expectNoAxeViolations, shootBothWidths, test } from './support/fixtures';
import { DESKTOP } from './support/public-site';
import {
  expectOnTestCheckout,
  startStripeServer,
  type StripeServer,
} from './support/stripe-server';

// A server of its own with Stripe pointed at the double: a package bought on Checkout with a
// discount code, a session booked with one of its credits, cancelled in time, and the credit back.
test.describe.configure({ timeout: 120_000 });

const OWNER = { email: 'package-owner@e2e.test', password: 'package-owner-password-42' };
const PACKAGE = 'Five strategy sessions';
const CODE = 'SPRING20';

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

test('the owner sells a package with a code; a client buys it with the code on Checkout, books with a credit, cancels in time and has it back', async ({
  browser,
}) => {
  // The owner puts a package of five strategy sessions on sale.
  const owner = await pageOn(browser);
  await openSignedIn(owner, OWNER, '/admin/config?tab=packages');
  const form = owner.getByRole('region', { name: 'Add a package' });
  await form.getByLabel('Title').fill(PACKAGE);
  await form.getByLabel('Description').fill('Five sessions to plan and follow a strategy through.');
  await form.getByRole('checkbox', { name: 'Strategy session' }).check();
  await form.getByLabel('Sessions').fill('5');
  await form.getByLabel('Price (USD)').fill('500');
  await form.getByLabel('Valid for (days)').fill('180');
  await form.getByRole('button', { name: 'Add package' }).click();
  await expect(form.getByText(`${PACKAGE} is on sale.`)).toBeVisible();
  await expect(owner.getByRole('list', { name: 'Packages' })).toContainText(PACKAGE);
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'packages-owner');

  // And a 20 % discount code for it.
  await owner.goto('/admin/config?tab=coupons');
  await owner.getByRole('textbox', { name: 'Code' }).fill(CODE);
  await owner.getByRole('textbox', { name: 'Percent off' }).fill('20');
  await owner.getByRole('button', { name: 'Add code' }).click();
  await expect(owner.getByText(`${CODE} is saved.`)).toBeVisible();

  // A client signs up and buys it on Stripe's Checkout (the double's page).
  const page = await pageOn(browser);
  await signedInClientWithoutMail(page, server, 'package-buyer');

  await page.goto('/consultation');
  const offers = page.getByRole('region', { name: 'Packages of sessions' });
  await expect(offers.getByRole('heading', { name: PACKAGE })).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'packages-offers');
  // The code first: the price with it shows before paying, and Checkout charges it.
  await offers.getByRole('button', { name: 'Have a discount code?' }).click();
  await offers.getByLabel('Discount code').fill(CODE.toLowerCase());
  await offers.getByRole('button', { name: 'Apply' }).click();
  await expect(offers.getByText(/applied: \$100\.00 off, you pay \$400\.00\./)).toBeVisible();
  await offers.getByRole('button', { name: `Buy ${PACKAGE}` }).click();
  await expectOnTestCheckout(page);
  await page.getByRole('button', { name: 'Pay $400.00' }).click();
  await expect(page).toHaveURL(/\/dash\?purchase=[^&]+&payment=success$/);
  await expect(page.getByText('Payment received')).toBeVisible();
  const credits = page.getByRole('region', { name: 'Package credits' });
  await expect(credits.getByRole('list', { name: 'Credits usable now' })).toContainText(
    '5 credits left',
  );
  await expect(credits.getByText(/Receipt \d{4}-\d{4,}/)).toBeVisible();

  // A strategy session booked with a credit: confirmed at once, nothing to pay.
  await page.goto('/consultation?service=strategy-session');
  await pickDay(page, 2);
  await timeButtons(page).first().click();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: 'You are booked' })).toBeVisible();
  await expect(
    page.getByText(
      `Paid with 1 credit from ${PACKAGE}: nothing to pay. 4 credits left in this package.`,
    ),
  ).toBeVisible();
  await page.goto('/dash');
  await expect(credits.getByRole('list', { name: 'Credits usable now' })).toContainText(
    '4 credits left',
  );
  const uses = credits.getByRole('list', { name: 'Bookings paid with credits' });
  await expect(uses).toContainText('Credit used');

  // Cancelled well before the cutoff: the credit comes back.
  await page.goto('/dash/bookings');
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expectNoAxeViolations(page);
  await cancelDialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText(/Your booking is cancelled/)).toBeVisible();
  await page.goto('/dash');
  await expect(credits.getByRole('list', { name: 'Credits usable now' })).toContainText(
    '5 credits left',
  );
  await expect(uses).toContainText('Credit given back');
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'packages-credits');
});

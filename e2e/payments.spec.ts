import type { Page } from '@playwright/test';
import { moneyInputMessage, PAYMENT_MESSAGES } from '@consult/shared';
import { ADMIN, signIn, signedInClient } from './support/accounts';
import { pickDay, timeButtons } from './support/booking';
import {
  expect,
  expectNoAxeViolations,
  keepPdf,
  keepScreenshot,
  shootBothWidths,
  test,
} from './support/fixtures';
import { waitForMail } from './support/mail';
import { DESKTOP } from './support/public-site';
import { issueReceipt } from './support/receipts';

// Sign-up with its proof of work, a booking, the owner's screen and the receipt take a while.
test.describe.configure({ timeout: 120_000 });

const INSTRUCTIONS = 'Bank transfer to IBAN PK36 SCBL 0000 0011 2345 6702, reference: your name';
const BUSINESS = 'Ayesha Siddiqui Consulting';

/** The owner's payment settings, through the card on /admin/config. */
async function setPaymentSettings(owner: Page) {
  await owner.goto('/admin/config?tab=payments');
  const card = owner.getByRole('region', { name: 'Payments and receipts' });
  await card.getByLabel('Payment instructions').fill(INSTRUCTIONS);
  await card.getByLabel('Business name').fill(BUSINESS);
  await card.getByLabel('Tax id').fill('NTN 1234567-8');
  await card.getByLabel('Business address').fill('12 Mall Road, Lahore');
  await card.getByLabel('Receipt footer').fill('Thank you for your trust.');
  await card.getByLabel('Tax rate (%)').fill('116');
  await card.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(card.getByText(PAYMENT_MESSAGES.taxRateInvalid)).toBeVisible();
  await expectNoAxeViolations(owner);
  await keepScreenshot(card, 'config-payments-error-1280');
  await card.getByLabel('Tax rate (%)').fill('16');
  await card.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(owner.getByText('Your payment settings are saved.')).toBeVisible();
  await shootBothWidths(owner, 'config-payments', card);
}

test('manual payment: the client sees how to pay, the owner records it, the client prints the receipt', async ({
  page,
  browser,
}) => {
  const ownerContext = await browser.newContext({ viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  await owner.goto('/signin');
  await signIn(owner, ADMIN.email, ADMIN.password);
  await expect(owner).toHaveURL(/\/admin/);
  await setPaymentSettings(owner);

  const client = await signedInClient(page, 'payer');
  await page.goto('/consultation?service=strategy-session');
  // A day and time of its own: the last time of the sixth day with free times.
  await pickDay(page, 6);
  await timeButtons(page).last().click();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: 'You are booked' })).toBeVisible();

  await page.goto('/dash/payments');
  await expect(page.getByRole('heading', { name: 'Strategy session' })).toBeVisible();
  await expect(page.getByText('Not paid yet')).toBeVisible();
  await expect(page.getByText(INSTRUCTIONS)).toBeVisible();
  await expect(page.getByText(/^Write [0-9A-Z]{4,10} as the payment reference\.$/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Receipt / })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'dash-payments');

  // The owner finds the payment and records it.
  await owner.goto('/admin/payments');
  await owner
    .getByLabel('Search reference, receipt number, client, service or package')
    .fill(client.email);
  // The list follows the search (its address says so) before a row is opened.
  await expect(owner).toHaveURL(/[?&]q=/);
  await owner.getByRole('link', { name: new RegExp(client.name) }).click();
  await expect(owner.getByRole('heading', { name: /\$120\.00 · Strategy session/ })).toBeVisible();
  await expectNoAxeViolations(owner);
  await owner.getByRole('button', { name: 'Mark paid' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Mark as paid' });
  // It names the receipt it will issue, and asks how the money came.
  await expect(
    dialog.getByText(/This issues receipt \d{4}-\d{4,} and mails it to the client/),
  ).toBeVisible();
  await dialog.getByLabel('How was it paid?').selectOption('bank_transfer');
  await dialog.getByLabel('Note (optional)').fill('Bank transfer received');
  await expectNoAxeViolations(owner);
  await keepScreenshot(owner, 'admin-mark-paid-1280');
  await issueReceipt(owner);
  await expect(owner.getByText('Bank transfer received')).toBeVisible();
  await expect(owner.getByText(/^Bank transfer, /)).toBeVisible();
  await owner.getByRole('button', { name: 'Refund' }).click();
  const refund = owner.getByRole('dialog', { name: 'Refund' });
  // An amount with more decimals than the currency has is refused with what a good one looks like.
  await refund.getByLabel('Amount (USD)').fill('12.345');
  await refund.getByLabel('Amount (USD)').blur();
  await expect(refund.getByText(moneyInputMessage('USD'))).toBeVisible();
  await refund.getByLabel('Amount (USD)').fill('200');
  await refund.getByLabel('Amount (USD)').blur();
  await expect(
    refund.getByText('You can refund at most $120.00, what is left of this payment'),
  ).toBeVisible();
  await expectNoAxeViolations(owner);
  await keepScreenshot(owner, 'admin-refund-too-much-1280');
  await refund.getByRole('button', { name: 'Cancel' }).click();
  await shootBothWidths(owner, 'admin-payments');
  await ownerContext.close();

  const mail = await waitForMail(client.email, /^Receipt \d{4}-\d{4,}: payment received$/);

  // Before cancelling, the client is told what would come back (the owner's share: 100 %).
  await page.goto('/dash/bookings');
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(
    cancelDialog.getByText(
      'You get $120.00 back of the $120.00 you paid: the business sends it to you by hand, and you get an e-mail once it has been sent.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await cancelDialog.getByRole('button', { name: 'Keep booking' }).click();
  await page.goto('/dash/payments');
  const number = /Receipt (\d{4}-\d{4,})/.exec(mail.subject)![1]!;

  // The client opens the receipt from the list and prints it.
  await page.getByRole('link', { name: `Receipt ${number}` }).click();
  await expect(page).toHaveURL(/\/dash\/payments\/[^/]+\/receipt$/);
  const receipt = page.getByRole('article');
  await expect(receipt.getByRole('heading', { name: 'Receipt', exact: true })).toBeVisible();
  await expect(receipt.getByText(`No. ${number}`)).toBeVisible();
  await expect(receipt.getByText(/^Booking reference [0-9A-Z]{4,10}$/)).toBeVisible();
  await expect(receipt.getByText(BUSINESS)).toBeVisible();
  await expect(receipt.getByText('Tax 16 % (included)')).toBeVisible();
  await expect(receipt.getByText('$16.55')).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'receipt');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('link', { name: '← Your payments' })).toBeHidden();
  await expect(receipt.getByText(`No. ${number}`)).toBeVisible();
  await keepScreenshot(page, 'receipt-print');
  await keepPdf(page, 'receipt');
});

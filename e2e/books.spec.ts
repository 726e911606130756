/**
 * Keeping the books true: marking paid asks how and when and names the receipt, a mistaken
 * mark-paid is voided, and a manual refund is owed until the owner confirms sending it.
 */
import type { Browser, Page } from '@playwright/test';
import { PAYMENT_MESSAGES } from '@consult/shared';
import { ADMIN, signedInClient, type TestAccount, openSignedIn } from './support/accounts';
import { pickDay, timeButtons } from './support/booking';
import {
  expect,
  expectAccessibleWithoutToasts,
  expectNoAxeViolations,
  shootBothWidths,
  test,
} from './support/fixtures';
import { waitForMail } from './support/mail';
import { issueReceipt } from './support/receipts';
import { layoutShiftsOf } from './support/layout-shifts';
import { DESKTOP } from './support/public-site';

// Sign-up with its proof of work, a booking and the owner's screens take a while.
test.describe.configure({ timeout: 150_000 });

async function ownerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const owner = await context.newPage();
  await openSignedIn(owner, ADMIN, '/admin/upcoming');
  return owner;
}

/** The client books a paid session on the `nth` day with free times (its last time). */
async function bookPaidSession(page: Page, nth: number) {
  await page.goto('/consultation?service=strategy-session');
  await pickDay(page, nth);
  await timeButtons(page).last().click();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: 'You are booked' })).toBeVisible();
}

/** The owner opens the client's payment on /admin/payments. */
async function openPayment(owner: Page, client: TestAccount) {
  await owner.goto('/admin/payments');
  await owner
    .getByLabel('Search reference, receipt number, client, service or package')
    .fill(client.email);
  await expect(owner).toHaveURL(/[?&]q=/);
  await owner.getByRole('link', { name: new RegExp(client.name) }).click();
  await expect(owner.getByRole('heading', { name: /\$120\.00 · Strategy session/ })).toBeVisible();
}

/** Marks the open payment paid through the dialog; returns the receipt number it issued. */
async function markPaid(owner: Page, method: string): Promise<string> {
  await owner.getByRole('button', { name: 'Mark paid' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Mark as paid' });
  await dialog.getByLabel('How was it paid?').selectOption(method);
  return issueReceipt(owner);
}

test('the owner marks a payment paid with its method and day, sees its receipt number, and voids it', async ({
  page,
  browser,
}) => {
  const owner = await ownerPage(browser);
  const client = await signedInClient(page, 'voided');
  await bookPaidSession(page, 8);
  await openPayment(owner, client);

  await owner.getByRole('button', { name: 'Mark paid' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Mark as paid' });
  const issue = dialog.getByRole('button', { name: /^Issue \d{4}-\d{4,}$/ });
  const promised = (await issue.textContent())!.replace('Issue ', '');
  await expect(
    dialog.getByText(`This issues receipt ${promised} and mails it to the client`),
  ).toBeVisible();
  // The day received starts at the owner's today and cannot be later.
  const received = dialog.getByLabel('Date received');
  const today = await received.inputValue();
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(received).toHaveAttribute('max', today);
  await issue.click();
  await expect(dialog.getByText(PAYMENT_MESSAGES.paymentMethodInvalid)).toBeVisible();
  await dialog.getByLabel('How was it paid?').selectOption('cash');
  await dialog.getByLabel('Note (optional)').fill('Paid in cash at the door');
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'mark-paid-dialog');
  const number = await issueReceipt(owner);
  // The panel's receipt row (the list row beside it shows the number too).
  await expect(owner.getByRole('definition').getByText(number, { exact: true })).toBeVisible();
  await expect(owner.getByText(/^Cash, /)).toBeVisible();
  await waitForMail(client.email, new RegExp(`^Receipt ${number}: payment received$`));

  // Void it: the reason is asked, the receipt stays as VOID and the payment is due again.
  await owner.getByRole('button', { name: 'Void' }).click();
  const voiding = owner.getByRole('dialog', { name: `Void receipt ${number}?` });
  await voiding.getByRole('button', { name: 'Void the receipt' }).click();
  await expect(voiding.getByText(PAYMENT_MESSAGES.voidReasonRequired)).toBeVisible();
  await voiding.getByLabel('Why is it void?').fill('Marked the wrong client');
  await expectNoAxeViolations(owner);
  await voiding.getByRole('button', { name: 'Void the receipt' }).click();
  await expect(
    owner.getByText(`Receipt ${number} is void; the payment is due again.`),
  ).toBeVisible();
  await expect(owner.getByRole('definition').getByText('VOID', { exact: true })).toBeVisible();
  await expect(owner.getByText('Marked the wrong client')).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Mark paid' })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Void' })).toHaveCount(0);
  await expectAccessibleWithoutToasts(owner);
  await shootBothWidths(owner, 'payment-voided');
  const correction = await waitForMail(client.email, new RegExp(`^Receipt ${number} is void$`));
  expect(correction.text).toContain('shown as due again');

  // The client's receipt page says VOID plainly.
  await page.goto('/dash/payments');
  // Due again, the payment shows how to pay above its receipt link, in the card's first render:
  // the link never moves under a click (it used to, when the instructions came by another call).
  const receiptLink = page.getByRole('link', { name: `Receipt ${number} (VOID)` });
  await expect(receiptLink).toBeVisible();
  await expect(page.getByText('How to pay')).toBeVisible();
  expect(await layoutShiftsOf(page, receiptLink)).toEqual([]);
  await receiptLink.click();
  await expect(page.getByRole('heading', { name: 'Receipt: VOID' })).toBeVisible();
  await expect(page.getByText(`VOID: receipt ${number} is void`)).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'receipt-void');

  // Marked paid again, it gets a new number.
  const again = await markPaid(owner, 'bank_transfer');
  expect(again).not.toBe(number);
  await owner.context().close();
});

test('a client cancels a bank-transfer booking: the refund is owed until the owner confirms sending it, then the client is told', async ({
  page,
  browser,
}) => {
  const owner = await ownerPage(browser);
  const client = await signedInClient(page, 'refunded');
  await bookPaidSession(page, 9);
  await openPayment(owner, client);
  await markPaid(owner, 'bank_transfer');

  await page.goto('/dash/bookings');
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(cancelDialog.getByText(/the business sends it to you by hand/)).toBeVisible();
  await cancelDialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText(/Your booking is cancelled/)).toBeVisible();
  const cancelMail = await waitForMail(client.email, /^Booking cancelled/);
  expect(cancelMail.text).toContain('Refund: $120.00 will be sent to you by');
  expect(cancelMail.text).not.toMatch(/is being returned|was sent/);

  await page.goto('/dash/payments');
  await expect(page.getByText('Refund owed', { exact: true })).toBeVisible();
  await expect(page.getByText(/Will be sent to you by the business/)).toBeVisible();
  await expect(page.getByText('Refunded', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'dash-payments-refund-owed');

  // The owner sees what is owed on the start page and the payments screen.
  await owner.goto('/admin/upcoming');
  const notice = owner.getByRole('region', { name: 'Refunds owed' });
  await expect(notice.getByText(/^Refunds owed \d+$/)).toBeVisible();
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'upcoming-refunds-owed');
  await notice.getByRole('link', { name: 'Open refunds owed' }).click();
  await expect(owner).toHaveURL(/\/admin\/payments\?refunds=owed/);
  await expect(
    owner.getByText('Showing payments with a refund you still have to send.'),
  ).toBeVisible();
  await owner.getByRole('link', { name: new RegExp(client.name) }).click();
  await expect(owner.getByText('Refund owed', { exact: true })).toBeVisible();
  await expect(owner.getByText('Owed: not sent yet')).toBeVisible();
  await shootBothWidths(owner, 'payments-refund-owed');

  await owner.getByRole('button', { name: 'Confirm sent' }).click();
  const sent = owner.getByRole('dialog', { name: 'Confirm the refund was sent' });
  await sent.getByLabel('How was it sent?').selectOption('bank_transfer');
  await sent.getByLabel('Note (optional)').fill('Transfer reference 4471');
  await expectNoAxeViolations(owner);
  await sent.getByRole('button', { name: 'Confirm $120.00 sent' }).click();
  await expect(owner.getByText(/^Refund of \$120\.00 recorded as sent/)).toBeVisible();
  await expect(owner.getByText('Owed: not sent yet')).toHaveCount(0);
  await expect(owner.getByText(/sent by bank transfer/)).toBeVisible();

  const sentMail = await waitForMail(client.email, /^Refund of \$120\.00 sent$/);
  expect(sentMail.text).toContain('was sent back to you');
  expect(sentMail.text).toContain('bank transfer');
  await page.goto('/dash/payments');
  await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Refund owed', { exact: true })).toHaveCount(0);
  await owner.context().close();
});

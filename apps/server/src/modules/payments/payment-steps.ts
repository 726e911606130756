/**
 * What happens to a booking's payment inside the booking's own transaction: created with a paid
 * booking, received (with its receipt number and mail), settled when the booking is cancelled.
 * The booking changes call these; they touch only payments.
 */
import {
  activePaymentProvider,
  calendarDayIn,
  canMovePayment,
  formatReceiptNumber,
  PAYMENT_MESSAGES,
  RECEIPT_NUMBER_TAKEN_PROBLEM_TYPE,
  type MarkPaidInput,
  type PaymentProvider as PaymentProviderName,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Db, Tx } from '../../db/client';
import { HttpProblem } from '../../plugins/errors';
import type { CancellationRefund, ManualReceipt, PaidBooking, PayingClient } from '../bookings';
import { formatMailTime } from '../mail';
import { loadPaymentSettings } from './payment-settings';
import { receiptMail } from './payment-mails';
import {
  insertPayment,
  insertRefund,
  lockPaymentOfBooking,
  nextReceiptSequence,
  updatePayment,
  type PaymentRow,
  type RefundRow,
} from './payments-repository';
import { cancellationRefundMinor } from './stripe-amounts';

export type PaymentDeps = Pick<
  AppDeps,
  | 'db'
  | 'mailer'
  | 'config'
  | 'log'
  | 'clock'
  | 'payments'
  | 'ownerTimeZone'
  | 'bookingPayments'
  | 'packagePayments'
>;

/** The provider a paid booking made now uses: Stripe when configured and chosen, else manual. */
export async function providerForNewBooking(
  deps: Pick<AppDeps, 'log' | 'payments' | 'ownerTimeZone'>,
  tx: Tx,
): Promise<PaymentProviderName> {
  const settings = await loadPaymentSettings(tx, deps.log);
  return activePaymentProvider(deps.payments.stripe !== null, settings);
}

/** A paid booking gets its payment record, pending, with the provider that takes the money. */
export async function openPayment(
  tx: Tx,
  booking: PaidBooking,
  provider: PaymentProviderName,
  discount?: { code: string; discountMinor: number },
): Promise<PaymentRow | null> {
  if (booking.priceMinor <= 0) return null;
  return insertPayment(tx, {
    bookingId: booking.id,
    clientId: booking.clientId,
    amountMinor: booking.priceMinor,
    currency: booking.currency,
    provider,
    status: 'pending',
    ...(discount && { discountCode: discount.code, discountMinor: discount.discountMinor }),
  });
}

export function mailFacts(
  deps: PaymentDeps,
  payment: PaymentRow,
  booking: PaidBooking,
  client: PayingClient,
  businessName: string,
) {
  return {
    appUrl: deps.config.APP_URL,
    to: client.email,
    clientName: client.name,
    paymentId: payment.id,
    serviceTitle: booking.serviceTitle,
    bookingReference: booking.reference,
    when: formatMailTime(booking.startAt, client.timeZone),
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    businessName,
    discount: discountOf(payment),
  };
}

/** The payment's discount code and what it took off, for its mails; null without one. */
export function discountOf(payment: PaymentRow) {
  return payment.discountCode === null
    ? null
    : { code: payment.discountCode, discountMinor: payment.discountMinor };
}

/**
 * A day the owner names for money that moved (received, or a refund sent): today in the owner's
 * zone when not given; 400 on `field` when it is after today there.
 */
export async function ownerDayUpTo(
  deps: Pick<AppDeps, 'log' | 'ownerTimeZone'>,
  db: Db,
  now: Date,
  day: string | undefined,
  field: string,
  futureMessage: string,
): Promise<string> {
  const zone = await deps.ownerTimeZone.get(db);
  const today = calendarDayIn(now, zone);
  if (day === undefined) return today;
  if (day > today)
    throw new HttpProblem(400, futureMessage, { errors: { [field]: [futureMessage] } });
  return day;
}

/** The owner's mark-paid fields as stored: the received day checked and defaulted. */
export async function manualReceiptOf(
  deps: Pick<AppDeps, 'log' | 'ownerTimeZone'>,
  db: Db,
  now: Date,
  input: Pick<MarkPaidInput, 'method' | 'receivedOn' | 'receiptNumber'> & { note?: string | null },
): Promise<ManualReceipt> {
  const receivedOn = await ownerDayUpTo(
    deps,
    db,
    now,
    input.receivedOn,
    'receivedOn',
    PAYMENT_MESSAGES.receivedOnFuture,
  );
  return {
    method: input.method,
    receivedOn,
    note: input.note ?? null,
    promisedNumber: input.receiptNumber,
  };
}

/**
 * The booking's payment is received: paid now, with the next receipt number of the year, and the
 * receipt mailed to the client. 409 when it cannot become paid (already paid or refunded). `manual`
 * is how the owner received it when they mark it paid by hand (absent for Stripe); the payment is
 * then a manual one, whatever provider it was opened with.
 */
export async function receivePayment(
  deps: PaymentDeps,
  tx: Tx,
  booking: PaidBooking,
  client: PayingClient,
  options: { now: Date; manual?: ManualReceipt; providerPaymentId?: string | null },
): Promise<PaymentRow> {
  const payment = await lockPaymentOfBooking(tx, booking.id);
  const paid = await receiveLockedPayment(tx, payment, options);
  const settings = await loadPaymentSettings(tx, deps.log);
  await deps.mailer.queueMail(
    receiptMail({
      ...mailFacts(deps, paid, booking, client, settings.businessName),
      receiptNumber: paid.receiptNumber!,
    }),
    tx,
  );
  return paid;
}

/**
 * A payment (locked by the caller) is received: paid now with the next receipt number of the year,
 * gap-free (decision 027); a booking's or a package purchase's alike. 409 when it cannot become paid.
 */
export async function receiveLockedPayment(
  tx: Tx,
  payment: PaymentRow | undefined,
  options: { now: Date; manual?: ManualReceipt; providerPaymentId?: string | null },
): Promise<PaymentRow> {
  if (!payment || !canMovePayment(payment.status, 'paid')) {
    throw new HttpProblem(409, PAYMENT_MESSAGES.notPending);
  }
  // The counter row stays locked until the transaction ends and queues every other payer: it is
  // taken last, after everything that can be read or written before it.
  const year = options.now.getUTCFullYear();
  const receiptNumber = formatReceiptNumber(year, await nextReceiptSequence(tx, year));
  const promised = options.manual?.promisedNumber;
  if (promised !== undefined && promised !== receiptNumber) {
    // Thrown inside the transaction, so the counter goes back and no number is skipped.
    throw new HttpProblem(409, PAYMENT_MESSAGES.receiptNumberTaken(promised, receiptNumber), {
      type: RECEIPT_NUMBER_TAKEN_PROBLEM_TYPE,
      members: { nextReceiptNumber: receiptNumber },
    });
  }
  const paid = await updatePayment(tx, payment.id, {
    status: 'paid',
    paidAt: options.now,
    receiptNumber,
    ...(options.manual && {
      note: options.manual.note,
      paidMethod: options.manual.method,
      receivedOn: options.manual.receivedOn,
      // Money received by hand goes back by hand, even for a booking that was held for Stripe
      // (decision 046): Stripe has no payment of it to refund.
      provider: 'manual' as const,
    }),
    providerPaymentId: options.providerPaymentId ?? payment.providerPaymentId,
  });
  return paid;
}

/**
 * Records a refund of `amountMinor` of a received payment (the caller checked the amount): pending,
 * and counted as on its way so nobody can ask for the same money twice. `sendRefunds` sends it to
 * the provider once this transaction has committed; it is final when the provider confirms it.
 */
export async function requestRefund(
  tx: Tx,
  payment: PaymentRow,
  refund: { amountMinor: number; reason: string | null; by: string | null },
): Promise<RefundRow> {
  const row = await insertRefund(tx, {
    paymentId: payment.id,
    amountMinor: refund.amountMinor,
    reason: refund.reason,
    status: 'pending',
    createdBy: refund.by,
  });
  await updatePayment(tx, payment.id, {
    refundPendingMinor: payment.refundPendingMinor + refund.amountMinor,
  });
  return row;
}

/**
 * A cancelled booking's payment: one not received is cancelled; one received is refunded by the
 * owner's share when the client cancels (the client can only cancel before the cutoff). When the
 * owner cancels, the owner decides the refund on the payments screen. The caller sends a provider's
 * refund after its transaction (`sendRefundsOfBooking`); a manual one stays owed until the owner
 * confirms they sent it.
 */
export async function settlePaymentOnCancel(
  deps: PaymentDeps,
  tx: Tx,
  booking: PaidBooking,
  cancelledBy: { type: 'client' | 'owner' | 'system'; userId: string | null },
): Promise<CancellationRefund | null> {
  const payment = await lockPaymentOfBooking(tx, booking.id);
  if (!payment) return null;
  if (canMovePayment(payment.status, 'cancelled')) {
    await updatePayment(tx, payment.id, { status: 'cancelled' });
    return null;
  }
  if (cancelledBy.type !== 'client') return null;
  const settings = await loadPaymentSettings(tx, deps.log);
  const amountMinor = cancellationRefundMinor(payment, settings.clientRefundPercent);
  if (amountMinor <= 0) return null;
  await requestRefund(tx, payment, {
    amountMinor,
    reason: 'Cancelled by the client before the cutoff',
    by: cancelledBy.userId,
  });
  return { amountMinor, currency: payment.currency, owed: payment.provider === 'manual' };
}

/**
 * What happens to a booking's payment inside the booking's own transaction: created with a paid
 * booking, received (with its receipt number and mail), settled when the booking is cancelled.
 * The booking changes call these; they touch only payments.
 */
import {
  canMovePayment,
  clientCancellationRefundMinor,
  formatReceiptNumber,
  PAYMENT_MESSAGES,
  statusAfterRefund,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { HttpProblem } from '../../plugins/errors';
import { formatMailTime } from '../bookings/mails/booking-mails';
import { loadPaymentSettings } from './payment-settings';
import { receiptMail, refundMail } from './payment-mails';
import {
  insertPayment,
  insertRefund,
  lockPaymentOfBooking,
  nextReceiptSequence,
  updatePayment,
  type PaymentRow,
} from './payments-repository';

export type PaymentDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'log' | 'clock'>;

/** The booking and client facts the payment steps need. */
export interface PaidBooking {
  id: string;
  clientId: string;
  priceMinor: number;
  currency: string;
  serviceTitle: string;
  startAt: Date;
}
export interface PayingClient {
  name: string;
  email: string;
  timeZone: string;
}

/** A paid booking gets its payment record, pending, under the manual provider. */
export async function openPayment(tx: Tx, booking: PaidBooking): Promise<PaymentRow | null> {
  if (booking.priceMinor <= 0) return null;
  return insertPayment(tx, {
    bookingId: booking.id,
    clientId: booking.clientId,
    amountMinor: booking.priceMinor,
    currency: booking.currency,
    provider: 'manual',
    status: 'pending',
  });
}

function mailFacts(
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
    when: formatMailTime(booking.startAt, client.timeZone),
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    businessName,
  };
}

/**
 * The booking's payment is received: paid now, with the next receipt number of the year, and the
 * receipt mailed to the client. 409 when it cannot become paid (already paid or refunded).
 */
export async function receivePayment(
  deps: PaymentDeps,
  tx: Tx,
  booking: PaidBooking,
  client: PayingClient,
  options: { now: Date; note?: string | null },
): Promise<PaymentRow> {
  const payment = await lockPaymentOfBooking(tx, booking.id);
  if (!payment || !canMovePayment(payment.status, 'paid')) {
    throw new HttpProblem(409, PAYMENT_MESSAGES.notPending);
  }
  const year = options.now.getUTCFullYear();
  const receiptNumber = formatReceiptNumber(year, await nextReceiptSequence(tx, year));
  const paid = await updatePayment(tx, payment.id, {
    status: 'paid',
    paidAt: options.now,
    receiptNumber,
    note: options.note ?? payment.note,
  });
  const settings = await loadPaymentSettings(tx, deps.log);
  await deps.mailer.queueMail(
    receiptMail({
      ...mailFacts(deps, paid, booking, client, settings.businessName),
      receiptNumber,
    }),
    tx,
  );
  return paid;
}

/**
 * Gives back `amountMinor` of a received payment, recorded at once (manual payments are refunded
 * by hand), with a mail to the client. The caller checked the amount.
 */
export async function recordRefund(
  deps: PaymentDeps,
  tx: Tx,
  payment: PaymentRow,
  refund: { amountMinor: number; reason: string | null; by: string | null },
  booking: PaidBooking,
  client: PayingClient,
): Promise<PaymentRow> {
  await insertRefund(tx, {
    paymentId: payment.id,
    amountMinor: refund.amountMinor,
    reason: refund.reason,
    status: 'succeeded',
    createdBy: refund.by,
  });
  const refundedMinor = payment.refundedMinor + refund.amountMinor;
  const updated = await updatePayment(tx, payment.id, {
    refundedMinor,
    status: statusAfterRefund(payment.amountMinor, refundedMinor),
  });
  const settings = await loadPaymentSettings(tx, deps.log);
  await deps.mailer.queueMail(
    refundMail({
      ...mailFacts(deps, updated, booking, client, settings.businessName),
      refundMinor: refund.amountMinor,
      reason: refund.reason,
    }),
    tx,
  );
  return updated;
}

/**
 * A cancelled booking's payment: one not received is cancelled; one received is refunded by the
 * owner's share when the client cancels (the client can only cancel before the cutoff). When the
 * owner cancels, the owner decides the refund on the payments screen.
 */
export async function settlePaymentOnCancel(
  deps: PaymentDeps,
  tx: Tx,
  booking: PaidBooking,
  client: PayingClient,
  cancelledBy: { type: 'client' | 'owner' | 'system'; userId: string | null },
): Promise<void> {
  const payment = await lockPaymentOfBooking(tx, booking.id);
  if (!payment) return;
  if (canMovePayment(payment.status, 'cancelled')) {
    await updatePayment(tx, payment.id, { status: 'cancelled' });
    return;
  }
  if (cancelledBy.type !== 'client') return;
  const settings = await loadPaymentSettings(tx, deps.log);
  const amountMinor = clientCancellationRefundMinor(payment, settings.clientRefundPercent);
  if (amountMinor <= 0) return;
  await recordRefund(
    deps,
    tx,
    payment,
    { amountMinor, reason: 'Cancelled by the client before the cutoff', by: cancelledBy.userId },
    booking,
    client,
  );
}

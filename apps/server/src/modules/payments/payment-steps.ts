/**
 * What happens to a booking's payment inside the booking's own transaction: created with a paid
 * booking, received (with its receipt number and mail), settled when the booking is cancelled.
 * The booking changes call these; they touch only payments.
 */
import {
  activePaymentProvider,
  canMovePayment,
  clientCancellationRefundMinor,
  formatReceiptNumber,
  PAYMENT_MESSAGES,
  type PaymentProvider as PaymentProviderName,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { HttpProblem } from '../../plugins/errors';
import { formatMailTime } from '../bookings/mails/booking-mails';
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

export type PaymentDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'log' | 'clock' | 'payments'>;

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

/** The provider a paid booking made now uses: Stripe when configured and chosen, else manual. */
export async function providerForNewBooking(
  deps: Pick<AppDeps, 'log' | 'payments'>,
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
): Promise<PaymentRow | null> {
  if (booking.priceMinor <= 0) return null;
  return insertPayment(tx, {
    bookingId: booking.id,
    clientId: booking.clientId,
    amountMinor: booking.priceMinor,
    currency: booking.currency,
    provider,
    status: 'pending',
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
  options: { now: Date; note?: string | null; providerPaymentId?: string | null },
): Promise<PaymentRow> {
  const payment = await lockPaymentOfBooking(tx, booking.id);
  if (!payment || !canMovePayment(payment.status, 'paid')) {
    throw new HttpProblem(409, PAYMENT_MESSAGES.notPending);
  }
  const settings = await loadPaymentSettings(tx, deps.log);
  // The counter row stays locked until the transaction ends and queues every other payer: it is
  // taken last, after everything that can be read or written before it.
  const year = options.now.getUTCFullYear();
  const receiptNumber = formatReceiptNumber(year, await nextReceiptSequence(tx, year));
  const paid = await updatePayment(tx, payment.id, {
    status: 'paid',
    paidAt: options.now,
    receiptNumber,
    note: options.note ?? payment.note,
    providerPaymentId: options.providerPaymentId ?? payment.providerPaymentId,
  });
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
 * owner cancels, the owner decides the refund on the payments screen. The caller sends the refund
 * after its transaction (`sendRefundsOfBooking`).
 */
export async function settlePaymentOnCancel(
  deps: PaymentDeps,
  tx: Tx,
  booking: PaidBooking,
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
  await requestRefund(tx, payment, {
    amountMinor,
    reason: 'Cancelled by the client before the cutoff',
    by: cancelledBy.userId,
  });
}

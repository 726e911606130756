/** The payments of a page of bookings, as their records show them: one query for the page. */
import { type BookingPayment, type PaymentSettings } from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { BookingDueState, ManualPaymentDue } from '../bookings';
import { loadPaymentSettings } from './payment-settings';
import { paymentsOfBookings, type PaymentRow } from './payments-repository';
import { cancellationRefundMinor } from './stripe-amounts';

function toBookingPayment(payment: PaymentRow, settings: PaymentSettings): BookingPayment {
  return {
    id: payment.id,
    status: payment.status,
    provider: payment.provider,
    amountMinor: payment.amountMinor,
    refundedMinor: payment.refundedMinor,
    refundPendingMinor: payment.refundPendingMinor,
    currency: payment.currency,
    receiptNumber: payment.receiptNumber,
    refundOnCancelMinor: cancellationRefundMinor(payment, settings.clientRefundPercent),
  };
}

export async function bookingPayments(
  deps: Pick<AppDeps, 'db' | 'log'>,
  bookingIds: string[],
): Promise<Map<string, BookingPayment>> {
  const rows = await paymentsOfBookings(deps.db, bookingIds);
  if (rows.size === 0) return new Map();
  const settings = await loadPaymentSettings(deps.db, deps.log);
  return new Map(
    [...rows].map(([bookingId, payment]) => [bookingId, toBookingPayment(payment, settings)]),
  );
}

/**
 * A manual payment is due while the booking says so, its payment is manual and still pending, and
 * the booking was not cancelled or expired: a Stripe payment is paid on Stripe's page instead.
 */
export function manualPaymentDue(
  booking: Omit<BookingDueState, 'id'>,
  payment:
    Pick<BookingPayment, 'provider' | 'status' | 'amountMinor' | 'refundedMinor'> | undefined,
  instructions: string,
): ManualPaymentDue | undefined {
  if (!booking.paymentDue || !payment) return undefined;
  if (payment.provider !== 'manual' || payment.status !== 'pending') return undefined;
  if (booking.state === 'cancelled' || booking.state === 'expired') return undefined;
  return {
    paymentInstructions: instructions,
    amountDueMinor: payment.amountMinor - payment.refundedMinor,
  };
}

/** The client's bookings' payments, each with what is due by hand if anything: one query, one settings read. */
export async function clientBookingPayments(
  deps: Pick<AppDeps, 'db' | 'log'>,
  bookings: BookingDueState[],
): Promise<Map<string, { payment: BookingPayment; due: ManualPaymentDue | undefined }>> {
  const rows = await paymentsOfBookings(
    deps.db,
    bookings.map((booking) => booking.id),
  );
  if (rows.size === 0) return new Map();
  const settings = await loadPaymentSettings(deps.db, deps.log);
  const result = new Map<string, { payment: BookingPayment; due: ManualPaymentDue | undefined }>();
  for (const booking of bookings) {
    const row = rows.get(booking.id);
    if (!row) continue;
    const payment = toBookingPayment(row, settings);
    result.set(booking.id, {
      payment,
      due: manualPaymentDue(booking, payment, settings.manualInstructions),
    });
  }
  return result;
}

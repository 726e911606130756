/** The payments of a page of bookings, as their records show them: one query for the page. */
import { clientCancellationRefundMinor, type BookingPayment } from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import { loadPaymentSettings } from './payment-settings';
import { paymentsOfBookings } from './payments-repository';

export async function bookingPayments(
  deps: Pick<AppDeps, 'db' | 'log'>,
  bookingIds: string[],
): Promise<Map<string, BookingPayment>> {
  const rows = await paymentsOfBookings(deps.db, bookingIds);
  if (rows.size === 0) return new Map();
  const { clientRefundPercent } = await loadPaymentSettings(deps.db, deps.log);
  return new Map(
    [...rows].map(([bookingId, payment]) => [
      bookingId,
      {
        id: payment.id,
        status: payment.status,
        provider: payment.provider,
        amountMinor: payment.amountMinor,
        refundedMinor: payment.refundedMinor,
        refundPendingMinor: payment.refundPendingMinor,
        currency: payment.currency,
        receiptNumber: payment.receiptNumber,
        refundOnCancelMinor: clientCancellationRefundMinor(payment, clientRefundPercent),
      },
    ]),
  );
}

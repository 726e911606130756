/** A booking held for payment that will not be paid: expired, its slot free again. */
import type { AppDeps } from '../../../app-deps';
import type { Tx } from '../../../db/client';
import { insertBookingEvent, updateBooking, type BookingRow } from '../bookings-repository';

/**
 * Ends a booking held for payment as `expired`, its payment cancelled, inside the caller's
 * transaction with the booking locked: the slot is free again.
 */
export async function expireHeldBooking(
  deps: Pick<AppDeps, 'bookingPayments'>,
  tx: Tx,
  booking: BookingRow,
  now: Date,
  details: Record<string, unknown>,
): Promise<void> {
  // The invite and the calendar feeds read the change by its raised SEQUENCE (decision 058).
  await updateBooking(tx, booking.id, {
    state: 'expired',
    icsSequence: booking.icsSequence + 1,
    updatedAt: now,
  });
  await insertBookingEvent(tx, {
    bookingId: booking.id,
    action: 'expired',
    fromState: booking.state,
    toState: 'expired',
    actorType: 'system',
    details: { holdUntil: booking.holdUntil?.toISOString() ?? null, ...details },
    createdAt: now,
  });
  await deps.bookingPayments.cancelPendingPayment(tx, booking.id);
}

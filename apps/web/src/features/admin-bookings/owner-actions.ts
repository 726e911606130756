/** Which of the owner's actions a booking allows now, as the screens offer them. */
import {
  BLOCKING_BOOKING_STATES,
  type AdminBookingRecord,
  type BookingState,
} from '@consult/shared';

/** Still to happen or in progress: it holds its time and can be cancelled or moved. */
export function isOpen(booking: Pick<AdminBookingRecord, 'state'>): boolean {
  return (BLOCKING_BOOKING_STATES as readonly BookingState[]).includes(booking.state);
}

/**
 * What the owner may do now. The server decides in the end; the screen only hides what it would
 * refuse anyway: attendance once the meeting has started (and corrections between the two).
 */
export function ownerActions(
  booking: Pick<AdminBookingRecord, 'state' | 'start' | 'paymentDue'>,
  now: number,
) {
  const started = Date.parse(booking.start) <= now;
  const attended = ['confirmed', 'completed', 'no_show'].includes(booking.state) && started;
  return {
    cancel: isOpen(booking),
    reschedule: isOpen(booking),
    complete: attended && booking.state !== 'completed',
    noShow: attended && booking.state !== 'no_show',
    paid: booking.paymentDue && booking.state !== 'cancelled' && booking.state !== 'expired',
  };
}

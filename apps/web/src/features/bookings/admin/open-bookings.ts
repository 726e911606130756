/** Bookings that still hold their time: held for payment or confirmed. */
import {
  BLOCKING_BOOKING_STATES,
  type AdminBookingRecord,
  type BookingState,
} from '@consult/shared';

/** Still to happen or in progress: it holds its time (counted as "to come", its payment as due). */
export function isOpen(booking: Pick<AdminBookingRecord, 'state'>): boolean {
  return (BLOCKING_BOOKING_STATES as readonly BookingState[]).includes(booking.state);
}

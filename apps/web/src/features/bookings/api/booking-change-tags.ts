/**
 * What a booking change alters on the server, as the cache tags it invalidates, for the client's
 * and the owner's calls alike. Whole types, not one booking's id: lists, availability, the owner's
 * metrics and a client's record all read bookings (metrics and the record provide `Booking` and
 * `Payment` too, so they follow).
 */
type ChangedTag = 'Booking' | 'Payment' | 'Task' | 'Package';

/**
 * A new booking takes its slot and, when it has a price, opens its payment or spends a package
 * credit (issue 24).
 */
export const BOOKING_CREATED: ChangedTag[] = ['Booking', 'Payment', 'Package'];
/**
 * A cancellation settles the payment in the same transaction: cancelled, or refunded (owed); a
 * credit that paid it is given back or forfeited.
 */
export const BOOKING_CANCELLED: ChangedTag[] = ['Booking', 'Payment', 'Package'];
/** A new time: payments and tasks show the booking's start beside their own facts. */
export const BOOKING_MOVED: ChangedTag[] = ['Booking', 'Payment', 'Task'];
/** Completed or no-show: the booking's state, and a no-show forfeits a credit that paid it. */
export const BOOKING_MARKED: ChangedTag[] = ['Booking', 'Package'];

/** The client's bookings in /dash. */
export { MyBookingsPage } from './my-bookings-page';
export { NextBookingPanel } from './next-booking-panel';
export { BookingPage } from './booking-page';

import { paths } from '@consult/shared';

/** The client's account on /admin/users, opened in its detail panel. */
export const clientLink = (clientId: string) =>
  `${paths.admin.users}?user=${encodeURIComponent(clientId)}`;

/** One booking on /admin/bookings, opened in its detail panel. */
export const bookingLink = (bookingId: string) =>
  `${paths.admin.bookings}?booking=${encodeURIComponent(bookingId)}`;

/** All bookings of one client on /admin/bookings. */
export const clientBookingsLink = (clientId: string) =>
  `${paths.admin.bookings}?client=${encodeURIComponent(clientId)}`;

import { accountHandlers } from './account';
import { authHandlers } from './auth';
import { bookingsHandlers } from './bookings';
import { calendarsHandlers } from './calendars';
import { couponsHandlers } from './coupons';
import { messagesHandlers } from './messages';
import { packagesHandlers } from './packages';
import { paymentsHandlers } from './payments';
import { siteHandlers } from './site';
import { systemHandlers } from './system';
import { tasksHandlers } from './tasks';
import { usersHandlers } from './users';
import { waitlistHandlers } from './waitlist';

/** The API's default answers: a filled screen. Tests swap one with `server.use` for other states. */
export const handlers = [
  ...authHandlers,
  ...accountHandlers,
  ...siteHandlers,
  ...tasksHandlers,
  ...bookingsHandlers,
  ...calendarsHandlers,
  ...paymentsHandlers,
  ...packagesHandlers,
  ...couponsHandlers,
  ...messagesHandlers,
  ...usersHandlers,
  ...systemHandlers,
  ...waitlistHandlers,
];

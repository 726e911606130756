/**
 * The bookings module's public face (decision 053): services, availability, booking changes and
 * their jobs, and the interfaces it asks of payments.
 */
export { AvailabilityCache } from './availability/availability-cache';
export type { CalendarBusy, CalendarBusyTimes } from './availability/calendar-busy';
export type { BookingCreditHooks } from './booking-credit-hooks';
export type { AppliedDiscount, DiscountCodeHooks, DiscountTarget } from './discount-code-hooks';
export type {
  BookingDueState,
  BookingPaymentHooks,
  CancellationRefund,
  ManualPaymentDue,
  ManualReceipt,
  PaidBooking,
  PayingClient,
} from './booking-payment-hooks';
export { canClientChange } from './booking-state';
export {
  findBookingById,
  insertBookingEvent,
  lockBookingById,
  updateBooking,
} from './bookings-repository';
export type { BookingRow } from './bookings-repository';
export { requireBookableService, slotsIn } from './availability/availability-service';
export { createdBookingAnswer } from './client-bookings';
export { createBooking } from './changes/create-booking';
export { expireHeldBooking } from './changes/expire-held-booking';
export { listSeriesBookings } from './series/series-repository';
export { queueSeriesConfirmationOf } from './series/create-series';
export { applyPayment, markBookingPaid } from './changes/owner-changes';
export { demoServices } from './demo-services';
export { bookingJobs } from './jobs/booking-jobs';
export { bookingMailOwner } from './mails/booking-owner';
export { calendarInviteUid, meetingPlace } from './mails/calendar-invite';
export { withdrawFromOwnerCancellationDigests } from './mails/owner-cancellation-digest';
export { adminBookingRoutes } from './owner/admin-routes';
export { bookingRoutes } from './routes';
export { SCHEDULING_SETTINGS_KEY, loadSchedulingSettings } from './scheduling-settings';
export { bookingEvents, bookings, services } from './schema';
export { seedServicesOnce } from './services-repository';
export type { ServiceRow } from './services-repository';
export {
  followingAmount,
  loadSiteCurrency,
  setSiteCurrency,
  settleServiceCurrency,
} from './site-currency';
export type {
  SiteCurrencyChange,
  SiteCurrencyFollower,
  SiteCurrencyPreviewPart,
} from './site-currency-followers';
export { siteServiceCatalogue } from './site-services';

export { BookingsPage } from './bookings-page';
export { UpcomingTimeline } from './upcoming-timeline';

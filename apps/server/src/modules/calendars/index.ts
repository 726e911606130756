/**
 * The calendars module's public face: the feed routes and the owner's calendars' routes app.ts
 * registers, their refresh job, the busy times availability reads, and the failing calendars the
 * system status shows.
 */
export { adminCalendarFeedRoutes, calendarFeedRoutes, userCalendarFeedRoutes } from './feed-routes';
export { adminCalendarSourceRoutes } from './source-routes';
export { calendarJobs, type CalendarReading } from './source-refresh';
export { calendarBusyTimes } from './busy-times';
export { failingCalendars } from './source-service';
export { CALENDAR_FETCH_LIMITS } from './fetch-calendar';

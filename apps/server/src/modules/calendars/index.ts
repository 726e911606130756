/** The calendars module's public face: the feed routes app.ts registers. */
export { adminCalendarFeedRoutes, calendarFeedRoutes, userCalendarFeedRoutes } from './feed-routes';

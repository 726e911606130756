export { CalendarFeedCard } from './calendar-feed-card';

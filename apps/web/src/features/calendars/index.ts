export { CalendarFeedCard } from './calendar-feed-card';
export { CalendarSourcesCard } from './calendar-sources-card';

import { CALENDAR_SOURCES_MAX, type CalendarFeedView, type CalendarSources } from '@consult/shared';
import { answer, apiPath, http } from '../http';

/** No feed yet: the card offers to make one. */
export const feedOff: CalendarFeedView = { active: false, createdAt: null, url: null };

export const calendarsHandlers = [
  http.get(apiPath('/user/calendar-feed'), () => answer<CalendarFeedView>(feedOff)),
  http.get(apiPath('/admin/calendar-feed'), () => answer<CalendarFeedView>(feedOff)),
  // The owner's own calendars: none yet.
  http.get(apiPath('/admin/calendars'), () =>
    answer<CalendarSources>({ calendars: [], max: CALENDAR_SOURCES_MAX }),
  ),
];

import type { CalendarFeedView } from '@consult/shared';
import { answer, apiPath, http } from '../http';

/** No feed yet: the card offers to make one. */
export const feedOff: CalendarFeedView = { active: false, createdAt: null, url: null };

export const calendarsHandlers = [
  http.get(apiPath('/user/calendar-feed'), () => answer<CalendarFeedView>(feedOff)),
  http.get(apiPath('/admin/calendar-feed'), () => answer<CalendarFeedView>(feedOff)),
];

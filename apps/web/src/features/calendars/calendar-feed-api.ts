/**
 * The owner's and the signed-in client's calendar feed (decision 058). A rotation's answer is the
 * only one with the address; the cached view never keeps it, so the address lives only in the
 * card that asked for it.
 */
import type { CalendarFeedView } from '@consult/shared';
import { api } from '../../lib/api';

/** Whose feed: the owner's (/admin/config) or the signed-in client's (/dash). */
export type FeedAudience = 'owner' | 'client';

const base = (audience: FeedAudience) =>
  audience === 'owner' ? '/admin/calendar-feed' : '/user/calendar-feed';

export const calendarFeedApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCalendarFeed: build.query<CalendarFeedView, FeedAudience>({
      query: (audience) => base(audience),
    }),
    rotateCalendarFeed: build.mutation<CalendarFeedView, FeedAudience>({
      query: (audience) => ({ url: `${base(audience)}/rotate`, method: 'POST', body: {} }),
      async onQueryStarted(audience, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          calendarFeedApi.util.upsertQueryData('getCalendarFeed', audience, { ...data, url: null }),
        );
      },
    }),
    revokeCalendarFeed: build.mutation<CalendarFeedView, FeedAudience>({
      query: (audience) => ({ url: base(audience), method: 'DELETE' }),
      async onQueryStarted(audience, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(calendarFeedApi.util.upsertQueryData('getCalendarFeed', audience, data));
      },
    }),
  }),
});

export const {
  useGetCalendarFeedQuery,
  useRotateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
} = calendarFeedApi;

/**
 * The owner's own calendars whose events block slots (decision 059). Each change, and each read,
 * can move busy times, so the slot preview is read again after it.
 */
import type {
  CalendarRefresh,
  CalendarSource,
  CalendarSourceInput,
  CalendarSources,
  CalendarSourceUpdate,
} from '@consult/shared';
import { api } from '../../lib/api';

const LIST = { type: 'Calendar', id: 'LIST' } as const;
const PREVIEW = { type: 'Scheduling', id: 'PREVIEW' } as const;

export const calendarSourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCalendarSources: build.query<CalendarSources, void>({
      query: () => '/admin/calendars',
      providesTags: [LIST],
    }),
    addCalendarSource: build.mutation<CalendarRefresh, CalendarSourceInput>({
      query: (body) => ({ url: '/admin/calendars', method: 'POST', body }),
      invalidatesTags: [LIST, PREVIEW],
    }),
    updateCalendarSource: build.mutation<
      CalendarSource,
      { id: string; changes: CalendarSourceUpdate }
    >({
      query: ({ id, changes }) => ({
        url: `/admin/calendars/${id}`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: [LIST, PREVIEW],
    }),
    removeCalendarSource: build.mutation<null, string>({
      query: (id) => ({ url: `/admin/calendars/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST, PREVIEW],
    }),
    refreshCalendarSource: build.mutation<CalendarRefresh, string>({
      query: (id) => ({ url: `/admin/calendars/${id}/refresh`, method: 'POST', body: {} }),
      invalidatesTags: [LIST, PREVIEW],
    }),
  }),
});

export const {
  useListCalendarSourcesQuery,
  useAddCalendarSourceMutation,
  useUpdateCalendarSourceMutation,
  useRemoveCalendarSourceMutation,
  useRefreshCalendarSourceMutation,
} = calendarSourcesApi;

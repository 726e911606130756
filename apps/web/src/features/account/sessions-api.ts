/** The signed-in person's sessions: the list, ending one, and ending all the others (decision 044). */
import type { SessionsEnded, SignedInSessions } from '@consult/shared';
import { api, userCallSucceeded } from '../../lib/api';

export const sessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSessions: build.query<SignedInSessions, void>({
      query: () => ({ url: '/user/sessions', validateStatus: userCallSucceeded }),
      providesTags: ['Session'],
    }),
    endSession: build.mutation<null, string>({
      query: (id) => ({
        url: `/user/sessions/${encodeURIComponent(id)}`,
        method: 'DELETE',
        validateStatus: (response) => response.status === 204,
      }),
      // A session that ended meanwhile (404) is gone from the list all the same.
      invalidatesTags: ['Session'],
    }),
    endOtherSessions: build.mutation<SessionsEnded, void>({
      query: () => ({
        url: '/user/sessions/revoke-others',
        method: 'POST',
        body: {},
        validateStatus: userCallSucceeded,
      }),
      invalidatesTags: ['Session'],
    }),
  }),
});

export const { useGetSessionsQuery, useEndSessionMutation, useEndOtherSessionsMutation } =
  sessionsApi;

/** First run: whether the site needs its owner, and creating that owner (which signs them in). */
import type { SetupInput, SetupStatus } from '@consult/shared';
import { api } from '../../lib/api';
import { setCredentials } from '../../lib/session/auth-slice';

export const setupApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSetupStatus: build.query<SetupStatus, void>({
      query: () => '/setup',
      keepUnusedDataFor: 0,
    }),
    completeSetup: build.mutation<{ accessToken: string }, SetupInput>({
      query: (body) => ({ url: '/setup', method: 'POST', body }),
      // The setup writes the owner's facts into the site: the brand of the admin's header follows.
      invalidatesTags: (result) => (result ? ['Site'] : []),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(setCredentials({ accessToken: data.accessToken }));
      },
    }),
  }),
});

export const { useGetSetupStatusQuery, useCompleteSetupMutation } = setupApi;

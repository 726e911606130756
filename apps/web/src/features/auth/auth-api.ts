/** The accounts calls that do not need a session: sign-in, sign-up, refresh, e-mail links. */
import type { SignInResponse, TwoFactorSignInInput } from '@consult/shared';
import { api, refreshSession, userCallSucceeded } from '../../lib/api';
import { setCredentials } from '../../lib/session/auth-slice';

export interface MessageResponse {
  message: string;
}

export interface RegisterRequest {
  name: string;
  email: string;
  password: string;
  DOB: string;
  phone?: string;
  timeZone: string;
  token: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A session, or the challenge of the second step when the account has two-factor sign-in. */
    login: build.mutation<SignInResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/auth', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data && 'accessToken' in data) {
          dispatch(setCredentials({ accessToken: data.accessToken }));
        }
      },
    }),
    /** The second step: the challenge with a current code or a recovery code (decision 043). */
    completeTwoFactorSignIn: build.mutation<{ accessToken: string }, TwoFactorSignInInput>({
      query: (body) => ({ url: '/auth/2fa', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(setCredentials({ accessToken: data.accessToken }));
      },
    }),
    /** The proof-of-work challenge a sign-up must solve (ALTCHA v2, opaque to this app). */
    getChallenge: build.query<unknown, void>({
      query: () => '/auth/challenge',
      keepUnusedDataFor: 0,
    }),
    register: build.mutation<MessageResponse, RegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    /** The guards' session restore (a GET of the refresh endpoint): true when a session was restored. */
    restoreSession: build.mutation<boolean, void>({
      queryFn: async (_arg, queryApi) => ({ data: await refreshSession('GET', queryApi) }),
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    verifyEmail: build.mutation<MessageResponse & { email: string }, { token: string }>({
      query: (body) => ({
        url: '/user/verifyEmail',
        method: 'POST',
        body,
        validateStatus: userCallSucceeded,
      }),
      invalidatesTags: ['User'],
    }),
    forgotPassword: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({
        url: '/user/forgotPassword',
        method: 'POST',
        body,
        validateStatus: userCallSucceeded,
      }),
    }),
    resetPassword: build.mutation<
      MessageResponse,
      { token: string; password: string; confirmPassword: string }
    >({
      query: ({ token, ...body }) => ({
        url: `/user/resetPassword?token=${encodeURIComponent(token)}`,
        validateStatus: userCallSucceeded,
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const {
  useLoginMutation,
  useCompleteTwoFactorSignInMutation,
  useGetChallengeQuery,
  useLazyGetChallengeQuery,
  useRegisterMutation,
  useRestoreSessionMutation,
  useLogoutMutation,
  useVerifyEmailMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;

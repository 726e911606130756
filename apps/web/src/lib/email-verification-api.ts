/**
 * A new e-mail confirmation link: asked for from the sign-in and verify screens and from the booking
 * flow, which waits for a confirmed address.
 */
import { api, userCallSucceeded } from './api';

export const emailVerificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    resendVerification: build.mutation<{ message: string }, { email?: string }>({
      query: (body) => ({
        url: '/user/resendEmailVerification',
        method: 'POST',
        body,
        validateStatus: userCallSucceeded,
      }),
    }),
  }),
});

export const { useResendVerificationMutation } = emailVerificationApi;

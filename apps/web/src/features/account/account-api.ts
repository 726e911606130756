/** The signed-in person's own account: GET and PATCH /user, and a new confirmation link. */
import type { ProfileUpdateInput, User } from '@consult/shared';
import { api } from '../../lib/api';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<User, void>({
      query: () => ({ url: '/user', validateStatus: (response) => response.status === 200 }),
      providesTags: ['User'],
    }),
    updateUser: build.mutation<User, ProfileUpdateInput>({
      query: (body) => ({
        url: '/user',
        method: 'PATCH',
        body,
        // The seed's client counts 200 and 201 as success for this call (§5).
        validateStatus: (response) => response.status === 200 || response.status === 201,
      }),
      invalidatesTags: ['User'],
    }),
    resendOwnVerification: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/user/resendEmailVerification', method: 'POST', body: {} }),
    }),
  }),
});

export const { useGetUserQuery, useUpdateUserMutation, useResendOwnVerificationMutation } =
  accountApi;

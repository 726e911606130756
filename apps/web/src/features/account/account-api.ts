/** The signed-in person's own account: GET and PATCH /user, and a new confirmation link. */
import type { DeleteAccountInput, ProfileUpdateInput, User } from '@consult/shared';
import { api, userCallSucceeded, userUpdateSucceeded } from '../../lib/api';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<User, void>({
      query: () => ({ url: '/user', validateStatus: userCallSucceeded }),
      providesTags: ['User'],
    }),
    updateUser: build.mutation<User, ProfileUpdateInput>({
      query: (body) => ({
        url: '/user',
        method: 'PATCH',
        body,
        validateStatus: userUpdateSucceeded,
      }),
      invalidatesTags: ['User'],
    }),
    resendOwnVerification: build.mutation<{ message: string }, void>({
      query: () => ({
        url: '/user/resendEmailVerification',
        method: 'POST',
        body: {},
        validateStatus: userCallSucceeded,
      }),
    }),
    /** The export as the exact text the server wrote, to save as a file. */
    exportAccount: build.mutation<string, void>({
      query: () => ({ url: '/user/export', responseHandler: 'text' }),
    }),
    deleteAccount: build.mutation<null, DeleteAccountInput>({
      query: (body) => ({
        url: '/user',
        method: 'DELETE',
        body,
        validateStatus: (response) => response.status === 204,
      }),
    }),
  }),
});

export const {
  useGetUserQuery,
  useUpdateUserMutation,
  useResendOwnVerificationMutation,
  useExportAccountMutation,
  useDeleteAccountMutation,
} = accountApi;

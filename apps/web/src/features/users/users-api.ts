/** The admin's view of the accounts: list with search and pages, one user, role, disable, delete. */
import type { AdminUserUpdate, User, UsersPage } from '@consult/shared';
import { api } from '../../lib/api';

export interface UsersQuery {
  search: string;
  page: number;
  pageSize?: number;
}

export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UsersPage, UsersQuery>({
      query: ({ search, page, pageSize }) => ({
        url: '/admin/users',
        params: { ...(search ? { search } : {}), page, ...(pageSize ? { pageSize } : {}) },
      }),
      providesTags: (result) => [
        { type: 'User', id: 'LIST' },
        ...(result?.users.map((user) => ({ type: 'User' as const, id: user.id })) ?? []),
      ],
    }),
    getAdminUser: build.query<User, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    updateAdminUser: build.mutation<User, { id: string } & AdminUserUpdate>({
      query: ({ id, ...body }) => ({
        url: `/admin/users/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'User', id },
        { type: 'User', id: 'LIST' },
      ],
    }),
    deleteAdminUser: build.mutation<null, string>({
      query: (id) => ({ url: `/admin/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const {
  useListUsersQuery,
  useGetAdminUserQuery,
  useUpdateAdminUserMutation,
  useDeleteAdminUserMutation,
} = adminUsersApi;

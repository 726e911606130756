/**
 * The admin's view of the accounts: list with search and pages, one client's record, role,
 * disable, delete, and the owner's private notes about a client.
 */
import type {
  AdminUserUpdate,
  ClientNote,
  ClientNoteInput,
  ClientRecord,
  User,
  UsersPage,
} from '@consult/shared';
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
    /** The account and the client record; any change to their bookings, tasks or messages refreshes it. */
    getAdminUser: build.query<ClientRecord, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [
        { type: 'User', id },
        'Booking',
        'Payment',
        'Task',
        'Message',
      ],
    }),
    addClientNote: build.mutation<ClientNote, { clientId: string } & ClientNoteInput>({
      query: ({ clientId, ...body }) => ({
        url: `/admin/users/${encodeURIComponent(clientId)}/notes`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { clientId }) => [{ type: 'User', id: clientId }],
    }),
    updateClientNote: build.mutation<
      ClientNote,
      { clientId: string; noteId: string } & ClientNoteInput
    >({
      query: ({ clientId, noteId, ...body }) => ({
        url: `/admin/users/${encodeURIComponent(clientId)}/notes/${encodeURIComponent(noteId)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_result, _error, { clientId }) => [{ type: 'User', id: clientId }],
    }),
    deleteClientNote: build.mutation<null, { clientId: string; noteId: string }>({
      query: ({ clientId, noteId }) => ({
        url: `/admin/users/${encodeURIComponent(clientId)}/notes/${encodeURIComponent(noteId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { clientId }) => [{ type: 'User', id: clientId }],
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
  useAddClientNoteMutation,
  useUpdateClientNoteMutation,
  useDeleteClientNoteMutation,
} = adminUsersApi;

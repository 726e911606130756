/** The owner's contact inbox: the list, one message, its state, the invitation and the nav's count. */
import type {
  InboxMessage,
  InboxPage,
  InboxQueryInput,
  InboxSummary,
  MessageInvite,
  MessageState,
} from '@consult/shared';
import { api } from '../../lib/api';

export type InboxArgs = Required<Pick<InboxQueryInput, 'page'>> &
  Pick<InboxQueryInput, 'type' | 'state' | 'q'>;

/** Only the filters that are set go into the address of the call. */
function inboxParams(args: InboxArgs): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  return params;
}

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInboxMessages: build.query<InboxPage, InboxArgs>({
      query: (args) => ({ url: '/admin/messages', params: inboxParams(args) }),
      providesTags: ['Message'],
    }),
    getInboxMessage: build.query<InboxMessage, string>({
      query: (id) => `/admin/messages/${encodeURIComponent(id)}`,
      providesTags: ['Message'],
    }),
    getInboxSummary: build.query<InboxSummary, void>({
      query: () => '/admin/messages/summary',
      providesTags: ['Message'],
    }),
    setMessageState: build.mutation<InboxMessage, { id: string; state: MessageState }>({
      query: ({ id, state }) => ({
        url: `/admin/messages/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { state },
      }),
      invalidatesTags: ['Message'],
    }),
    inviteSender: build.mutation<MessageInvite, string>({
      query: (id) => ({ url: `/admin/messages/${encodeURIComponent(id)}/invite`, method: 'POST' }),
      // A 409 means the sender has an account by now: the list and panel fetch its link.
      invalidatesTags: (_result, error) => (error ? ['Message'] : []),
    }),
  }),
});

export const {
  useGetInboxMessagesQuery,
  useGetInboxMessageQuery,
  useGetInboxSummaryQuery,
  useSetMessageStateMutation,
  useInviteSenderMutation,
} = messagesApi;

/** The waitlist calls: the client's entries, joining and leaving, the offers, the owner's list. */
import type {
  AdminWaitlist,
  CreatedBooking,
  WaitlistAcceptInput,
  WaitlistEntries,
  WaitlistEntry,
  WaitlistJoinInput,
  WaitlistOfferView,
} from '@consult/shared';
import { api } from '../../lib/api';

export const waitlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyWaitlist: build.query<WaitlistEntries, void>({
      query: () => '/waitlist',
      providesTags: ['Waitlist'],
    }),
    joinWaitlist: build.mutation<WaitlistEntry, WaitlistJoinInput>({
      query: (body) => ({ url: '/waitlist', method: 'POST', body }),
      invalidatesTags: ['Waitlist'],
    }),
    leaveWaitlist: build.mutation<void, string>({
      query: (id) => ({ url: `/waitlist/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Waitlist'],
    }),
    getWaitlistOffer: build.query<WaitlistOfferView, string>({
      query: (token) => `/waitlist/offers/${encodeURIComponent(token)}`,
    }),
    acceptWaitlistOffer: build.mutation<CreatedBooking, { token: string } & WaitlistAcceptInput>({
      query: ({ token, ...body }) => ({
        url: `/waitlist/offers/${encodeURIComponent(token)}/accept`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Waitlist', 'Booking', 'Package'],
    }),
    declineWaitlistOffer: build.mutation<void, string>({
      query: (token) => ({
        url: `/waitlist/offers/${encodeURIComponent(token)}/decline`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: ['Waitlist'],
    }),
    getAdminWaitlist: build.query<AdminWaitlist, void>({
      query: () => '/admin/waitlist',
      providesTags: ['Waitlist'],
    }),
    removeWaitlistEntry: build.mutation<void, string>({
      query: (id) => ({ url: `/admin/waitlist/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Waitlist'],
    }),
  }),
});

export const {
  useGetMyWaitlistQuery,
  useJoinWaitlistMutation,
  useLeaveWaitlistMutation,
  useGetWaitlistOfferQuery,
  useAcceptWaitlistOfferMutation,
  useDeclineWaitlistOfferMutation,
  useGetAdminWaitlistQuery,
  useRemoveWaitlistEntryMutation,
} = waitlistApi;

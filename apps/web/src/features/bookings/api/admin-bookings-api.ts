/** The owner's bookings: the list and timeline, one booking with its history, and every action. */
import type {
  AdminBookingDetail,
  AdminBookingRecord,
  AdminBookingsPage,
  AdminCreateBookingInput,
  BookingState,
  UsersPage,
} from '@consult/shared';
import { api } from '../../../lib/api';
import {
  BOOKING_CANCELLED,
  BOOKING_CREATED,
  BOOKING_MARKED,
  BOOKING_MOVED,
} from './booking-change-tags';

export interface AdminBookingsArgs {
  state?: BookingState;
  /** Owner-zone calendar days, both included. */
  from?: string;
  to?: string;
  q?: string;
  /** One client's id. */
  client?: string;
  page?: number;
  pageSize?: number;
  order?: 'asc' | 'desc';
}

/** Marking paid asks how and when, on the payment (payments feature). */
export type BookingStateAction = 'complete' | 'no-show';

export const adminBookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAdminBookings: build.query<AdminBookingsPage, AdminBookingsArgs>({
      query: (args) => ({
        url: '/admin/bookings',
        // Empty filters stay out of the address the server sees.
        params: Object.fromEntries(
          Object.entries(args).filter(([, value]) => value !== undefined && value !== ''),
        ),
      }),
      providesTags: (result) => [
        { type: 'Booking', id: 'LIST' },
        ...(result?.bookings.map((booking) => ({ type: 'Booking' as const, id: booking.id })) ??
          []),
      ],
    }),
    getAdminBooking: build.query<AdminBookingDetail, string>({
      query: (id) => `/admin/bookings/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Booking', id }],
    }),
    createAdminBooking: build.mutation<AdminBookingRecord, AdminCreateBookingInput>({
      query: (body) => ({ url: '/admin/bookings', method: 'POST', body }),
      invalidatesTags: BOOKING_CREATED,
    }),
    cancelAdminBooking: build.mutation<AdminBookingRecord, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({
        url: `/admin/bookings/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      invalidatesTags: BOOKING_CANCELLED,
    }),
    rescheduleAdminBooking: build.mutation<
      AdminBookingRecord,
      { id: string; start: string; outsideHours: boolean }
    >({
      query: ({ id, ...body }) => ({
        url: `/admin/bookings/${encodeURIComponent(id)}/reschedule`,
        method: 'POST',
        body,
      }),
      invalidatesTags: BOOKING_MOVED,
    }),
    changeAdminBookingState: build.mutation<
      AdminBookingRecord,
      { id: string; action: BookingStateAction }
    >({
      query: ({ id, action }) => ({
        url: `/admin/bookings/${encodeURIComponent(id)}/${action}`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: BOOKING_MARKED,
    }),
    /** Clients to book for: the accounts search of /admin/users. */
    searchClients: build.query<UsersPage, string>({
      query: (search) => ({
        url: '/admin/users',
        params: { ...(search ? { search } : {}), page: 1, pageSize: 8 },
      }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const {
  useListAdminBookingsQuery,
  useGetAdminBookingQuery,
  useCreateAdminBookingMutation,
  useCancelAdminBookingMutation,
  useRescheduleAdminBookingMutation,
  useChangeAdminBookingStateMutation,
  useSearchClientsQuery,
} = adminBookingsApi;

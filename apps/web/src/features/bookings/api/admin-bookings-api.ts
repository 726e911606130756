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

const invalidateBooking = (id: string) => [
  { type: 'Booking' as const, id },
  { type: 'Booking' as const, id: 'LIST' },
];

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
      invalidatesTags: [{ type: 'Booking', id: 'LIST' }],
    }),
    cancelAdminBooking: build.mutation<AdminBookingRecord, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({
        url: `/admin/bookings/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      invalidatesTags: (_result, _error, { id }) => invalidateBooking(id),
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
      invalidatesTags: (_result, _error, { id }) => invalidateBooking(id),
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
      invalidatesTags: (_result, _error, { id }) => invalidateBooking(id),
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

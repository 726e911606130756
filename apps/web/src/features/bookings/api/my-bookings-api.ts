/** The client's own bookings: upcoming, past (paginated), cancel, reschedule and pay. */
import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import {
  PAST_BOOKINGS_DEFAULT_PAGE,
  PAST_BOOKINGS_DEFAULT_TOTAL,
  PAST_BOOKINGS_DEFAULT_TOTAL_PAGES,
  type BookingRecord,
  type CancelBookingInput,
  type Checkout,
  type PastBookingsPage,
  type UpcomingBookings,
} from '@consult/shared';
import { api } from '../../../lib/api';
import { BOOKING_CANCELLED, BOOKING_MOVED } from './booking-change-tags';

/** Past bookings in the store as ids and entities keyed by _id, plus the paging. */
const pastAdapter = createEntityAdapter<BookingRecord, string>({
  selectId: (booking) => booking._id,
});
export const pastSelectors = pastAdapter.getSelectors();

export interface PastBookingsState extends EntityState<BookingRecord, string> {
  currentPage: number;
  totalPages: number;
  totalBookings: number;
}

export const myBookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUpcomingBookings: build.query<BookingRecord[], void>({
      query: () => '/bookings/upcoming',
      transformResponse: (response: UpcomingBookings) => response.bookings,
      providesTags: ['Booking'],
    }),
    /** One of the client's bookings, with how to pay it while a manual payment is due. */
    getBooking: build.query<BookingRecord, string>({
      query: (id) => `/bookings/${encodeURIComponent(id)}`,
      providesTags: ['Booking'],
    }),
    getPastBookings: build.query<PastBookingsState, number>({
      query: (page) => ({ url: '/bookings/past', params: { page } }),
      transformResponse: (response: Partial<PastBookingsPage>) =>
        pastAdapter.setAll(
          {
            ...pastAdapter.getInitialState(),
            // The spec's defaults when the answer leaves a field out: page 1 of 1, 0 bookings.
            currentPage: response.currentPage ?? PAST_BOOKINGS_DEFAULT_PAGE,
            totalPages: response.totalPages ?? PAST_BOOKINGS_DEFAULT_TOTAL_PAGES,
            totalBookings: response.totalBookings ?? PAST_BOOKINGS_DEFAULT_TOTAL,
          },
          response.bookings ?? [],
        ),
      providesTags: ['Booking'],
    }),
    cancelBooking: build.mutation<BookingRecord, { id: string } & CancelBookingInput>({
      query: ({ id, ...body }) => ({
        url: `/bookings/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        body,
      }),
      invalidatesTags: BOOKING_CANCELLED,
    }),
    rescheduleBooking: build.mutation<BookingRecord, { id: string; start: string }>({
      query: ({ id, start }) => ({
        url: `/bookings/${encodeURIComponent(id)}/reschedule`,
        method: 'POST',
        body: { start },
      }),
      invalidatesTags: BOOKING_MOVED,
    }),
    /** A new Stripe Checkout address for a booking still waiting for its payment. */
    startCheckout: build.mutation<Checkout, string>({
      query: (id) => ({ url: `/bookings/${encodeURIComponent(id)}/checkout`, method: 'POST' }),
      // A 409 means the booking moved on (paid, expired): the list on screen is stale.
      invalidatesTags: (_result, error) => (error ? ['Booking'] : []),
    }),
  }),
});

export const {
  useGetUpcomingBookingsQuery,
  useGetBookingQuery,
  useGetPastBookingsQuery,
  useCancelBookingMutation,
  useRescheduleBookingMutation,
  useStartCheckoutMutation,
} = myBookingsApi;

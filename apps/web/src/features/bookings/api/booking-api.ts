/** POST /api/bookings, with an Idempotency-Key so a retried request never books twice. */
import {
  IDEMPOTENCY_KEY_HEADER,
  type BookingRecord,
  type CreateBookingInput,
} from '@consult/shared';
import { api } from '../../../lib/api';

export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    createBooking: build.mutation<
      BookingRecord,
      { booking: CreateBookingInput; idempotencyKey: string }
    >({
      query: ({ booking, idempotencyKey }) => ({
        url: '/bookings',
        method: 'POST',
        body: booking,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: ['Booking'],
    }),
  }),
});

export const { useCreateBookingMutation } = bookingApi;

/**
 * POST /api/bookings, with an Idempotency-Key so a retried request never books twice; a paid
 * booking under Stripe comes back with the checkout address to pay on.
 */
import {
  IDEMPOTENCY_KEY_HEADER,
  type CreateBookingInput,
  type CreatedBooking,
} from '@consult/shared';
import { api } from '../../../lib/api';
import { BOOKING_CREATED } from './booking-change-tags';

export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    createBooking: build.mutation<
      CreatedBooking,
      { booking: CreateBookingInput; idempotencyKey: string }
    >({
      query: ({ booking, idempotencyKey }) => ({
        url: '/bookings',
        method: 'POST',
        body: booking,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: BOOKING_CREATED,
    }),
  }),
});

export const { useCreateBookingMutation } = bookingApi;

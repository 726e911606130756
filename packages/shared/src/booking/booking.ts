/** A booking's states, its public record, the client's booking request and the past-bookings page. */
import { z } from 'zod';
import { instantSchema } from './fields';
import {
  BOOKING_NOTES_MAX,
  PAST_BOOKINGS_DEFAULT_PAGE,
  PAST_BOOKINGS_DEFAULT_TOTAL,
  PAST_BOOKINGS_DEFAULT_TOTAL_PAGES,
} from './limits';
import { BOOKING_MESSAGES as M } from './messages';
import { meetingModeSchema, serviceSlugSchema } from './service';

/**
 * pending_payment (held for online payment, then expired) → confirmed → completed | no_show;
 * cancelled from pending_payment or confirmed (PRODUCT.md "Bookings").
 */
export const BOOKING_STATES = [
  'pending_payment',
  'confirmed',
  'completed',
  'no_show',
  'cancelled',
  'expired',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];
export const bookingStateSchema = z.enum(BOOKING_STATES, { error: M.stateInvalid });

/** States that occupy their time: these bookings block slots and count towards the daily maximum. */
export const BLOCKING_BOOKING_STATES = [
  'pending_payment',
  'confirmed',
] as const satisfies readonly BookingState[];

export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  pending_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  completed: 'Completed',
  no_show: 'No-show',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** POST /api/bookings: the client asks for a service at a slot start returned by availability. */
export const createBookingSchema = z.object({
  service: z.string({ error: M.serviceRequired }).pipe(serviceSlugSchema),
  start: z.string({ error: M.startInvalid }).pipe(instantSchema),
  notes: z
    .string()
    .trim()
    .max(BOOKING_NOTES_MAX, M.notesTooLong)
    .optional()
    .transform((notes) => (notes ? notes : null)),
});
export type CreateBookingInput = z.input<typeof createBookingSchema>;

/** A booking as the API shows it; `_id` and `id` carry the same value, as users' records do. */
export const bookingRecordSchema = z.object({
  _id: z.string(),
  id: z.string(),
  service: z.object({
    slug: serviceSlugSchema,
    title: z.string(),
    durationMinutes: z.number().int(),
    meetingMode: meetingModeSchema,
  }),
  /** UTC instants, ISO 8601. */
  start: z.string(),
  end: z.string(),
  state: bookingStateSchema,
  notes: z.string().nullable(),
  /** Price when booked, in minor units of `currency`; 0 is free. */
  priceMinor: z.number().int(),
  currency: z.string(),
  /** True while a paid booking's payment has not been received. */
  paymentDue: z.boolean(),
  /** Until when a pending_payment booking holds its slot; null in other states. */
  holdUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type BookingRecord = z.infer<typeof bookingRecordSchema>;

/** The past-bookings page (seed spec §3, §9): defaults page 1 of 1 with 0 bookings. */
export const pastBookingsPageSchema = z.object({
  bookings: z.array(bookingRecordSchema).default([]),
  currentPage: z.number().int().min(1).default(PAST_BOOKINGS_DEFAULT_PAGE),
  totalPages: z.number().int().min(1).default(PAST_BOOKINGS_DEFAULT_TOTAL_PAGES),
  totalBookings: z.number().int().min(0).default(PAST_BOOKINGS_DEFAULT_TOTAL),
});
export type PastBookingsPage = z.infer<typeof pastBookingsPageSchema>;

export const pastBookingsQuerySchema = z.object({
  page: z.coerce
    .number({ error: M.pageInvalid })
    .int(M.pageInvalid)
    .min(1, M.pageInvalid)
    .default(PAST_BOOKINGS_DEFAULT_PAGE),
});
export type PastBookingsQuery = z.infer<typeof pastBookingsQuerySchema>;

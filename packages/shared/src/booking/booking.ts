/** A booking's states, its public record, the client's booking request and the past-bookings page. */
import { z } from 'zod';
import { problemSchema } from '../problem-schema';
import { withoutNul, isVisibleText, TEXT_MESSAGES } from '../text';
import { bookingPaymentSchema } from '../payments/schemas';
import {
  couponRefusalReasonSchema,
  receiptDiscountSchema,
  typedCouponCodeSchema,
} from '../coupons/code-schemas';
import { instantSchema } from './fields';
import {
  BOOKING_CANCEL_REASON_MAX,
  BOOKING_NOTES_MAX,
  PAST_BOOKINGS_DEFAULT_PAGE,
  PAST_BOOKINGS_DEFAULT_TOTAL,
  PAST_BOOKINGS_DEFAULT_TOTAL_PAGES,
} from './limits';
import { BOOKING_MESSAGES as M } from './messages';
import { meetingModeSchema, serviceSlugSchema } from './service';
import { bookingAnswersInputSchema, intakeAnswerSchema } from './intake';

/**
 * pending_payment (held for online payment, then expired) → confirmed → completed | no_show;
 * cancelled from pending_payment or confirmed.
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
    .overwrite(withoutNul)
    .trim()
    .max(BOOKING_NOTES_MAX, M.notesTooLong)
    .refine(isVisibleText, TEXT_MESSAGES.hiddenCharacters)
    // null, as records write "none", is accepted too.
    .nullish()
    .transform((notes) => (notes ? notes : null)),
  /**
   * Question id → answer, for the service's intake questions (checked against them by
   * intakeAnswersSchemaFor; a 400's errors are keyed `answers.<questionId>`).
   */
  answers: bookingAnswersInputSchema,
  /**
   * Pay with a package credit (issue 24). A client's booking uses one by default when a credit of
   * theirs covers the service; false pays as usual; true insists (409 when there is none). The
   * owner booking for a client uses the client's credit only when asked (true).
   */
  useCredit: z.boolean({ error: M.useCreditInvalid }).optional(),
  /**
   * A discount code (issue 24): the booking's price is the discounted one. With a code no package
   * credit is used unless `useCredit: true`, which with a code is a 400 (one or the other). A code
   * that cannot be used is a 409 (COUPON_REFUSED_PROBLEM_TYPE) and nothing is booked.
   */
  couponCode: typedCouponCodeSchema.optional(),
});
export type CreateBookingInput = z.input<typeof createBookingSchema>;

/** Whether the signed-in client may still cancel or reschedule, and until when. */
export const clientChangeSchema = z.object({
  allowed: z.boolean(),
  /** The cutoff instant (start minus the configured hours), ISO 8601 UTC. */
  cutoffAt: z.string(),
  /** Why not, when not allowed (e.g. past the cutoff); null when allowed. */
  reason: z.string().nullable(),
});
export type ClientChange = z.infer<typeof clientChangeSchema>;

/** A booking as the API shows it; `_id` and `id` carry the same value, as users' records do. */
export const bookingRecordSchema = z.object({
  _id: z.string(),
  id: z.string(),
  /** The short human reference (decision 035), unique among bookings: what a transfer names. */
  reference: z.string().meta({
    description:
      'The booking’s short reference, 4–10 uppercase letters and digits (e.g. B7K3QX), unique among bookings: what the client writes on a transfer and the owner searches for.',
    example: 'B7K3QX',
  }),
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
  /** The intake answers, each with its question as it was asked. */
  answers: z.array(intakeAnswerSchema),
  /** Price when booked, in minor units of `currency`; 0 is free. */
  priceMinor: z.number().int(),
  currency: z.string(),
  /** True while a paid booking's payment has not been received. */
  paymentDue: z.boolean(),
  paidAt: z.string().nullable(),
  /** Until when a pending_payment booking holds its slot; null in other states. */
  holdUntil: z.string().nullable(),
  /** Video room or fixed meeting URL; only confirmed (or finished) bookings have one. */
  meetingUrl: z.string().nullable(),
  /** Where an in-person meeting happens. */
  address: z.string().nullable(),
  /** For the client's own view; the owner is never bound by the cutoff. */
  clientChange: clientChangeSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The booking's payment, where the answer carries it (the client's upcoming list). */
  payment: bookingPaymentSchema.nullable().optional(),
  /**
   * While the payment is due under manual payments (bank transfer or in person), in the client's
   * answers: the owner's instructions and what is due. Absent otherwise.
   */
  paymentInstructions: z.string().optional().meta({
    description:
      'Only while the booking’s payment is due under manual payments (in the client’s answers: the booking, the upcoming list, a new booking): the owner’s payment instructions from the payment settings, as written; an empty string when the owner has written none. Absent for a free, paid, cancelled or Stripe booking.',
  }),
  /** The package credit that paid it (issue 24); null when it was not paid with one. */
  credit: z.object({ purchaseId: z.string() }).nullable().optional(),
  /** The series it belongs to (issue 25); null for a booking made on its own. */
  seriesId: z.string().nullable().optional(),
  /**
   * The discount code it was booked with (issue 24), in the answer to POST /api/bookings: the
   * price before and the discount; `priceMinor` is the price after it. Null without a code.
   */
  discount: receiptDiscountSchema.nullable().optional(),
  amountDueMinor: z.number().int().optional().meta({
    description:
      'Present with `paymentInstructions`: the amount still to pay, in minor units of `currency` (15000 is 150.00 GBP).',
  }),
});
export type BookingRecord = z.infer<typeof bookingRecordSchema>;

/**
 * POST /api/bookings answers the booking and, for a paid service under Stripe (state
 * pending_payment), the Stripe Checkout address the client pays on.
 */
export const createdBookingSchema = bookingRecordSchema.extend({
  checkoutUrl: z.string().optional(),
});
export type CreatedBooking = z.infer<typeof createdBookingSchema>;

/** POST /api/bookings/:id/checkout: where to pay a booking still waiting for its payment. */
export const checkoutSchema = z.object({ checkoutUrl: z.string() });
export type Checkout = z.infer<typeof checkoutSchema>;

/** GET /api/bookings/upcoming: held and confirmed bookings that have not ended, soonest first. */
export const upcomingBookingsSchema = z.object({ bookings: z.array(bookingRecordSchema) });
export type UpcomingBookings = z.infer<typeof upcomingBookingsSchema>;

/** POST /api/bookings/:id/reschedule (client and owner). */
export const rescheduleBookingSchema = z.object({
  start: z.string({ error: M.startInvalid }).pipe(instantSchema),
});
export type RescheduleBookingInput = z.infer<typeof rescheduleBookingSchema>;

/** POST /api/bookings/:id/cancel (client and owner); the reason goes into the mails and history. */
export const cancelBookingSchema = z.object({
  reason: z
    .string()
    .overwrite(withoutNul)
    .trim()
    .max(BOOKING_CANCEL_REASON_MAX, M.reasonTooLong)
    .refine(isVisibleText, TEXT_MESSAGES.hiddenCharacters)
    // null, as records write "none", is accepted too.
    .nullish()
    .transform((reason) => (reason ? reason : null)),
});
export type CancelBookingInput = z.input<typeof cancelBookingSchema>;

/** The Idempotency-Key header of POST /api/bookings: any printable ASCII, 1–100 characters. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,100}$/, M.idempotencyKeyInvalid);
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The past-bookings page: `{ bookings, currentPage, totalPages, totalBookings }`, by default page 1 of 1 with 0 bookings. */
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

/** The caps on one client's bookings (decision 045): held for online payment, or unpaid (manual). */
export const BOOKING_LIMIT_KINDS = ['held', 'unpaid'] as const;
export type BookingLimitKind = (typeof BOOKING_LIMIT_KINDS)[number];

/**
 * A 409 of the booking routes. When the asked time is not available (type SLOT_TAKEN_PROBLEM_TYPE),
 * `nearestSlots` holds up to NEAREST_SLOTS_COUNT free slot starts around it (UTC, ISO 8601,
 * ascending) to offer instead. When the client is at one of their caps (type
 * BOOKING_LIMIT_PROBLEM_TYPE), `bookingLimit` names the cap and its number.
 */
export const bookingConflictProblemSchema = problemSchema.extend({
  nearestSlots: z.array(z.string()).optional(),
  bookingLimit: z.object({ kind: z.enum(BOOKING_LIMIT_KINDS), limit: z.number().int() }).optional(),
  /** Why a discount code cannot be used (COUPON_REFUSED_PROBLEM_TYPE); nothing was booked. */
  reason: couponRefusalReasonSchema.optional(),
});
export type BookingConflictProblem = z.infer<typeof bookingConflictProblemSchema>;

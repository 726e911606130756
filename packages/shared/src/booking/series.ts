/**
 * Recurring sessions (issue 25): a client books the same weekday and local time every week or every
 * two weeks, 2 to 12 sessions, after seeing every date's state. One contract for the form, the
 * server and the tests.
 */
import { z } from 'zod';
import { problemSchema } from '../problem-schema';
import { timeZoneSchema } from '../time-zone-schema';
import {
  BOOKING_LIMIT_KINDS,
  bookingRecordSchema,
  cancelBookingSchema,
  createBookingSchema,
} from './booking';
import { instantSchema } from './fields';
import { serviceSlugSchema } from './service';
import { BOOKING_MESSAGES } from './messages';

/** How often a series repeats: every week, or every two weeks. */
export const SERIES_EVERY = ['week', '2weeks'] as const;
export type SeriesEvery = (typeof SERIES_EVERY)[number];
/** Days between two sessions of a series. */
export const SERIES_STEP_DAYS: Record<SeriesEvery, number> = { week: 7, '2weeks': 14 };
export const SERIES_COUNT_MIN = 2;
export const SERIES_COUNT_MAX = 12;

/** Why a date of a series cannot be booked; the client sees these, never the owner's events. */
export const SERIES_UNAVAILABLE_REASONS = [
  'booked',
  'outside_hours',
  'past_horizon',
  'daily_maximum',
] as const;
export type SeriesUnavailableReason = (typeof SERIES_UNAVAILABLE_REASONS)[number];

/** The words for each reason, for the preview list and mails. */
export const SERIES_REASON_TEXT: Record<SeriesUnavailableReason, string> = {
  booked: 'Already booked',
  outside_hours: 'Outside the opening hours',
  past_horizon: 'Too far ahead to book yet',
  daily_maximum: 'The day is fully booked',
};

export const SERIES_MESSAGES = {
  everyInvalid: 'Repeat must be every week or every two weeks',
  countInvalid: `A series has ${SERIES_COUNT_MIN} to ${SERIES_COUNT_MAX} sessions`,
  skipInvalid: 'Skip must be a list of the series’ dates',
  skipNotInSeries: 'A date to skip is not one of the series’ dates',
  nothingToBook: 'Choose at least one free date of the series',
  conflict: 'Some dates of the series are no longer free; nothing was booked',
  seriesNotFound: 'Series not found',
  fromNotInSeries: 'That booking is not part of this series',
  nothingToCancel: 'No session of this series can be cancelled now',
  /** The confirmation's line on time zones: the client's time stays the same across DST. */
  sameLocalTime: (timeZone: string) =>
    `Every session is at the same local time in ${timeZone}, also across a daylight-saving change.`,
} as const;

const everySchema = z.enum(SERIES_EVERY, { error: SERIES_MESSAGES.everyInvalid });
const countSchema = z
  .number({ error: SERIES_MESSAGES.countInvalid })
  .int(SERIES_MESSAGES.countInvalid)
  .min(SERIES_COUNT_MIN, SERIES_MESSAGES.countInvalid)
  .max(SERIES_COUNT_MAX, SERIES_MESSAGES.countInvalid);

/**
 * The zone whose local time the series keeps: the one the client sees the dates in (the booking
 * flow's, detected or picked), so the dates previewed are the dates booked. Absent: the client's
 * profile zone.
 */
const seriesTimeZoneSchema = timeZoneSchema.optional();

/** POST /api/bookings/series/preview. */
export const seriesPreviewInputSchema = z.object({
  service: z.string({ error: BOOKING_MESSAGES.serviceRequired }).pipe(serviceSlugSchema),
  start: z.string({ error: BOOKING_MESSAGES.startInvalid }).pipe(instantSchema),
  every: everySchema,
  count: countSchema,
  timeZone: seriesTimeZoneSchema,
});
export type SeriesPreviewInput = z.input<typeof seriesPreviewInputSchema>;

export const seriesOccurrenceSchema = z.object({
  /** UTC instant, ISO 8601. */
  start: z.string(),
  free: z.boolean(),
  /** Why not, when not free. */
  reason: z.enum(SERIES_UNAVAILABLE_REASONS).optional(),
});
export type SeriesOccurrence = z.infer<typeof seriesOccurrenceSchema>;

export const seriesPreviewSchema = z.object({ occurrences: z.array(seriesOccurrenceSchema) });
export type SeriesPreview = z.infer<typeof seriesPreviewSchema>;

/**
 * POST /api/bookings/series: the preview's fields (the same `timeZone` as the preview's) with the
 * single booking's (notes, answers, useCredit, couponCode: each session is paid as a single booking
 * would be).
 */
export const createSeriesSchema = createBookingSchema.extend({
  every: everySchema,
  count: countSchema,
  timeZone: seriesTimeZoneSchema,
  /** The dates the preview showed as taken that the client agreed to leave out. */
  skip: z
    .array(z.string({ error: SERIES_MESSAGES.skipInvalid }).pipe(instantSchema), {
      error: SERIES_MESSAGES.skipInvalid,
    })
    .max(SERIES_COUNT_MAX, SERIES_MESSAGES.skipInvalid)
    .optional(),
});
export type CreateSeriesInput = z.input<typeof createSeriesSchema>;

export const bookingSeriesSchema = z.object({
  id: z.string(),
  bookings: z.array(bookingRecordSchema),
});
export type BookingSeries = z.infer<typeof bookingSeriesSchema>;

export const createdSeriesSchema = z.object({
  series: bookingSeriesSchema,
  checkoutUrl: z.string().optional(),
});
export type CreatedSeries = z.infer<typeof createdSeriesSchema>;

/** POST /api/bookings/series/:id/cancel: `from` and the following, or without it every future one. */
export const cancelSeriesSchema = cancelBookingSchema.extend({
  /** A booking id of the series: that session and the following ones. */
  from: z.string().optional(),
});
export type CancelSeriesInput = z.input<typeof cancelSeriesSchema>;

export const cancelledSeriesSchema = z.object({ series: bookingSeriesSchema });
export type CancelledSeries = z.infer<typeof cancelledSeriesSchema>;

/**
 * The 409 of a series (type SERIES_CONFLICT_PROBLEM_TYPE when dates were taken meanwhile: `conflicts`
 * lists their starts; nothing was booked), or the single booking's 409s (caps, credits).
 */
export const seriesConflictProblemSchema = problemSchema.extend({
  conflicts: z.array(z.string()).optional(),
  nearestSlots: z.array(z.string()).optional(),
  bookingLimit: z.object({ kind: z.enum(BOOKING_LIMIT_KINDS), limit: z.number().int() }).optional(),
});
export type SeriesConflictProblem = z.infer<typeof seriesConflictProblemSchema>;

/** The owner's preview and booking of a series for a client (/admin/bookings). */
export const adminSeriesPreviewInputSchema = seriesPreviewInputSchema.extend({
  clientId: z.uuid({ error: BOOKING_MESSAGES.clientUnknown }),
});
export type AdminSeriesPreviewInput = z.input<typeof adminSeriesPreviewInputSchema>;
export const adminCreateSeriesSchema = createSeriesSchema.extend({
  clientId: z.uuid({ error: BOOKING_MESSAGES.clientUnknown }),
});
export type AdminCreateSeriesInput = z.input<typeof adminCreateSeriesSchema>;

/**
 * The owner's availability: weekly hours and date overrides as
 * wall-clock times in the owner's zone, the booking rules, and the public availability query.
 */
import { z } from 'zod';
import {
  calendarDaysInclusive,
  endTimeOfDaySchema,
  instantSchema,
  localDateSchema,
  timeOfDaySchema,
  timeToMinutes,
} from './fields';
import { timeZoneSchema } from '../time-zone-schema';
import { WAITLIST_OFFER_MINUTES_BOUNDS, WAITLIST_OFFER_MINUTES_DEFAULT } from '../waitlist/limits';
import {
  BOOKING_RULE_BOUNDS,
  DEFAULT_OWNER_TIME_ZONE,
  MAX_AVAILABILITY_RANGE_DAYS,
  MAX_DATE_OVERRIDES,
  MAX_INTERVALS_PER_DAY,
} from './limits';
import { BOOKING_MESSAGES as M } from './messages';
import { serviceSlugSchema } from './service';

/** Monday first, as ISO 8601 numbers weekdays (1 = Monday … 7 = Sunday). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Open from `start` until `end` (exclusive), wall-clock in the owner's zone; `end` may be 24:00. */
export const openIntervalSchema = z
  .object({ start: timeOfDaySchema, end: endTimeOfDaySchema })
  // A malformed time already has its own message; comparing it would add a misleading second one.
  .refine((interval) => !(timeToMinutes(interval.end) <= timeToMinutes(interval.start)), {
    message: M.intervalEndBeforeStart,
    path: ['end'],
  });
export type OpenInterval = z.infer<typeof openIntervalSchema>;

/**
 * One day's intervals. Intervals that merely touch (09:00–12:00, 12:00–13:00) are accepted and
 * count as one open stretch; intervals sharing any minute are refused.
 */
function dayIntervalsSchema(dayLabel: string) {
  return z
    .array(openIntervalSchema)
    .max(MAX_INTERVALS_PER_DAY, M.tooManyIntervals(dayLabel))
    .superRefine((intervals, ctx) => {
      if (intervalsOverlap(intervals)) {
        ctx.addIssue({ code: 'custom', message: M.intervalsOverlap(dayLabel) });
      }
    });
}

/** True when two of the intervals share a minute; reversed intervals are reported on their own. */
export function intervalsOverlap(intervals: readonly OpenInterval[]): boolean {
  const sorted = intervals
    .map((interval) => [timeToMinutes(interval.start), timeToMinutes(interval.end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i]![0] < sorted[i - 1]![1]) return true;
  }
  return false;
}

export const weeklyHoursSchema = z.object(
  Object.fromEntries(
    WEEKDAYS.map((day) => [day, dayIntervalsSchema(WEEKDAY_NAMES[day]).default([])]),
  ) as Record<Weekday, z.ZodDefault<ReturnType<typeof dayIntervalsSchema>>>,
);
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/**
 * A date the owner closes, or opens with its own intervals instead of the weekday's. A closed day's
 * intervals are ignored, so the form can keep them while the day is toggled closed.
 */
export const dateOverrideSchema = z
  .object({
    date: localDateSchema,
    closed: z.boolean({ error: M.overrideClosedInvalid }),
    intervals: z.array(openIntervalSchema).max(MAX_INTERVALS_PER_DAY).default([]),
  })
  .superRefine((override, ctx) => {
    if (override.closed) return;
    if (override.intervals.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['intervals'], message: M.overrideNeedsIntervals });
    } else if (intervalsOverlap(override.intervals)) {
      ctx.addIssue({
        code: 'custom',
        path: ['intervals'],
        message: M.intervalsOverlap(override.date),
      });
    }
  });
export type DateOverride = z.infer<typeof dateOverrideSchema>;

export const dateOverridesSchema = z
  .array(dateOverrideSchema)
  .max(MAX_DATE_OVERRIDES, M.tooManyOverrides)
  .superRefine((overrides, ctx) => {
    const seen = new Set<string>();
    overrides.forEach((override, index) => {
      if (seen.has(override.date)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'date'],
          message: M.overrideDuplicate(override.date),
        });
      }
      seen.add(override.date);
    });
  });

function wholeNumberRule(label: string, [min, max]: readonly [number, number], unit: string) {
  return z
    .number({ error: M.wholeNumber(label) })
    .int(M.wholeNumber(label))
    .min(min, M.atLeast(label, min, unit))
    .max(max, M.atMost(label, max, unit));
}

const B = BOOKING_RULE_BOUNDS;

export const DEFAULT_BOOKING_RULES = {
  timeZone: DEFAULT_OWNER_TIME_ZONE,
  minimumNoticeHours: 12,
  horizonDays: 60,
  bufferMinutes: 15,
  slotStepMinutes: 15,
  maxBookingsPerDay: null,
  holdMinutes: 30,
  cancellationCutoffHours: 24,
  maxHeldBookingsPerClient: 3,
  maxUnpaidBookingsPerClient: null,
  waitlistOfferMinutes: WAITLIST_OFFER_MINUTES_DEFAULT,
} as const;

export const bookingRulesSchema = z.object({
  /** The owner's IANA zone: weekly hours and overrides are wall-clock times in it. */
  timeZone: timeZoneSchema.default(DEFAULT_BOOKING_RULES.timeZone),
  /** No slot starts earlier than now plus this. */
  minimumNoticeHours: wholeNumberRule('Minimum notice', B.minimumNoticeHours, 'hours').default(
    DEFAULT_BOOKING_RULES.minimumNoticeHours,
  ),
  /** No slot starts later than now plus this many calendar days. */
  horizonDays: wholeNumberRule('Booking horizon', B.horizonDays, 'days').default(
    DEFAULT_BOOKING_RULES.horizonDays,
  ),
  /** Free time kept between two bookings, and between a booking and the edge of open hours. */
  bufferMinutes: wholeNumberRule('Buffer', B.bufferMinutes, 'minutes').default(
    DEFAULT_BOOKING_RULES.bufferMinutes,
  ),
  /** Slot starts lie on this grid, counted from each interval's start. */
  slotStepMinutes: wholeNumberRule('Slot step', B.slotStepMinutes, 'minutes').default(
    DEFAULT_BOOKING_RULES.slotStepMinutes,
  ),
  /** null: no limit. */
  maxBookingsPerDay: z
    .number({ error: M.maxPerDayInvalid })
    .int(M.maxPerDayInvalid)
    .min(B.maxBookingsPerDay[0], M.maxPerDayInvalid)
    .max(
      B.maxBookingsPerDay[1],
      M.atMost('Maximum bookings per day', B.maxBookingsPerDay[1], 'bookings'),
    )
    .nullable()
    .default(DEFAULT_BOOKING_RULES.maxBookingsPerDay),
  /** How long a slot is held for online payment before the booking expires. */
  holdMinutes: wholeNumberRule('Payment hold', B.holdMinutes, 'minutes').default(
    DEFAULT_BOOKING_RULES.holdMinutes,
  ),
  /** A client may cancel or reschedule only until this many hours before the start. */
  cancellationCutoffHours: wholeNumberRule(
    'Cancellation cutoff',
    B.cancellationCutoffHours,
    'hours',
  ).default(DEFAULT_BOOKING_RULES.cancellationCutoffHours),
  /**
   * How many bookings one client may hold waiting for online payment at once (decision 045); the
   * owner booking for a client is not counted against it.
   */
  maxHeldBookingsPerClient: wholeNumberRule(
    'Bookings held for payment per client',
    B.maxHeldBookingsPerClient,
    'bookings',
  ).default(DEFAULT_BOOKING_RULES.maxHeldBookingsPerClient),
  /** Under manual payments: how many upcoming unpaid bookings one client may have; null: no cap. */
  maxUnpaidBookingsPerClient: z
    .number({ error: M.maxUnpaidInvalid })
    .int(M.maxUnpaidInvalid)
    .min(B.maxUnpaidBookingsPerClient[0], M.maxUnpaidInvalid)
    .max(
      B.maxUnpaidBookingsPerClient[1],
      M.atMost('Unpaid bookings per client', B.maxUnpaidBookingsPerClient[1], 'bookings'),
    )
    .nullable()
    .default(DEFAULT_BOOKING_RULES.maxUnpaidBookingsPerClient),
  /** How long a time freed for the waitlist is held for the client it is offered to (issue 25). */
  waitlistOfferMinutes: wholeNumberRule(
    'Waitlist offer window',
    WAITLIST_OFFER_MINUTES_BOUNDS,
    'minutes',
  ).default(DEFAULT_BOOKING_RULES.waitlistOfferMinutes),
});
export type BookingRules = z.infer<typeof bookingRulesSchema>;

/** Monday to Friday, 09:00–17:00: a plausible start the owner then edits. */
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = {
  mon: [{ start: '09:00', end: '17:00' }],
  tue: [{ start: '09:00', end: '17:00' }],
  wed: [{ start: '09:00', end: '17:00' }],
  thu: [{ start: '09:00', end: '17:00' }],
  fri: [{ start: '09:00', end: '17:00' }],
  sat: [],
  sun: [],
};

/** Everything slot computation reads from the owner's configuration. */
export const schedulingConfigSchema = z.object({
  rules: bookingRulesSchema,
  weeklyHours: weeklyHoursSchema,
  dateOverrides: dateOverridesSchema.default([]),
});
export type SchedulingConfig = z.infer<typeof schedulingConfigSchema>;

/**
 * GET /api/availability: the days `from`…`to` (both included) as calendar days in `timeZone`,
 * the visitor's zone, so the calendar asks for exactly the days it shows.
 */
export const availabilityQuerySchema = z
  .object({
    service: z.string({ error: M.serviceRequired }).pipe(serviceSlugSchema),
    from: localDateSchema,
    to: localDateSchema,
    timeZone: timeZoneSchema,
  })
  .superRefine((query, ctx) => {
    const days = calendarDaysInclusive(query.from, query.to);
    if (days < 1) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: M.rangeReversed });
    } else if (days > MAX_AVAILABILITY_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: M.rangeTooLong });
    }
  });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

/** Slot starts as UTC instants, grouped by the visitor's calendar day; days without slots are left out. */
export const availabilitySchema = z.object({
  service: serviceSlugSchema,
  timeZone: z.string(),
  days: z.array(z.object({ date: z.string(), slots: z.array(instantSchema) })),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** The metrics API's shapes: the range asked for and the figures of it and of the range before. */
import { z } from 'zod';
import { BOOKING_STATES } from '../booking/booking';
import { isLocalDateString } from '../booking/fields';
import { METRICS_MESSAGES as M } from './messages';
import { METRICS_MAX_RANGE_DAYS, rangeDays } from './rules';

const dateSchema = z.string({ error: M.dateInvalid }).refine(isLocalDateString, M.dateInvalid);

/**
 * GET /api/admin/metrics and /api/admin/metrics/bookings.csv: calendar days in the owner's zone,
 * both included. Neither: the last 30 days.
 */
export const metricsQuerySchema = z
  .object({ from: dateSchema.optional(), to: dateSchema.optional() })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({ code: 'custom', message: M.bothDates, path: [query.from ? 'to' : 'from'] });
      return;
    }
    if (!query.from || !query.to) return;
    if (query.from > query.to) {
      ctx.addIssue({ code: 'custom', message: M.reversed, path: ['to'] });
    } else if (rangeDays({ from: query.from, to: query.to }) > METRICS_MAX_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', message: M.tooLong(METRICS_MAX_RANGE_DAYS), path: ['to'] });
    }
  });
export type MetricsQuery = z.infer<typeof metricsQuerySchema>;

const count = z.number().int().min(0);
/** A share from 0 to 1, or null when its denominator is zero. */
const rate = z.number().min(0).max(1).nullable();

export const metricsRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
});
export type MetricsRange = z.infer<typeof metricsRangeSchema>;

export const currencyRevenueSchema = z.object({
  currency: z.string(),
  paidMinor: z.number().int(),
  refundedMinor: z.number().int(),
  netMinor: z.number().int(),
});
export type CurrencyRevenue = z.infer<typeof currencyRevenueSchema>;

/**
 * The figures of one range. `bookings` and everything about them count bookings that start in the
 * range; `bookingsMade` counts those made (created) in it, whenever they start.
 */
export const metricsFiguresSchema = z.object({
  range: metricsRangeSchema,
  /** Bookings that start in the range, by state. */
  bookings: z.object({
    total: count,
    byState: z.object(
      Object.fromEntries(BOOKING_STATES.map((state) => [state, count])) as Record<
        (typeof BOOKING_STATES)[number],
        typeof count
      >,
    ),
  }),
  /** Cancelled bookings by who cancelled; a client's is late when inside the cancellation cutoff. */
  cancellations: z.object({ clientEarly: count, clientLate: count, owner: count }),
  /** Paid minus refunded per currency: payments by their paid date, refunds by theirs. */
  revenue: z.array(currencyRevenueSchema),
  /** Bookings made in the range, whenever they start; payment holds that expired are left out. */
  bookingsMade: count,
  newClients: count,
  contactMessages: count,
  /** Booked hours (confirmed, completed, no-show) over the open hours of the range. */
  utilisation: rate,
  /** No-shows over completed plus no-shows. */
  noShowRate: rate,
  /**
   * Package credits (issue 24): given by purchases paid (or grants) in the range, spent by bookings
   * made in it (less those given back), and unused credits of paid, unexpired purchases now, a
   * liability: sessions owed.
   */
  credits: z.object({ sold: count, used: count, outstanding: count }),
  /**
   * The waitlist (issue 25): freed times booked from an offer accepted in the range, still booked
   * (not cancelled since), as sessions and hours.
   */
  waitlist: z.object({ rebookedSessions: count, rebookedHours: z.number().min(0) }),
});
export type MetricsFigures = z.infer<typeof metricsFiguresSchema>;

export const metricsSchema = metricsFiguresSchema.extend({
  series: z.object({
    /** Every week (starting Monday) the range touches, zero weeks included. */
    bookingsPerWeek: z.array(z.object({ weekStart: z.string(), count })),
    /** Net revenue per month (YYYY-MM) and currency, months without money left out. */
    revenuePerMonth: z.array(
      z.object({ month: z.string(), currency: z.string(), netMinor: z.number().int() }),
    ),
  }),
  /** The range of the same length just before. */
  previous: metricsFiguresSchema,
});
export type Metrics = z.infer<typeof metricsSchema>;

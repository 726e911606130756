/**
 * The owner's metrics for a range of calendar days in their zone, and the range of the same length
 * before it. Every figure counts by a date of its own: bookings by start (and, beside them, bookings
 * made by creation), payments by their paid date, refunds by theirs, accounts and messages by
 * creation (docs/decisions/031-metrics.md, 038).
 */
import {
  BOOKING_STATES,
  METRICS_DEFAULT_DAYS,
  monthsOf,
  previousRange,
  shiftDate,
  weekStartsOf,
  type BookingState,
  type DayRange,
  type Metrics,
  type MetricsFigures,
  type MetricsQuery,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import { storableBound } from '../../db/storable-bound';
import { rangeForDays, ZoneClock, dateToWallMs, wallMsToDate } from '../clock';
import { loadSchedulingSettings } from '../bookings';
import { creditTotals } from '../packages';
import { rebookedFromWaitlist } from '../waitlist';
import {
  bookingsByWeekAndState,
  cancellationsByActor,
  countMadeInRange,
  paidByMonth,
  refundedByMonth,
  type InstantBounds,
  type MonthMoneyRow,
  type WeekStateRow,
} from './metrics-repository';
import { openMilliseconds } from './open-hours';

/** States whose time the owner spent or keeps for the client: they count as booked hours. */
const BOOKED_STATES: readonly BookingState[] = ['confirmed', 'completed', 'no_show'];

type Settings = Awaited<ReturnType<typeof loadSchedulingSettings>>;

/** The asked range, or the last 30 days up to the owner's today. */
export function resolveRange(query: MetricsQuery, timeZone: string, now: Date): DayRange {
  if (query.from && query.to) return { from: query.from, to: query.to };
  const today = wallMsToDate(ZoneClock.for(timeZone).dateAt(now.getTime()));
  return { from: shiftDate(today, -(METRICS_DEFAULT_DAYS - 1)), to: today };
}

export function boundsOf(range: DayRange, timeZone: string): InstantBounds {
  const { start, end } = rangeForDays(range.from, range.to, timeZone);
  return { start: storableBound(start), end: storableBound(end) };
}

/** The first instant of each calendar day (YYYY-MM-DD) in the zone. */
function firstInstants(dates: readonly string[], timeZone: string): Date[] {
  const clock = ZoneClock.for(timeZone);
  return dates.map((date) => new Date(clock.startOfDate(dateToWallMs(date))));
}

interface RangeData {
  figures: MetricsFigures;
  /** Mondays (YYYY-MM-DD) and months (YYYY-MM) of the range, which the rows' buckets index. */
  weekStarts: string[];
  months: string[];
  weeks: WeekStateRow[];
  paid: MonthMoneyRow[];
  refunded: MonthMoneyRow[];
}

function sumBy<T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number) {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(key(row), (totals.get(key(row)) ?? 0) + value(row));
  return totals;
}

async function figuresOf(
  deps: Pick<AppDeps, 'db'>,
  settings: Settings,
  range: DayRange,
  now: Date,
): Promise<RangeData> {
  const timeZone = settings.rules.timeZone;
  const bounds = boundsOf(range, timeZone);
  const weekStarts = weekStartsOf(range);
  const months = monthsOf(range);
  const monthStarts = firstInstants(
    months.map((month) => `${month}-01`),
    timeZone,
  );
  const [weeks, cancellations, paid, refunded, people, credits, waitlist] = await Promise.all([
    bookingsByWeekAndState(deps.db, bounds, firstInstants(weekStarts, timeZone)),
    cancellationsByActor(deps.db, bounds, settings.rules.cancellationCutoffHours),
    paidByMonth(deps.db, bounds, monthStarts),
    refundedByMonth(deps.db, bounds, monthStarts),
    countMadeInRange(deps.db, bounds),
    creditTotals(deps.db, bounds, now),
    rebookedFromWaitlist(deps.db, bounds),
  ]);

  const byState = Object.fromEntries(BOOKING_STATES.map((state) => [state, 0])) as Record<
    BookingState,
    number
  >;
  let bookedMinutes = 0;
  for (const row of weeks) {
    byState[row.state] += row.count;
    if (BOOKED_STATES.includes(row.state)) bookedMinutes += row.minutes;
  }
  const total = BOOKING_STATES.reduce((sum, state) => sum + byState[state], 0);

  const paidTotals = sumBy(
    paid,
    (r) => r.currency,
    (r) => r.minor,
  );
  const refundedTotals = sumBy(
    refunded,
    (r) => r.currency,
    (r) => r.minor,
  );
  const currencies = [...new Set([...paidTotals.keys(), ...refundedTotals.keys()])].sort();
  const revenue = currencies.map((currency) => {
    const paidMinor = paidTotals.get(currency) ?? 0;
    const refundedMinor = refundedTotals.get(currency) ?? 0;
    return { currency, paidMinor, refundedMinor, netMinor: paidMinor - refundedMinor };
  });

  const openMinutes = openMilliseconds(settings, range.from, range.to) / 60_000;
  const attended = byState.completed + byState.no_show;
  return {
    figures: {
      range: { ...range, timeZone },
      bookings: { total, byState },
      cancellations,
      revenue,
      bookingsMade: people.bookingsMade,
      newClients: people.newClients,
      contactMessages: people.contactMessages,
      credits,
      waitlist,
      // Bookings outside the open hours (the owner may book them) can exceed them: capped at all.
      utilisation: openMinutes > 0 ? Math.min(1, bookedMinutes / openMinutes) : null,
      noShowRate: attended > 0 ? byState.no_show / attended : null,
    },
    weekStarts,
    months,
    weeks,
    paid,
    refunded,
  };
}

export async function computeMetrics(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'ownerTimeZone'>,
  query: MetricsQuery,
): Promise<Metrics> {
  const settings = await loadSchedulingSettings(deps.db, deps.log);
  const range = resolveRange(query, settings.rules.timeZone, deps.clock());
  const [current, previous] = await Promise.all([
    figuresOf(deps, settings, range, deps.clock()),
    figuresOf(deps, settings, previousRange(range), deps.clock()),
  ]);

  const perWeek = sumBy(
    current.weeks,
    (r) => String(r.week),
    (r) => r.count,
  );
  const bookingsPerWeek = current.weekStarts.map((weekStart, week) => ({
    weekStart,
    count: perWeek.get(String(week)) ?? 0,
  }));
  const key = (r: MonthMoneyRow) => `${r.month} ${r.currency}`;
  const paid = sumBy(current.paid, key, (r) => r.minor);
  const refunded = sumBy(current.refunded, key, (r) => r.minor);
  const currencies = current.figures.revenue.map((r) => r.currency);
  const revenuePerMonth = current.months.flatMap((month, index) =>
    currencies
      .filter(
        (currency) => paid.has(`${index} ${currency}`) || refunded.has(`${index} ${currency}`),
      )
      .map((currency) => ({
        month,
        currency,
        netMinor:
          (paid.get(`${index} ${currency}`) ?? 0) - (refunded.get(`${index} ${currency}`) ?? 0),
      })),
  );

  return {
    ...current.figures,
    series: { bookingsPerWeek, revenuePerMonth },
    previous: previous.figures,
  };
}

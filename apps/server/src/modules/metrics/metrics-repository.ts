/**
 * The metrics' aggregates: each query counts or sums in the database and answers a handful of
 * grouped rows, whatever the number of bookings and payments (indexes in migration 0012).
 * `start`/`end` are the instants of the range, half-open [start, end). Weeks and months are
 * buckets whose first instants the caller works out in the owner's zone: `width_bucket` over them
 * costs half of converting every row with `at time zone` (measured on 20,000 bookings).
 */
import { sql } from 'drizzle-orm';
import type { BookingState } from '@consult/shared';
import { queryRows, type Db } from '../../db/client';

export interface InstantBounds {
  start: Date;
  end: Date;
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** Ascending instants as one timestamptz[] parameter (ISO strings hold no comma or quote). */
const instants = (starts: readonly Date[]) =>
  sql`${`{${starts.map((d) => d.toISOString()).join(',')}}`}::timestamptz[]`;

export interface WeekStateRow {
  /** Index into the week starts given. */
  week: number;
  state: BookingState;
  count: number;
  /** Minutes booked (sum of durations) of these bookings. */
  minutes: number;
}

/** Bookings starting in the range per week (by the weeks' first instants, ascending) and state. */
export async function bookingsByWeekAndState(
  db: Db,
  bounds: InstantBounds,
  weekStarts: readonly Date[],
): Promise<WeekStateRow[]> {
  const rows = await queryRows<{ week: number; state: BookingState; n: number; minutes: number }>(
    db,
    sql`select width_bucket(start_at, ${instants(weekStarts)}) - 1 as week, state,
          count(*)::int as n, coalesce(sum(duration_minutes), 0)::float8 as minutes
        from bookings
        where start_at >= ${at(bounds.start)} and start_at < ${at(bounds.end)}
        group by 1, 2`,
  );
  return rows.map((row) => ({
    week: Number(row.week),
    state: row.state,
    count: Number(row.n),
    minutes: Number(row.minutes),
  }));
}

export interface CancellationCounts {
  clientEarly: number;
  clientLate: number;
  owner: number;
}

/**
 * Cancelled bookings starting in the range by who cancelled (the booking's last `cancelled` event):
 * a client's is late when it came less than `cutoffHours` before the start.
 */
export async function cancellationsByActor(
  db: Db,
  bounds: InstantBounds,
  cutoffHours: number,
): Promise<CancellationCounts> {
  const [row] = await queryRows<{ client_early: number; client_late: number; owner: number }>(
    db,
    sql`select
          count(*) filter (where e.actor_type = 'client'
            and b.start_at - coalesce(b.cancelled_at, e.created_at) >= make_interval(hours => ${cutoffHours}::int))::int as client_early,
          count(*) filter (where e.actor_type = 'client'
            and b.start_at - coalesce(b.cancelled_at, e.created_at) < make_interval(hours => ${cutoffHours}::int))::int as client_late,
          count(*) filter (where e.actor_type is distinct from 'client')::int as owner
        from bookings b
        left join lateral (
          select actor_type, created_at from booking_events
          where booking_id = b.id and action = 'cancelled'
          order by created_at desc limit 1
        ) e on true
        where b.state = 'cancelled' and b.start_at >= ${at(bounds.start)} and b.start_at < ${at(bounds.end)}`,
  );
  return {
    clientEarly: Number(row?.client_early ?? 0),
    clientLate: Number(row?.client_late ?? 0),
    owner: Number(row?.owner ?? 0),
  };
}

export interface MonthMoneyRow {
  /** Index into the month starts given. */
  month: number;
  currency: string;
  minor: number;
}

/** Counts and sums come back from the driver as text or numbers: numbers, always. */
function toMonthMoney(row: MonthMoneyRow): MonthMoneyRow {
  return { month: Number(row.month), currency: row.currency, minor: Number(row.minor) };
}

/** Money received in the range per month and currency, by each payment's paid date. */
export async function paidByMonth(
  db: Db,
  bounds: InstantBounds,
  monthStarts: readonly Date[],
): Promise<MonthMoneyRow[]> {
  const rows = await queryRows<MonthMoneyRow>(
    db,
    sql`select width_bucket(paid_at, ${instants(monthStarts)}) - 1 as month, currency,
          sum(amount_minor)::float8 as minor
        from payments
        where paid_at >= ${at(bounds.start)} and paid_at < ${at(bounds.end)}
        group by 1, 2`,
  );
  return rows.map(toMonthMoney);
}

/** Refunds that succeeded in the range per month and currency, by the refund's date. */
export async function refundedByMonth(
  db: Db,
  bounds: InstantBounds,
  monthStarts: readonly Date[],
): Promise<MonthMoneyRow[]> {
  const rows = await queryRows<MonthMoneyRow>(
    db,
    sql`select width_bucket(r.created_at, ${instants(monthStarts)}) - 1 as month, p.currency,
          sum(r.amount_minor)::float8 as minor
        from payment_refunds r join payments p on p.id = r.payment_id
        where r.status = 'succeeded'
          and r.created_at >= ${at(bounds.start)} and r.created_at < ${at(bounds.end)}
        group by 1, 2`,
  );
  return rows.map(toMonthMoney);
}

/**
 * Bookings made (created) in the range whatever their start, leaving out payment holds that
 * expired; client accounts (not admins) created in it; contact messages received in it.
 */
export async function countMadeInRange(
  db: Db,
  bounds: InstantBounds,
): Promise<{ bookingsMade: number; newClients: number; contactMessages: number }> {
  const [row] = await queryRows<{
    bookings_made: number;
    new_clients: number;
    contact_messages: number;
  }>(
    db,
    sql`select
          (select count(*) from bookings where state <> 'expired'
            and created_at >= ${at(bounds.start)} and created_at < ${at(bounds.end)})::int as bookings_made,
          (select count(*) from users where role = 'user'
            and created_at >= ${at(bounds.start)} and created_at < ${at(bounds.end)})::int as new_clients,
          (select count(*) from contact_messages
            where created_at >= ${at(bounds.start)} and created_at < ${at(bounds.end)})::int as contact_messages`,
  );
  return {
    bookingsMade: Number(row?.bookings_made ?? 0),
    newClients: Number(row?.new_clients ?? 0),
    contactMessages: Number(row?.contact_messages ?? 0),
  };
}

export interface BookingCsvRow {
  id: string;
  startAt: Date;
  endAt: Date;
  state: BookingState;
  serviceTitle: string;
  durationMinutes: number;
  priceMinor: number;
  currency: string;
  clientName: string;
  clientEmail: string;
  paymentStatus: string | null;
  paidMinor: number | null;
  refundedMinor: number | null;
  cancelledAt: Date | null;
}

/**
 * One page of the range's bookings for the CSV, by start then id; `after` is the last row of the
 * previous page (keyset paging: each page is an index range scan, however deep).
 */
export async function bookingsCsvPage(
  db: Db,
  bounds: InstantBounds,
  after: { startAt: Date; id: string } | null,
  limit: number,
): Promise<BookingCsvRow[]> {
  const rows = await queryRows<{
    id: string;
    start_at: string | Date;
    end_at: string | Date;
    state: BookingState;
    service_title: string;
    duration_minutes: number;
    price_minor: number;
    currency: string;
    client_name: string;
    client_email: string;
    payment_status: string | null;
    paid_minor: number | null;
    refunded_minor: number | null;
    cancelled_at: string | Date | null;
  }>(
    db,
    sql`select b.id, b.start_at, b.end_at, b.state, b.service_title, b.duration_minutes,
          b.price_minor, b.currency, u.name as client_name, u.email as client_email,
          p.status as payment_status, p.amount_minor as paid_minor, p.refunded_minor, b.cancelled_at
        from bookings b
        join users u on u.id = b.client_id
        left join payments p on p.booking_id = b.id
        where b.start_at >= ${at(bounds.start)} and b.start_at < ${at(bounds.end)}
          ${after ? sql`and (b.start_at, b.id) > (${at(after.startAt)}, ${after.id}::uuid)` : sql``}
        order by b.start_at, b.id
        limit ${limit}`,
  );
  const instant = (value: string | Date) => (value instanceof Date ? value : new Date(value));
  return rows.map((row) => ({
    id: row.id,
    startAt: instant(row.start_at),
    endAt: instant(row.end_at),
    state: row.state,
    serviceTitle: row.service_title,
    durationMinutes: Number(row.duration_minutes),
    priceMinor: Number(row.price_minor),
    currency: row.currency,
    clientName: row.client_name,
    clientEmail: row.client_email,
    paymentStatus: row.payment_status,
    paidMinor: row.paid_minor === null ? null : Number(row.paid_minor),
    refundedMinor: row.refunded_minor === null ? null : Number(row.refunded_minor),
    cancelledAt: row.cancelled_at === null ? null : instant(row.cancelled_at),
  }));
}

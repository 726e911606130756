/** The series rows and the bookings each one made. */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { BLOCKING_BOOKING_STATES } from '@consult/shared';
import type { Db, Tx } from '../../../db/client';
import { bookingSeries, bookings } from '../schema';
import type { BookingRow } from '../bookings-repository';

export type SeriesRow = typeof bookingSeries.$inferSelect;
export type NewSeriesRow = typeof bookingSeries.$inferInsert;

export async function insertSeries(tx: Tx, values: NewSeriesRow): Promise<SeriesRow> {
  const [row] = await tx.insert(bookingSeries).values(values).returning();
  return row!;
}

/** The zone whose local time the series keeps; null for a booking made alone. */
export async function findSeriesTimeZone(db: Db, id: string | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ timeZone: bookingSeries.timeZone })
    .from(bookingSeries)
    .where(eq(bookingSeries.id, id));
  return row?.timeZone ?? null;
}

/** The series locked for a change: two cancellations of one series run one after the other. */
export async function lockSeries(tx: Tx, id: string): Promise<SeriesRow | undefined> {
  const [row] = await tx.select().from(bookingSeries).where(eq(bookingSeries.id, id)).for('update');
  return row;
}

/** Every booking of the series, soonest first. */
export async function listSeriesBookings(db: Db, seriesId: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(eq(bookings.seriesId, seriesId))
    .orderBy(asc(bookings.startAt), asc(bookings.id));
}

/** The series' held and confirmed bookings starting at or after `from`, locked, soonest first. */
export async function lockActiveSeriesBookings(
  tx: Tx,
  seriesId: string,
  from: Date,
): Promise<BookingRow[]> {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.seriesId, seriesId),
        inArray(bookings.state, [...BLOCKING_BOOKING_STATES]),
        gte(bookings.startAt, from),
      ),
    )
    .orderBy(asc(bookings.startAt), asc(bookings.id))
    .for('update');
}

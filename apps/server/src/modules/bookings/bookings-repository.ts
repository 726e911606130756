/**
 * The bookings table and its history: queries only. Every function takes a `Db`, so the booking
 * service runs them inside one transaction with the mails.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { BLOCKING_BOOKING_STATES } from '@consult/shared';
import type { Db, Tx } from '../../db/client';
import { storableBound } from '../../db/storable-bound';
import { BOOKING_REFERENCE_INDEX, bookingEvents, bookings } from './schema';
import { newBookingReference } from './booking-reference';
import { isUniqueViolation, violatedConstraint } from '../../db/database-errors';
import type { ServiceRow } from './services-repository';
import type { BusyRange, InstantRange } from './availability/slots';
import { DAY_MS, wallMsToDate, ZoneClock } from '../clock';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = typeof bookings.$inferInsert;
export type NewBookingEvent = typeof bookingEvents.$inferInsert;

const FINISHED_STATES = ['completed', 'no_show', 'cancelled', 'expired'] as const;

export async function findBookingById(db: Db, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/** Locks the row until the transaction ends, so two changes of one booking run one after the other. */
export async function lockBookingById(db: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

export async function findBookingByIdempotencyKey(
  db: Db,
  clientId: string,
  idempotencyKey: string,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.clientId, clientId), eq(bookings.idempotencyKey, idempotencyKey)));
  return row;
}

/** What a booking keeps of its service as it was when booked: later edits of the service leave it. */
export function serviceSnapshot(service: ServiceRow) {
  return {
    serviceId: service.id,
    serviceSlug: service.slug,
    serviceTitle: service.title,
    durationMinutes: service.durationMinutes,
    meetingMode: service.meetingMode,
    address: service.address,
    priceMinor: service.priceMinor,
    currency: service.currency,
  };
}

/**
 * Throws the exclusion violation (23P01) when the time overlaps another held or confirmed booking,
 * and the unique violation (23505) when the client already used the Idempotency-Key.
 */
export async function insertBooking(db: Db, values: NewBookingRow): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  return row!;
}

/** Draws after which a taken reference is no longer luck but a fault worth surfacing. */
const REFERENCE_DRAWS = 5;

/**
 * Inserts the booking with a freshly drawn reference, each try in a savepoint so that a taken code
 * leaves the caller's transaction usable and is drawn again; any other refusal (the time taken,
 * the Idempotency-Key used) is thrown as it came.
 */
export async function insertBookingWithReference(
  tx: Tx,
  values: Omit<NewBookingRow, 'reference'>,
  draw: () => string = newBookingReference,
): Promise<BookingRow> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await tx.transaction((savepoint) =>
        insertBooking(savepoint, { ...values, reference: draw() }),
      );
    } catch (error) {
      const referenceTaken =
        isUniqueViolation(error) && violatedConstraint(error) === BOOKING_REFERENCE_INDEX;
      if (!referenceTaken || attempt >= REFERENCE_DRAWS) throw error;
    }
  }
}

/** One UPDATE of the row; a new time is checked by the exclusion constraint against the others. */
export async function updateBooking(
  db: Db,
  id: string,
  patch: Partial<Omit<NewBookingRow, 'id' | 'clientId' | 'createdAt'>>,
): Promise<BookingRow> {
  const [row] = await db
    .update(bookings)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(bookings.id, id))
    .returning();
  return row!;
}

export async function insertBookingEvent(db: Db, event: NewBookingEvent): Promise<void> {
  await db.insert(bookingEvents).values(event);
}

/**
 * Held and confirmed bookings whose blocked time [start, blocked_until) meets `window`, as their
 * own meeting times (what computeAvailableSlots takes as `busy`). One query through the GiST index
 * of the no-overlap constraint; `exceptId` leaves out a booking being moved.
 */
export async function listBusyRanges(
  db: Db,
  window: InstantRange,
  exceptId?: string,
): Promise<BusyRange[]> {
  return db
    .select({ start: bookings.startAt, end: bookings.endAt })
    .from(bookings)
    .where(
      and(
        inArray(bookings.state, [...BLOCKING_BOOKING_STATES]),
        sql`tstzrange(${bookings.startAt}, ${bookings.blockedUntil}, '[)') && tstzrange(${storableBound(window.start).toISOString()}::timestamptz, ${storableBound(window.end).toISOString()}::timestamptz, '[)')`,
        exceptId ? ne(bookings.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(bookings.startAt));
}

/** Held and confirmed bookings of a client that have not ended, soonest first. */
export async function listUpcomingBookings(
  db: Db,
  clientId: string,
  now: Date,
): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.clientId, clientId),
        inArray(bookings.state, [...BLOCKING_BOOKING_STATES]),
        gt(bookings.endAt, now),
      ),
    )
    .orderBy(asc(bookings.startAt), asc(bookings.id));
}

function pastCondition(clientId: string, now: Date) {
  return and(
    eq(bookings.clientId, clientId),
    or(lte(bookings.endAt, now), inArray(bookings.state, [...FINISHED_STATES])),
  );
}

/** Bookings that have ended or are finished (completed, no-show, cancelled, expired). */
export async function countPastBookings(db: Db, clientId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(bookings)
    .where(pastCondition(clientId, now));
  return row?.total ?? 0;
}

/** One page of the past bookings, newest first. */
export async function listPastBookings(
  db: Db,
  clientId: string,
  now: Date,
  page: { offset: number; limit: number },
): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(pastCondition(clientId, now))
    .orderBy(desc(bookings.startAt), desc(bookings.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * Serialises the bookings of the owner-local days `range` touches (a booking's start to the end of
 * its buffer) until the transaction ends, in ascending order as every writer takes them. Two
 * bookings that overlap share a day, so the second waits for the first to commit and its check then
 * finds the time taken. Without it both rows reach the exclusion constraint, which makes each wait
 * for the other's uncommitted row: a deadlock that PostgreSQL breaks by failing one of them. The
 * daily maximum, a count, needs it too. The day is worked out here, with the zone data the slots
 * use: PostgreSQL's own may not know a zone the runtime accepts (e.g. US/Pacific-New).
 */
export async function lockOwnerDays(
  db: Tx,
  range: InstantRange,
  ownerTimeZone: string,
): Promise<void> {
  const clock = ZoneClock.for(ownerTimeZone);
  const last = clock.dateAt(Math.max(range.start.getTime(), range.end.getTime() - 1));
  for (let day = clock.dateAt(range.start.getTime()); day <= last; day += DAY_MS) {
    const key = `booking-day:${wallMsToDate(day)}`;
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}

/**
 * Serialises one client's new bookings until the transaction ends: their caps (decision 045) are
 * counts, and two bookings sent at once could each see one place left.
 */
export async function lockClientBookings(db: Tx, clientId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`booking-client:${clientId}`}, 0))`,
  );
}

/**
 * A booking still held for online payment: pending_payment with its hold running, or with no hold
 * end (a delayed payment on its way). A hold already run out is the expiry job's, not the client's.
 */
const stillHeld = (now: Date) =>
  and(
    eq(bookings.state, 'pending_payment'),
    or(sql`${bookings.holdUntil} is null`, gt(bookings.holdUntil, now)),
  );

/** How many of the client's bookings are held waiting for online payment now. */
export async function countHeldBookings(db: Db, clientId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(bookings)
    .where(and(eq(bookings.clientId, clientId), stillHeld(now)));
  return row?.total ?? 0;
}

/** How many of the client's bookings that have not started are not paid yet (held ones included). */
export async function countUnpaidUpcomingBookings(
  db: Db,
  clientId: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.clientId, clientId),
        eq(bookings.paymentDue, true),
        gt(bookings.startAt, now),
        or(eq(bookings.state, 'confirmed'), stillHeld(now)),
      ),
    );
  return row?.total ?? 0;
}

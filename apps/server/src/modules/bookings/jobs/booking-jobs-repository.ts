/**
 * The queries of the bookings' scheduled work. The claims lock their rows FOR UPDATE SKIP LOCKED,
 * so they take the transaction the work runs in: nodes running the same job share the rows out.
 */
import { and, asc, eq, gt, inArray, isNull, lte, notInArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { bookingEvents, bookings } from '../schema';
import type { BookingRow, NewBookingEvent } from '../bookings-repository';

/**
 * Pending-payment bookings whose hold has run out, oldest hold first, leaving out the ones in
 * `except` (paid meanwhile, waiting for their webhook).
 */
export async function claimExpiredHolds(
  tx: Tx,
  now: Date,
  limit: number,
  except: string[] = [],
): Promise<BookingRow[]> {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.state, 'pending_payment'),
        lte(bookings.holdUntil, now),
        except.length > 0 ? notInArray(bookings.id, except) : undefined,
      ),
    )
    .orderBy(asc(bookings.holdUntil))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Confirmed bookings that have ended, first ended first. */
export async function claimEndedBookings(tx: Tx, now: Date, limit: number): Promise<BookingRow[]> {
  return tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.state, 'confirmed'), lte(bookings.endAt, now)))
    .orderBy(asc(bookings.endAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Confirmed bookings without a reminder that start after `now` and by `leadEnd`, soonest first,
 * leaving out the ones in `except` (their reminder failed in this run).
 */
export async function claimDueReminders(
  tx: Tx,
  window: { now: Date; leadEnd: Date; except: string[] },
  limit: number,
): Promise<BookingRow[]> {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.state, 'confirmed'),
        isNull(bookings.reminderSentAt),
        gt(bookings.startAt, window.now),
        lte(bookings.startAt, window.leadEnd),
        window.except.length > 0 ? notInArray(bookings.id, window.except) : undefined,
      ),
    )
    .orderBy(asc(bookings.startAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** One UPDATE of several rows' state, as a system change at `now`. */
export async function setBookingsState(
  tx: Tx,
  ids: string[],
  state: BookingRow['state'],
  now: Date,
): Promise<void> {
  await tx.update(bookings).set({ state, updatedAt: now }).where(inArray(bookings.id, ids));
}

export async function insertBookingEvents(tx: Tx, events: NewBookingEvent[]): Promise<void> {
  await tx.insert(bookingEvents).values(events);
}

export async function markReminderSent(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(bookings).set({ reminderSentAt: now, updatedAt: now }).where(eq(bookings.id, id));
}

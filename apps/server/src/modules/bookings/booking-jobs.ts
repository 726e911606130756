/**
 * The bookings' scheduled work: expire unpaid holds, send the reminders, complete bookings that
 * have ended. Each run claims its rows with FOR UPDATE SKIP LOCKED and changes them, their events
 * and their mails in one transaction, so any number of app nodes may run these jobs at once and a
 * crash or restart neither loses nor repeats anything.
 */
import { REMINDER_LEAD_HOURS } from '@consult/shared';
import { and, asc, eq, gt, inArray, isNull, lte, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Job } from '../../jobs/job-runner';
import { users } from '../users/schema';
import { bookingMailOwner, queueBookingMails } from './booking-mails';
import { decideStateChange, isHoldExpired } from './booking-state';
import { bookingEvents, bookings } from './schema';
import { HOUR_MS } from './zone-clock';

export const HOLD_EXPIRY_INTERVAL_MS = 60_000;
export const REMINDER_INTERVAL_MS = 60_000;
export const COMPLETION_INTERVAL_MS = 5 * 60_000;

/** Rows per transaction: short locks, and a backlog is worked off in a few rounds of one run. */
const BATCH_SIZE = 50;

type BookingRow = typeof bookings.$inferSelect;

const SYSTEM = { kind: 'system' } as const;

/**
 * Claims up to BATCH_SIZE rows matching `where` (skipping rows another node holds), lets `work`
 * change them in the same transaction, and repeats until a batch comes back short.
 * Returns how many rows `work` reported changed.
 */
async function inBatches(
  db: Db,
  claim: (tx: Db) => Promise<BookingRow[]>,
  work: (tx: Db, rows: BookingRow[]) => Promise<number>,
): Promise<number> {
  let changed = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const rows = await claim(tx);
      if (rows.length > 0) changed += await work(tx, rows);
      return rows.length;
    });
    if (claimed < BATCH_SIZE) return changed;
  }
}

/** Moves the rows to `to` as the system, one event each. */
async function systemTransition(
  tx: Db,
  rows: BookingRow[],
  to: 'expired' | 'completed',
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  await tx
    .update(bookings)
    .set({ state: to, updatedAt: now })
    .where(
      inArray(
        bookings.id,
        rows.map((row) => row.id),
      ),
    );
  await tx.insert(bookingEvents).values(
    rows.map((row) => ({
      bookingId: row.id,
      action: to,
      fromState: row.state,
      toState: to,
      actorType: 'system' as const,
      details: to === 'expired' ? { holdUntil: row.holdUntil?.toISOString() ?? null } : {},
      createdAt: now,
    })),
  );
  return rows.length;
}

/** Pending-payment bookings whose hold ran out become expired, freeing their slots. */
export async function expireHolds(app: FastifyInstance, now: Date = new Date()): Promise<number> {
  return inBatches(
    app.db,
    (tx) =>
      tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.state, 'pending_payment'), lte(bookings.holdUntil, now)))
        .orderBy(asc(bookings.holdUntil))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true }),
    (tx, rows) =>
      systemTransition(
        tx,
        rows.filter((row) => isHoldExpired(row, now)),
        'expired',
        now,
      ),
  );
}

/** Confirmed bookings that have ended become completed (the owner may still mark a no-show). */
export async function completePastBookings(
  app: FastifyInstance,
  now: Date = new Date(),
): Promise<number> {
  return inBatches(
    app.db,
    (tx) =>
      tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.state, 'confirmed'), lte(bookings.endAt, now)))
        .orderBy(asc(bookings.endAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true }),
    (tx, rows) =>
      systemTransition(
        tx,
        rows.filter(
          (row) =>
            decideStateChange({
              booking: { state: row.state, start: row.startAt, end: row.endAt, holdUntil: null },
              to: 'completed',
              actor: SYSTEM,
              now,
              cutoffHours: 0,
            }).allowed,
        ),
        'completed',
        now,
      ),
  );
}

/**
 * Queues the reminder of each confirmed booking starting within REMINDER_LEAD_HOURS (and not yet
 * started) that has none yet. The mail, reminder_sent_at and the event commit together: a
 * reminder is queued exactly once. A booking whose reminder fails is left for the next run.
 */
export async function sendDueReminders(
  app: FastifyInstance,
  now: Date = new Date(),
): Promise<number> {
  const leadEnd = new Date(now.getTime() + REMINDER_LEAD_HOURS * HOUR_MS);
  const failed: string[] = [];
  return inBatches(
    app.db,
    (tx) =>
      tx
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.state, 'confirmed'),
            isNull(bookings.reminderSentAt),
            gt(bookings.startAt, now),
            lte(bookings.startAt, leadEnd),
            failed.length > 0 ? notInArray(bookings.id, failed) : undefined,
          ),
        )
        .orderBy(asc(bookings.startAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true }),
    async (tx, rows) => {
      const owner = await bookingMailOwner(app, tx);
      const clients = await tx
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          timeZone: users.timeZone,
          phone: users.phone,
        })
        .from(users)
        .where(
          inArray(
            users.id,
            rows.map((row) => row.clientId),
          ),
        );
      const clientById = new Map(clients.map((client) => [client.id, client]));
      let sent = 0;
      for (const row of rows) {
        const client = clientById.get(row.clientId);
        try {
          if (!client) throw new Error('the booking has no client');
          // A savepoint per booking: one that fails is rolled back alone and retried next run.
          await tx.transaction(async (sp) => {
            await queueBookingMails(sp, app.mailer, {
              kind: 'reminder',
              booking: row,
              client,
              owner,
              appUrl: app.config.APP_URL,
            });
            await sp
              .update(bookings)
              .set({ reminderSentAt: now, updatedAt: now })
              .where(eq(bookings.id, row.id));
            await sp.insert(bookingEvents).values({
              bookingId: row.id,
              action: 'reminder_sent',
              fromState: row.state,
              toState: row.state,
              actorType: 'system',
              details: { to: client.email },
              createdAt: now,
            });
          });
          sent += 1;
        } catch (err) {
          failed.push(row.id);
          app.log.error({ err, bookingId: row.id }, 'booking reminder failed');
        }
      }
      return sent;
    },
  );
}

/** The jobs app.ts registers with the runner. */
export function bookingJobs(app: FastifyInstance): Job[] {
  return [
    {
      name: 'booking-hold-expiry',
      intervalMs: HOLD_EXPIRY_INTERVAL_MS,
      run: async () => {
        await expireHolds(app);
      },
    },
    {
      name: 'booking-reminders',
      intervalMs: REMINDER_INTERVAL_MS,
      run: async () => {
        await sendDueReminders(app);
      },
    },
    {
      name: 'booking-completion',
      intervalMs: COMPLETION_INTERVAL_MS,
      run: async () => {
        await completePastBookings(app);
      },
    },
  ];
}

/**
 * The bookings' scheduled work: expire unpaid holds, send the reminders, complete bookings that
 * have ended. Each run claims its rows with FOR UPDATE SKIP LOCKED and changes them, their events
 * and their mails in one transaction, so any number of app nodes may run these jobs at once and a
 * crash or restart neither loses nor repeats anything.
 */
import { REMINDER_LEAD_HOURS, MINUTE_MS } from '@consult/shared';
import type { AppDeps } from '../../../app-deps';
import type { Db, Tx } from '../../../db/client';
import type { Job } from '../../../jobs/job-runner';
import { findUserContacts } from '../../users';
import {
  claimDueReminders,
  claimEndedBookings,
  claimExpiredHolds,
  insertBookingEvents,
  markReminderSent,
  setBookingsState,
} from './booking-jobs-repository';
import { bookingMailOwner, queueBookingMails } from '../mails/booking-mails';
import { decideStateChange, isHoldExpired } from '../booking-state';
import type { BookingRow } from '../bookings-repository';
import { expireHeldBooking } from '../changes/expire-held-booking';
import { HOUR_MS } from '../../clock';

/** What the booking jobs work with. */
export type BookingJobDeps = Pick<
  AppDeps,
  'db' | 'mailer' | 'log' | 'config' | 'clock' | 'payments' | 'bookingPayments'
>;

export const HOLD_EXPIRY_INTERVAL_MS = MINUTE_MS;
export const REMINDER_INTERVAL_MS = MINUTE_MS;
export const COMPLETION_INTERVAL_MS = 5 * MINUTE_MS;

/** Rows per transaction: short locks, and a backlog is worked off in a few rounds of one run. */
const BATCH_SIZE = 50;

const SYSTEM = { kind: 'system' } as const;

/**
 * Claims up to BATCH_SIZE rows matching `where` (skipping rows another node holds), lets `work`
 * change them in the same transaction, and repeats until a batch comes back short.
 * Returns how many rows `work` reported changed.
 */
async function inBatches(
  db: Db,
  claim: (tx: Tx) => Promise<BookingRow[]>,
  work: (tx: Tx, rows: BookingRow[]) => Promise<number>,
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
  tx: Tx,
  rows: BookingRow[],
  to: 'completed',
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  await setBookingsState(
    tx,
    rows.map((row) => row.id),
    to,
    now,
  );
  await insertBookingEvents(
    tx,
    rows.map((row) => ({
      bookingId: row.id,
      action: to,
      fromState: row.state,
      toState: to,
      actorType: 'system' as const,
      details: {},
      createdAt: now,
    })),
  );
  return rows.length;
}

/**
 * Pending-payment bookings whose hold ran out become expired, freeing their slots, with their
 * payments cancelled. An online checkout is closed at Stripe first, inside the claim, so no payment
 * can follow; one that was paid first is left for its webhook to confirm. When Stripe cannot be
 * reached the booking expires anyway: its session ends at the same instant on Stripe's side, and a
 * payment arriving after all is refunded by the webhook.
 */
export async function expireHolds(
  deps: Pick<BookingJobDeps, 'db' | 'clock' | 'log' | 'payments' | 'bookingPayments'>,
  now: Date = deps.clock(),
): Promise<number> {
  const paidMeanwhile: string[] = [];
  return inBatches(
    deps.db,
    (tx) => claimExpiredHolds(tx, now, BATCH_SIZE, paidMeanwhile),
    async (tx, rows) => {
      let expired = 0;
      for (const row of rows.filter((held) => isHoldExpired(held, now))) {
        let checkout: 'closed' | 'completed' = 'closed';
        try {
          checkout = await deps.bookingPayments.closeCheckoutOfHold(deps, tx, row.id);
        } catch (err) {
          deps.log.warn({ err, bookingId: row.id }, 'checkout could not be closed; hold expires');
        }
        if (checkout === 'completed') {
          paidMeanwhile.push(row.id);
          continue;
        }
        await expireHeldBooking(deps, tx, row, now, {});
        expired += 1;
      }
      return expired;
    },
  );
}

/** Confirmed bookings that have ended become completed (the owner may still mark a no-show). */
export async function completePastBookings(
  deps: Pick<BookingJobDeps, 'db' | 'clock'>,
  now: Date = deps.clock(),
): Promise<number> {
  return inBatches(
    deps.db,
    (tx) => claimEndedBookings(tx, now, BATCH_SIZE),
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
  deps: BookingJobDeps,
  now: Date = deps.clock(),
): Promise<number> {
  const leadEnd = new Date(now.getTime() + REMINDER_LEAD_HOURS * HOUR_MS);
  const failed: string[] = [];
  return inBatches(
    deps.db,
    (tx) => claimDueReminders(tx, { now, leadEnd, except: failed }, BATCH_SIZE),
    async (tx, rows) => {
      const owner = await bookingMailOwner(deps, tx);
      const clients = await findUserContacts(
        tx,
        rows.map((row) => row.clientId),
      );
      const clientById = new Map(clients.map((client) => [client.id, client]));
      // A payment still due by hand: the reminder says how to pay it, as the confirmation did.
      const payments = await deps.bookingPayments.clientBookingPayments(
        { db: tx, log: deps.log },
        rows,
      );
      let sent = 0;
      for (const row of rows) {
        const client = clientById.get(row.clientId);
        try {
          if (!client) throw new Error('the booking has no client');
          // A savepoint per booking: one that fails is rolled back alone and retried next run.
          await tx.transaction(async (sp) => {
            await queueBookingMails(sp, deps.mailer, {
              kind: 'reminder',
              booking: row,
              client,
              owner,
              appUrl: deps.config.APP_URL,
              paymentInstructions: payments.get(row.id)?.due?.paymentInstructions ?? null,
            });
            await markReminderSent(sp, row.id, now);
            await insertBookingEvents(sp, [
              {
                bookingId: row.id,
                action: 'reminder_sent',
                fromState: row.state,
                toState: row.state,
                actorType: 'system',
                details: { to: client.email },
                createdAt: now,
              },
            ]);
          });
          sent += 1;
        } catch (err) {
          failed.push(row.id);
          deps.log.error({ err, bookingId: row.id }, 'booking reminder failed');
        }
      }
      return sent;
    },
  );
}

/** The jobs app.ts registers with the runner. */
export function bookingJobs(deps: BookingJobDeps): Job[] {
  return [
    {
      name: 'booking-hold-expiry',
      intervalMs: HOLD_EXPIRY_INTERVAL_MS,
      run: async () => {
        await expireHolds(deps);
      },
    },
    {
      name: 'booking-reminders',
      intervalMs: REMINDER_INTERVAL_MS,
      run: async () => {
        await sendDueReminders(deps);
      },
    },
    {
      name: 'booking-completion',
      intervalMs: COMPLETION_INTERVAL_MS,
      run: async () => {
        await completePastBookings(deps);
      },
    },
  ];
}

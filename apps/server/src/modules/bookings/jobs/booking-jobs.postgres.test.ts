/**
 * Two app instances on one PostgreSQL database run the booking jobs at the same time, as several
 * nodes behind a load balancer do: every reminder is queued once, every change recorded once.
 */
import { MINUTE_MS, REMINDER_LEAD_HOURS } from '@consult/shared';
import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { openDatabase } from '../../../db/client';
import { createUser } from '../../../test/accounts';
import { insertTestBooking, insertTestService, type ServiceRow } from '../../../test/bookings';
import { openFreshDatabase, testConfig, type FreshDatabase } from '../../../test/test-app';
import { mailOutbox } from '../../mail/schema';
import { sendDueReminders } from './booking-jobs';
import { bookingEvents, bookings } from '../schema';

describe('booking jobs on two app instances', () => {
  let fresh: FreshDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let service: ServiceRow;
  let clientIds: string[];

  beforeAll(async () => {
    fresh = await openFreshDatabase();
    const config = testConfig({ OWNER_EMAIL: 'owner@example.test' });
    first = await buildApp({ config, database: fresh.database, startJobs: false });
    // Its own connection pool, as another node would have.
    second = await buildApp({
      config,
      database: await openDatabase({ url: fresh.url }),
      startJobs: false,
    });
    await Promise.all([first.ready(), second.ready()]);
    service = await insertTestService(first.deps.db, { durationMinutes: 15 });
    const clients = await Promise.all([1, 2, 3, 4].map(() => createUser(first)));
    clientIds = clients.map((client) => client.id);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  /** `total` back-to-back 15-minute bookings from `startAt`, spread over the clients. */
  async function dueBookings(
    startAt: Date,
    total: number,
    state: 'confirmed' | 'pending_payment' = 'confirmed',
    extra = {},
  ) {
    const rows = [];
    for (let i = 0; i < total; i += 1) {
      rows.push(
        await insertTestBooking(first.deps.db, {
          service,
          clientId: clientIds[i % clientIds.length]!,
          startAt: new Date(startAt.getTime() + i * 15 * MINUTE_MS),
          state,
          ...extra,
        }),
      );
    }
    return rows;
  }

  async function expectOncePerBooking(ids: string[], action: string) {
    const events = await first.deps.db
      .select({ bookingId: bookingEvents.bookingId, total: count() })
      .from(bookingEvents)
      .where(inArray(bookingEvents.bookingId, ids))
      .groupBy(bookingEvents.bookingId, bookingEvents.action);
    expect(events).toHaveLength(ids.length);
    expect(events.every((row) => row.total === 1)).toBe(true);
    const actions = await first.deps.db
      .selectDistinct({ action: bookingEvents.action })
      .from(bookingEvents)
      .where(inArray(bookingEvents.bookingId, ids));
    expect(actions).toEqual([{ action }]);
  }

  it('queues each reminder exactly once when both run the reminder job at once', async () => {
    const now = new Date('2032-01-05T06:00:00Z');
    // More than one batch, all inside the reminder window.
    const due = await dueBookings(new Date(now.getTime() + 30 * MINUTE_MS), 90);
    expect(due.at(-1)!.startAt.getTime()).toBeLessThan(
      now.getTime() + REMINDER_LEAD_HOURS * 60 * MINUTE_MS,
    );

    const sent = await Promise.all([
      sendDueReminders(first.deps, now),
      sendDueReminders(second.deps, now),
      sendDueReminders(first.deps, now),
      sendDueReminders(second.deps, now),
    ]);
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(90);

    await expectOncePerBooking(
      due.map((row) => row.id),
      'reminder_sent',
    );
    // The client's mail and the owner's copy per booking, nothing more.
    const mails = await first.deps.db
      .select({ to: mailOutbox.to, attachments: mailOutbox.attachments })
      .from(mailOutbox);
    for (const booking of due) {
      const about = mails.filter((mail) => mail.attachments[0]?.content.includes(booking.id));
      expect(about).toHaveLength(2);
      expect(about.filter((mail) => mail.to === 'owner@example.test')).toHaveLength(1);
    }
  });

  it('sends each reminder once through the two job runners on the real clock', async () => {
    const due = await dueBookings(new Date(Date.now() + 60 * MINUTE_MS), 30);
    const before = await first.deps.db.select({ total: count() }).from(mailOutbox);
    await Promise.all([
      first.deps.system.jobs.runNow('booking-reminders'),
      second.deps.system.jobs.runNow('booking-reminders'),
    ]);
    await Promise.all([
      first.deps.system.jobs.runNow('booking-reminders'),
      second.deps.system.jobs.runNow('booking-reminders'),
    ]);
    const after = await first.deps.db.select({ total: count() }).from(mailOutbox);
    expect(after[0]!.total - before[0]!.total).toBe(60);
    await expectOncePerBooking(
      due.map((row) => row.id),
      'reminder_sent',
    );
    for (const app of [first, second]) {
      expect(
        app.deps.system.jobs.state().jobs.find((job) => job.name === 'booking-reminders'),
      ).toMatchObject({
        failures: 0,
      });
    }
  });

  it('expires each lapsed hold and completes each ended booking once', async () => {
    const past = new Date(Date.now() - 3 * 24 * 60 * MINUTE_MS);
    const holds = await dueBookings(
      new Date(Date.now() + 5 * 24 * 60 * MINUTE_MS),
      60,
      'pending_payment',
      {
        paymentDue: true,
        holdUntil: new Date(Date.now() - MINUTE_MS),
      },
    );
    const ended = await dueBookings(past, 60);
    await Promise.all([
      first.deps.system.jobs.runNow('booking-hold-expiry'),
      second.deps.system.jobs.runNow('booking-hold-expiry'),
      first.deps.system.jobs.runNow('booking-completion'),
      second.deps.system.jobs.runNow('booking-completion'),
    ]);
    const states = await first.deps.db
      .select({ id: bookings.id, state: bookings.state })
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          [...holds, ...ended].map((row) => row.id),
        ),
      );
    const stateById = new Map(states.map((row) => [row.id, row.state]));
    expect(holds.every((row) => stateById.get(row.id) === 'expired')).toBe(true);
    expect(ended.every((row) => stateById.get(row.id) === 'completed')).toBe(true);
    await expectOncePerBooking(
      holds.map((row) => row.id),
      'expired',
    );
    await expectOncePerBooking(
      ended.map((row) => row.id),
      'completed',
    );
  });
});

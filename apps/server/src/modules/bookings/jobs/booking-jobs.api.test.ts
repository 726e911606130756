import { HOUR_MS, REMINDER_LEAD_HOURS } from '@consult/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { startBookingMailApp, type BookingMailApp } from '../../../test/booking-mail-app';
import { parseInvite } from '../../../test/ical';
import type { SmtpPeer } from '../../../test/smtp-peer';
import { testConfig, type TestApp } from '../../../test/test-app';
import { mailOutbox } from '../../mail/schema';
import { completePastBookings, expireHolds, sendDueReminders } from './booking-jobs';
import { bookingEvents, bookings } from '../schema';

function hoursFrom(instant: Date, hours: number): Date {
  return new Date(instant.getTime() + hours * HOUR_MS);
}

describe('booking jobs', () => {
  let peer: SmtpPeer;
  let t: TestApp;
  let book: BookingMailApp['book'];
  let setup: BookingMailApp;

  beforeAll(async () => {
    setup = await startBookingMailApp({ email: 'client@example.test', name: 'Sana Malik' });
    ({ peer, t, book } = setup);
  });
  afterAll(() => setup.close());

  async function stateOf(id: string) {
    const [row] = await t.app.deps.db.select().from(bookings).where(eq(bookings.id, id));
    return row!;
  }

  async function eventsOf(id: string) {
    return t.app.deps.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
  }

  async function mailsAbout(id: string) {
    const rows = await t.app.deps.db.select().from(mailOutbox);
    return rows.filter((row) => row.attachments.some((a) => a.content.includes(id)));
  }

  it('registers its jobs with the runner', () => {
    expect(t.app.deps.system.jobs.state().jobs.map((job) => job.name)).toEqual(
      expect.arrayContaining(['booking-hold-expiry', 'booking-reminders', 'booking-completion']),
    );
  });

  describe('hold expiry', () => {
    const now = new Date('2031-01-06T08:00:00Z');

    it('expires holds that ran out, as the system, raising their SEQUENCE, and keeps the running ones', async () => {
      const lapsed = await book({
        startAt: hoursFrom(now, 48),
        state: 'pending_payment',
        paymentDue: true,
        holdUntil: hoursFrom(now, -0.1),
      });
      const running = await book({
        startAt: hoursFrom(now, 50),
        state: 'pending_payment',
        paymentDue: true,
        holdUntil: hoursFrom(now, 0.25),
      });

      expect(await expireHolds(t.app.deps, now)).toBe(1);
      // The calendar feeds show it cancelled with a SEQUENCE above the invite's.
      expect(await stateOf(lapsed.id)).toMatchObject({
        state: 'expired',
        icsSequence: lapsed.icsSequence + 1,
      });
      expect(await stateOf(running.id)).toMatchObject({
        state: 'pending_payment',
        icsSequence: running.icsSequence,
      });
      expect(await eventsOf(lapsed.id)).toEqual([
        expect.objectContaining({
          action: 'expired',
          fromState: 'pending_payment',
          toState: 'expired',
          actorType: 'system',
          actorId: null,
        }),
      ]);
      expect(await eventsOf(running.id)).toEqual([]);
      expect(await mailsAbout(lapsed.id)).toEqual([]);

      // Its slot is free again: a confirmed booking may take the same time.
      await book({
        startAt: lapsed.startAt,
      });
      // Nothing left to do on a second run.
      expect(await expireHolds(t.app.deps, now)).toBe(0);
    });
  });

  describe('reminders', () => {
    // Each test a week after the previous one, so their reminder windows never meet.
    const base = new Date('2031-02-03T08:00:00Z');

    it(`queues one reminder per booking starting within ${REMINDER_LEAD_HOURS} hours and delivers it with the invite`, async () => {
      const now = base;
      const due = await book({
        startAt: hoursFrom(now, REMINDER_LEAD_HOURS - 1),
        icsSequence: 1,
      });
      const later = await book({
        startAt: hoursFrom(now, REMINDER_LEAD_HOURS + 1),
      });
      const started = await book({
        startAt: hoursFrom(now, -0.5),
      });
      const cancelled = await book({
        startAt: hoursFrom(now, 2),
        state: 'cancelled',
      });

      expect(await sendDueReminders(t.app.deps, now)).toBe(1);
      expect(await sendDueReminders(t.app.deps, now)).toBe(0);

      const row = await stateOf(due.id);
      expect(row.reminderSentAt).toEqual(now);
      expect(await eventsOf(due.id)).toEqual([
        expect.objectContaining({ action: 'reminder_sent', actorType: 'system' }),
      ]);
      for (const other of [later, started, cancelled]) {
        expect((await stateOf(other.id)).reminderSentAt).toBeNull();
        expect(await mailsAbout(other.id)).toEqual([]);
      }

      await t.app.deps.mailer.deliverDue();
      const mail = await peer.waitForMail(
        (m) => m.to.includes('client@example.test') && m.subject.startsWith('Reminder'),
      );
      expect(mail.text).toContain('Sana Malik');
      expect(mail.text).toContain(due.meetingUrl!);
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]).toMatchObject({ filename: 'invite.ics' });
      expect(parseInvite(mail.attachments[0]!.content)).toMatchObject({
        method: 'REQUEST',
        uid: `${due.id}@localhost`,
        sequence: 1,
        start: due.startAt,
      });
      await peer.waitForMail(
        (m) => m.to.includes('owner@example.test') && m.subject.startsWith('Reminder'),
      );
      // Exactly once: the client's mail and the owner's copy, nothing more after further runs.
      await sendDueReminders(t.app.deps, hoursFrom(now, 0.5));
      await t.app.deps.mailer.deliverDue();
      const reminders = peer.received.filter(
        (m) => m.subject.startsWith('Reminder') && m.attachments[0]?.content.includes(due.id),
      );
      expect(reminders.map((m) => m.to[0]).sort()).toEqual([
        'client@example.test',
        'owner@example.test',
      ]);
    });

    it('rolls the whole reminder back when its mail cannot be queued, and sends it on the next run', async () => {
      const now = hoursFrom(base, 7 * 24);
      const startAt = hoursFrom(now, 6);
      const booking = await book({
        startAt,
      });
      const mailer = t.app.deps.mailer;
      const queueMail = mailer.queueMail;
      let calls = 0;
      // The owner's copy fails after the client's mail was written: as if the node died mid-way.
      mailer.queueMail = async (mail, db) => {
        calls += 1;
        if (calls === 2) throw new Error('connection lost');
        return queueMail(mail, db);
      };
      try {
        expect(await sendDueReminders(t.app.deps, now)).toBe(0);
      } finally {
        mailer.queueMail = queueMail;
      }
      expect(calls).toBe(2);
      expect((await stateOf(booking.id)).reminderSentAt).toBeNull();
      expect(await mailsAbout(booking.id)).toEqual([]);
      expect(await eventsOf(booking.id)).toEqual([]);

      expect(await sendDueReminders(t.app.deps, now)).toBe(1);
      expect((await mailsAbout(booking.id)).map((m) => m.to).sort()).toEqual([
        'client@example.test',
        'owner@example.test',
      ]);
    });

    it('sends nothing twice after a restart: another app on the same database finds the reminder sent', async () => {
      const now = hoursFrom(base, 14 * 24);
      const booking = await book({
        startAt: hoursFrom(now, 10),
      });
      expect(await sendDueReminders(t.app.deps, now)).toBe(1);
      // A second app instance on the same data, as after a restart (its jobs are not started).
      const restarted = await buildApp({
        config: testConfig({ OWNER_EMAIL: 'owner@example.test' }),
        database: { ...t.database, close: async () => {} },
        startJobs: false,
      });
      try {
        expect(await sendDueReminders(restarted.deps, now)).toBe(0);
        expect(await sendDueReminders(restarted.deps, hoursFrom(now, 1))).toBe(0);
      } finally {
        await restarted.close();
      }
      expect(await mailsAbout(booking.id)).toHaveLength(2);
    });

    it('reminds a rescheduled booking again for its new time', async () => {
      const now = hoursFrom(base, 21 * 24);
      const booking = await book({
        startAt: hoursFrom(now, 12),
      });
      expect(await sendDueReminders(t.app.deps, now)).toBe(1);
      // What a reschedule does: a new time, SEQUENCE+1, the reminder to send again.
      await t.app.deps.db
        .update(bookings)
        .set({
          startAt: hoursFrom(now, 30),
          endAt: hoursFrom(now, 31),
          blockedUntil: hoursFrom(now, 31),
          icsSequence: 1,
          reminderSentAt: null,
        })
        .where(eq(bookings.id, booking.id));
      expect(await sendDueReminders(t.app.deps, now)).toBe(0);
      expect(await sendDueReminders(t.app.deps, hoursFrom(now, 7))).toBe(1);
      const events = await t.app.deps.db
        .select()
        .from(bookingEvents)
        .where(
          and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.action, 'reminder_sent')),
        );
      expect(events).toHaveLength(2);
    });
  });

  describe('marking past bookings', () => {
    const now = new Date('2031-04-07T12:00:00Z');

    it('completes confirmed bookings that have ended, as the system, and only those', async () => {
      const ended = await book({
        startAt: hoursFrom(now, -3),
      });
      const ongoing = await book({
        startAt: hoursFrom(now, -0.5),
      });
      const cancelled = await book({
        startAt: hoursFrom(now, -5),
        state: 'cancelled',
      });
      const noShow = await book({
        startAt: hoursFrom(now, -7),
        state: 'no_show',
      });

      await completePastBookings(t.app.deps, now);
      expect((await stateOf(ended.id)).state).toBe('completed');
      expect((await stateOf(ongoing.id)).state).toBe('confirmed');
      expect((await stateOf(cancelled.id)).state).toBe('cancelled');
      expect((await stateOf(noShow.id)).state).toBe('no_show');
      expect(await eventsOf(ended.id)).toEqual([
        expect.objectContaining({
          action: 'completed',
          fromState: 'confirmed',
          toState: 'completed',
          actorType: 'system',
        }),
      ]);
      expect(await eventsOf(ongoing.id)).toEqual([]);
      expect(await completePastBookings(t.app.deps, now)).toBe(0);

      // At its end exactly, the running one is over too.
      expect(await completePastBookings(t.app.deps, ongoing.endAt)).toBe(1);
      expect((await stateOf(ongoing.id)).state).toBe('completed');
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/accounts';
import { startBookingMailApp, type BookingMailApp } from '../../../test/booking-mail-app';
import { insertTestBooking, insertTestService, type ServiceRow } from '../../../test/bookings';
import { parseInvite } from '../../../test/ical';
import type { SmtpPeer } from '../../../test/smtp-peer';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox } from '../../mail/schema';
import { users } from '../../users/schema';
import { bookingMailOwner, queueBookingMails, type BookingMailInput } from './booking-mails';
import { bookingCalendarFile } from './calendar-invite';
import { bookings } from '../schema';

type Row = typeof bookings.$inferSelect;

async function outboxTo(t: TestApp, to: string) {
  return t.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

describe('booking mails through the outbox', () => {
  let peer: SmtpPeer;
  let t: TestApp;
  let client: BookingMailApp['client'];
  let book: BookingMailApp['book'];
  let setup: BookingMailApp;

  beforeAll(async () => {
    setup = await startBookingMailApp({ email: 'bilal@example.test', name: 'Bilal Khan' });
    ({ peer, t, client, book } = setup);
  });
  afterAll(() => setup.close());

  async function queue(mail: Omit<BookingMailInput, 'client' | 'owner' | 'appUrl'>) {
    await t.app.deps.db.transaction(async (tx) => {
      await queueBookingMails(tx, t.app.deps.mailer, {
        ...mail,
        client: { name: client.name, email: client.email, timeZone: client.timeZone },
        owner: await bookingMailOwner(t.app.deps, tx),
        appUrl: t.app.deps.config.APP_URL,
      });
    });
  }

  it('delivers the confirmation to the client and a copy to OWNER_EMAIL, each with the invite', async () => {
    const booking = await book({
      startAt: new Date('2031-05-06T09:00:00Z'),
    });
    await queue({ kind: 'confirmed', booking });
    await t.app.deps.mailer.deliverDue();

    const toClient = await peer.waitForMail(
      (m) => m.to.includes('bilal@example.test') && m.subject.startsWith('Booking confirmed'),
    );
    // The client's zone (Europe/Berlin in the test accounts), named.
    expect(toClient.text).toContain('Tuesday, 6 May 2031, 11:00 (Europe/Berlin)');
    expect(toClient.text).toContain(booking.meetingUrl!);
    expect(toClient.attachments).toHaveLength(1);
    expect(toClient.attachments[0]).toMatchObject({ filename: 'invite.ics' });
    expect(toClient.attachments[0]!.contentType).toMatch(/^text\/calendar/);
    const invite = parseInvite(toClient.attachments[0]!.content);
    expect(invite).toMatchObject({
      method: 'REQUEST',
      uid: `${booking.id}@localhost`,
      sequence: 0,
      start: new Date('2031-05-06T09:00:00Z'),
      end: new Date('2031-05-06T10:00:00Z'),
      organizer: 'mailto:owner@example.test',
      attendees: ['mailto:bilal@example.test'],
    });

    const toOwner = await peer.waitForMail(
      (m) => m.to.includes('owner@example.test') && m.subject.startsWith('New booking'),
    );
    // The owner's zone: the default scheduling rules' Asia/Karachi.
    expect(toOwner.text).toContain('Tuesday, 6 May 2031, 14:00 (Asia/Karachi)');
    expect(toOwner.text).toContain('Bilal Khan (bilal@example.test)');
    expect(parseInvite(toOwner.attachments[0]!.content).uid).toBe(invite.uid);
  });

  it('keeps the UID across a reschedule with SEQUENCE+1 and cancels it with METHOD:CANCEL', async () => {
    let booking: Row = await book({
      startAt: new Date('2031-06-03T09:00:00Z'),
    });
    await queue({ kind: 'confirmed', booking });

    const previousStart = booking.startAt;
    [booking] = (await t.app.deps.db
      .update(bookings)
      .set({
        startAt: new Date('2031-06-04T10:00:00Z'),
        endAt: new Date('2031-06-04T11:00:00Z'),
        blockedUntil: new Date('2031-06-04T11:00:00Z'),
        icsSequence: booking.icsSequence + 1,
      })
      .where(eq(bookings.id, booking.id))
      .returning()) as [Row];
    await queue({ kind: 'rescheduled', booking, previousStart });

    [booking] = (await t.app.deps.db
      .update(bookings)
      .set({ state: 'cancelled', cancelledAt: new Date(), icsSequence: booking.icsSequence + 1 })
      .where(eq(bookings.id, booking.id))
      .returning()) as [Row];
    await queue({ kind: 'cancelled', booking, reason: 'Moved abroad' });

    const sent = (await outboxTo(t, 'bilal@example.test')).filter((m) =>
      m.text.includes(booking.serviceTitle),
    );
    const invites = sent
      .filter(
        (m) => m.attachments[0] && parseInvite(m.attachments[0].content).uid.startsWith(booking.id),
      )
      .map((m) => ({ subject: m.subject, ...parseInvite(m.attachments[0]!.content) }));
    expect(invites.map((i) => [i.method, i.sequence, i.start.toISOString()])).toEqual([
      ['REQUEST', 0, '2031-06-03T09:00:00.000Z'],
      ['REQUEST', 1, '2031-06-04T10:00:00.000Z'],
      ['CANCEL', 2, '2031-06-04T10:00:00.000Z'],
    ]);
    expect(new Set(invites.map((i) => i.uid))).toEqual(new Set([`${booking.id}@localhost`]));
    const moved = sent.find((m) => m.subject.startsWith('Booking moved'))!;
    expect(moved.text).toContain('New time: Wednesday, 4 June 2031, 12:00 (Europe/Berlin)');
    expect(moved.text).toContain('Previous time: Tuesday, 3 June 2031, 11:00 (Europe/Berlin)');
    const cancelled = sent.find((m) => m.subject.startsWith('Booking cancelled'))!;
    expect(cancelled.text).toContain('Reason: Moved abroad');
    expect(cancelled.attachments[0]).toMatchObject({
      filename: 'cancel.ics',
      contentType: 'text/calendar; method=CANCEL',
    });
  });

  it('writes the client phone into a phone consultation', async () => {
    await t.app.deps.db
      .update(users)
      .set({ phone: '+92 300 7654321' })
      .where(eq(users.id, client.id));
    const phoneService = await insertTestService(t.app.deps.db, { meetingMode: 'phone' });
    const booking = await book({
      service: phoneService,
      startAt: new Date('2031-07-01T09:00:00Z'),
    });
    await queue({ kind: 'confirmed', booking });
    const [mail] = (await outboxTo(t, 'bilal@example.test')).filter((m) =>
      m.attachments.some((a) => a.content.includes(booking.id)),
    );
    expect(mail!.text).toContain('Where: Phone call: the consultant calls +92 300 7654321');
    expect(parseInvite(mail!.attachments[0]!.content).location).toBe(
      'Phone call (+92 300 7654321)',
    );
  });

  it('serves the invite of a booking as it stands now', async () => {
    const booking = await book({
      startAt: new Date('2031-08-05T09:00:00Z'),
      icsSequence: 3,
      state: 'cancelled',
    });
    const file = await bookingCalendarFile(t.app.deps, t.app.deps.db, booking);
    expect(file).toMatchObject({
      filename: 'cancel.ics',
      contentType: 'text/calendar; method=CANCEL',
    });
    expect(parseInvite(file.content)).toMatchObject({
      method: 'CANCEL',
      sequence: 3,
      uid: `${booking.id}@localhost`,
      attendees: ['mailto:bilal@example.test'],
      organizer: 'mailto:owner@example.test',
    });
  });
});

describe('booking mails without OWNER_EMAIL', () => {
  let t: TestApp;
  let service: ServiceRow;
  beforeAll(async () => {
    t = await createTestApp();
    service = await insertTestService(t.app.deps.db);
  });
  afterAll(() => t.close());

  async function confirm(startAt: Date) {
    const client = await createUser(t.app);
    const booking = await insertTestBooking(t.app.deps.db, {
      service,
      clientId: client.id,
      startAt,
    });
    await t.app.deps.db.transaction(async (tx) => {
      await queueBookingMails(tx, t.app.deps.mailer, {
        kind: 'confirmed',
        booking,
        client: { name: client.name, email: client.email, timeZone: client.timeZone },
        owner: await bookingMailOwner(t.app.deps, tx),
        appUrl: t.app.deps.config.APP_URL,
      });
    });
    return { client, booking };
  }

  it('sends only the client mail while there is no admin', async () => {
    const { client } = await confirm(new Date('2031-05-06T09:00:00Z'));
    const rows = await t.app.deps.db.select().from(mailOutbox);
    expect(rows.map((row) => row.to)).toEqual([client.email]);
    expect(rows[0]!.attachments[0]!.content).not.toContain('ORGANIZER');
  });

  it('sends the owner copy to every active admin instead', async () => {
    const one = await createUser(t.app, { role: 'admin', email: 'admin-one@example.test' });
    const two = await createUser(t.app, { role: 'admin', email: 'admin-two@example.test' });
    await createUser(t.app, { role: 'admin', email: 'gone@example.test', disabled: true });
    // The oldest admin organizes: accounts made within one clock tick would tie on created_at.
    for (const [index, admin] of [one, two].entries()) {
      await t.app.deps.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - (2 - index) * 1000) })
        .where(eq(users.id, admin.id));
    }
    const { client, booking } = await confirm(new Date('2031-05-07T09:00:00Z'));
    const rows = (await t.app.deps.db.select().from(mailOutbox)).filter((row) =>
      row.attachments[0]?.content.includes(booking.id),
    );
    expect(rows.map((row) => row.to).sort()).toEqual(
      [client.email, 'admin-one@example.test', 'admin-two@example.test'].sort(),
    );
    // The first admin stands in as the invite's organizer.
    expect(parseInvite(rows[0]!.attachments[0]!.content).organizer).toBe(
      'mailto:admin-one@example.test',
    );
  });
});

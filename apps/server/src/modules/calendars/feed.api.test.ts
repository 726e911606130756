import { eq } from 'drizzle-orm';
import { convertIcsCalendar } from 'ts-ics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALENDAR_FEED_MESSAGES,
  CALENDAR_FEED_RATE_LIMIT,
  DAY_MS,
  type CalendarFeedView,
} from '@consult/shared';
import { signIn, signedInUser, TEST_PASSWORD, type SignedIn } from '../../test/accounts';
import { insertTestBooking, insertTestService, type ServiceRow } from '../../test/bookings';
import { parseFeed, parseInvite } from '../../test/ical';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { bookingMailOwner } from '../bookings/mails/booking-owner';
import { bookingCalendarFile } from '../bookings/mails/calendar-invite';
import { bookings } from '../bookings/schema';

const day = (days: number, hour = 9) =>
  new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + days * DAY_MS + hour * 3_600_000);

/** The path of a feed's address, as a calendar app would request it on this server. */
const feedPath = (view: CalendarFeedView) => new URL(view.url!).pathname;

describe('calendar feeds', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let ada: Awaited<ReturnType<typeof signedInUser>>;
  let bob: Awaited<ReturnType<typeof signedInUser>>;
  let service: ServiceRow;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, { role: 'admin', name: 'Owner' });
    ada = await signedInUser(t.app, { name: 'Ada Lovelace', email: 'ada@example.test' });
    bob = await signedInUser(t.app, { name: 'Bob Stone', email: 'bob@example.test' });
    service = await insertTestService(t.app.deps.db, { title: 'Strategy session' });
    // Migrating a fresh database and three password hashes: slow on a busy machine.
  }, 120_000);
  afterAll(() => t?.close());

  async function rotate(who: 'admin' | 'user', headers: SignedIn['headers']) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${who}/calendar-feed/rotate`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<CalendarFeedView>();
  }

  const read = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers });

  it('shows the owner’s address once, serves the held, confirmed and recently cancelled bookings, and reads back in two libraries', async () => {
    const before = await t.app.inject({ url: '/api/admin/calendar-feed', headers: admin.headers });
    expect(before.json()).toEqual({ active: false, createdAt: null, url: null });

    const confirmed = await insertTestBooking(t.app.deps.db, {
      service,
      clientId: ada.user.id,
      startAt: day(3),
      answers: [
        { questionId: 'q1', label: 'What should we cover?', kind: 'short_text', answer: 'Pricing' },
      ],
    });
    const held = await insertTestBooking(t.app.deps.db, {
      service,
      clientId: bob.user.id,
      startAt: day(4),
      state: 'pending_payment',
      holdUntil: day(1),
    });
    const cancelled = await insertTestBooking(t.app.deps.db, {
      service,
      clientId: ada.user.id,
      startAt: day(5),
      state: 'cancelled',
      cancelledAt: day(-1),
      icsSequence: 1,
    });
    const longCancelled = await insertTestBooking(t.app.deps.db, {
      service,
      clientId: ada.user.id,
      startAt: day(-20),
      state: 'cancelled',
      cancelledAt: day(-31),
    });
    const tooOld = await insertTestBooking(t.app.deps.db, {
      service,
      clientId: ada.user.id,
      startAt: day(-31),
      state: 'completed',
    });
    const lastWeek = await insertTestBooking(t.app.deps.db, {
      service,
      clientId: bob.user.id,
      startAt: day(-7),
      state: 'completed',
    });

    const made = await rotate('admin', admin.headers);
    expect(made.active).toBe(true);
    expect(made.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Shown once: afterwards the feed is on, without its address.
    const after = await t.app.inject({ url: '/api/admin/calendar-feed', headers: admin.headers });
    expect(after.json()).toEqual({ active: true, createdAt: made.createdAt, url: null });

    const res = await read(feedPath(made));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const feed = parseFeed(res.body);
    expect(feed.method).toBeNull();
    expect(feed.timeZone).toBe('Asia/Karachi');
    const byUid = new Map(feed.events.map((event) => [event.uid, event]));
    const uid = (id: string) => `${id}@localhost`;
    expect([...byUid.keys()].sort()).toEqual(
      [confirmed, held, cancelled, lastWeek].map((b) => uid(b.id)).sort(),
    );
    expect(byUid.has(uid(longCancelled.id))).toBe(false);
    expect(byUid.has(uid(tooOld.id))).toBe(false);

    const ev = byUid.get(uid(confirmed.id))!;
    expect(ev).toMatchObject({
      summary: 'Strategy session: Ada Lovelace',
      status: 'CONFIRMED',
      sequence: 0,
      start: confirmed.startAt,
      end: confirmed.endAt,
      startIsUtc: true,
      location: confirmed.meetingUrl,
      attendees: 0,
    });
    expect(ev.description).toContain('Client: Ada Lovelace (ada@example.test)');
    expect(ev.description).toContain(confirmed.meetingUrl!);
    expect(ev.description).toContain('What should we cover?: Pricing');
    expect(byUid.get(uid(held.id))!.status).toBe('TENTATIVE');
    expect(byUid.get(uid(cancelled.id))).toMatchObject({ status: 'CANCELLED', sequence: 1 });

    // The same UIDs and SEQUENCEs as the invites the mails carry, so no event doubles.
    for (const booking of [confirmed, cancelled]) {
      const invite = parseInvite(
        (await bookingCalendarFile(t.app.deps, t.app.deps.db, booking)).content,
      );
      expect(byUid.get(invite.uid)?.sequence).toBe(invite.sequence);
    }

    // A second library reads the same events.
    const second = convertIcsCalendar(undefined, res.body);
    expect(second.events?.map((event) => event.uid).sort()).toEqual([...byUid.keys()].sort());
    const secondCancelled = second.events?.find((event) => event.uid === uid(cancelled.id));
    expect(secondCancelled?.status).toBe('CANCELLED');
    expect(secondCancelled?.start.date.getTime()).toBe(cancelled.startAt.getTime());
  });

  it('answers a repeated request with 304 by its ETag or its Last-Modified, and 200 once a booking changes', async () => {
    const made = await rotate('admin', admin.headers);
    const first = await read(feedPath(made));
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await read(feedPath(made), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await read(feedPath(made), { 'if-modified-since': lastModified })).statusCode).toBe(
      304,
    );

    const booking = await insertTestBooking(t.app.deps.db, {
      service,
      clientId: ada.user.id,
      startAt: day(9),
    });
    await t.app.deps.db
      .update(bookings)
      .set({ state: 'cancelled', cancelledAt: new Date(), icsSequence: 1, updatedAt: new Date() })
      .where(eq(bookings.id, booking.id));
    const changed = await read(feedPath(made), { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(parseFeed(changed.body).events.find((e) => e.uid.startsWith(booking.id))).toMatchObject({
      status: 'CANCELLED',
      sequence: 1,
    });
  });

  it('answers an unknown and a rotated or revoked address with the same 404', async () => {
    const old = await rotate('admin', admin.headers);
    const current = await rotate('admin', admin.headers);
    const rotated = await read(feedPath(old));
    const unknown = await read(`/api/calendar/${'A'.repeat(43)}.ics`);
    const malformed = await read('/api/calendar/nothing.ics');
    expect((await read(feedPath(current))).statusCode).toBe(200);

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/calendar-feed',
      headers: admin.headers,
    });
    expect(revoke.json()).toEqual({ active: false, createdAt: null, url: null });
    const revoked = await read(feedPath(current));
    for (const res of [rotated, unknown, malformed, revoked]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(CALENDAR_FEED_MESSAGES.notFound);
    }

    const audit = await t.app.deps.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.target, 'calendar-feed'));
    expect(audit.filter((e) => e.action === 'calendar_feed.revoke')).toEqual([
      { action: 'calendar_feed.revoke', actorId: admin.user.id },
    ]);
    expect(audit.filter((e) => e.action === 'calendar_feed.rotate').length).toBeGreaterThan(2);
  });

  it('keeps a client’s feed to their own bookings, and the owner’s routes to admins', async () => {
    const own = await insertTestBooking(t.app.deps.db, {
      service,
      clientId: bob.user.id,
      startAt: day(12),
    });
    const others = await insertTestBooking(t.app.deps.db, {
      service,
      clientId: ada.user.id,
      startAt: day(13),
    });
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/admin/calendar-feed/rotate',
      headers: bob.headers,
    });
    expect(forbidden.statusCode).toBe(403);

    const made = await rotate('user', bob.headers);
    const feed = parseFeed((await read(feedPath(made))).body);
    expect(feed.events.length).toBeGreaterThan(0);
    const ids = feed.events.map((event) => event.uid.split('@')[0]);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(others.id);
    const rows = await t.app.deps.db
      .select()
      .from(bookings)
      .where(eq(bookings.clientId, bob.user.id));
    expect(new Set(ids)).toEqual(
      new Set(
        rows
          .filter(
            (b) =>
              b.startAt >= day(-30, 0) &&
              ['pending_payment', 'confirmed', 'completed', 'no_show'].includes(b.state),
          )
          .map((b) => b.id),
      ),
    );
    const ownEvent = feed.events.find((event) => event.uid.startsWith(own.id))!;
    const owner = await bookingMailOwner(t.app.deps, t.app.deps.db);
    expect(ownEvent.summary).toBe(`Strategy session with ${owner.name}`);
    expect(ownEvent.description).not.toContain('Ada');
  });

  it('revokes a client’s address when their password changes or their account is deleted', async () => {
    const carol = await signedInUser(t.app, { name: 'Carol' });
    const made = await rotate('user', carol.headers);
    expect((await read(feedPath(made))).statusCode).toBe(200);
    // A profile change without a new password keeps it.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: carol.headers,
      payload: { name: 'Carol King' },
    });
    expect((await read(feedPath(made))).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: carol.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await read(feedPath(made))).statusCode).toBe(404);
    const again = await signIn(t.app, carol.user.email, 'a brand new passphrase');
    const status = await t.app.inject({ url: '/api/user/calendar-feed', headers: again.headers });
    expect(status.json()).toMatchObject({ active: false });

    const dave = await signedInUser(t.app, { name: 'Dave' });
    const daves = await rotate('user', dave.headers);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: dave.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await read(feedPath(daves))).statusCode).toBe(404);
  });

  it('answers a disabled client’s address with the same 404, and again once they are enabled', async () => {
    const erin = await signedInUser(t.app, { name: 'Erin' });
    const made = await rotate('user', erin.headers);
    const setDisabled = (disabled: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${erin.user.id}`,
        headers: admin.headers,
        payload: { disabled },
      });

    expect((await setDisabled(true)).statusCode).toBe(200);
    const res = await read(feedPath(made));
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(CALENDAR_FEED_MESSAGES.notFound);

    expect((await setDisabled(false)).statusCode).toBe(200);
    expect((await read(feedPath(made))).statusCode).toBe(200);
  });

  it('limits the reads from one address, known and unknown feeds alike', async () => {
    const fetcher = { remoteAddress: '198.51.100.7' };
    const statuses: number[] = [];
    for (let i = 0; i <= CALENDAR_FEED_RATE_LIMIT.max; i++) {
      const res = await t.app.inject({
        url: `/api/calendar/${String(i).padStart(43, 'B')}.ics`,
        ...fetcher,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back.
    expect((await read(`/api/calendar/${'C'.repeat(43)}.ics`)).statusCode).toBe(404);
  });
});

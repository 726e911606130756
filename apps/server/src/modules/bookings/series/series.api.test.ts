import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  COUPON_MESSAGES,
  createdSeriesSchema,
  HOUR_MS,
  purchaseAnswerSchema,
  SERIES_CONFLICT_PROBLEM_TYPE,
  SERIES_MESSAGES,
  seriesPreviewSchema,
  TIME_ZONE_MESSAGE,
  upcomingBookingsSchema,
} from '@consult/shared';
import { signedInUser } from '../../../test/accounts';
import { parseFeed } from '../../../test/ical';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../audit/schema';
import { formatMailTime } from '../../mail';
import { mailOutbox } from '../../mail/schema';
import { packageCreditEntries } from '../../packages/schema';
import { paymentRefunds, payments } from '../../payments/schema';
import { addService, openEveryDay, slotAt, TEST_RULES } from '../booking-test-setup';
import { loadSchedulingSettings, saveSchedulingSettings } from '../scheduling-settings';
import { calendarInviteUid } from '../mails/calendar-invite';
import { bookingSeries, bookings } from '../schema';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

describe('recurring sessions: preview, book all or nothing, cancel per session', () => {
  let t: TestApp;
  let owner: SignedIn;
  /** Each series starts at its own hour (two apart, with the buffer), so they never meet. */
  let series = 0;
  /** How far the app's clock runs ahead of the real one (late cancellations). */
  let clockAhead = 0;

  beforeAll(async () => {
    t = await createTestApp({
      adjustDeps: (deps) => ({ ...deps, clock: () => new Date(Date.now() + clockAhead) }),
    });
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'coaching', priceMinor: 8000, currency: 'USD' });
    owner = await signedInUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  function call(
    method: 'GET' | 'POST',
    url: string,
    who?: SignedIn,
    payload?: object,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({ method, url, headers: who?.headers, payload });
  }

  /** A fresh start each time: three days ahead, at an hour of its own. */
  function nextStart(): string {
    series += 1;
    return slotAt(3, `${String(2 * series).padStart(2, '0')}:00`);
  }

  async function preview(client: SignedIn, start: string, count = 4) {
    const res = await call('POST', '/api/bookings/series/preview', client, {
      service: 'coaching',
      start,
      every: 'week',
      count,
    });
    expect(res.statusCode, res.body).toBe(200);
    return seriesPreviewSchema.parse(res.json()).occurrences;
  }

  async function bookOne(client: SignedIn, start: string) {
    const res = await call('POST', '/api/bookings', client, { service: 'coaching', start });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  }

  const clientBookings = (clientId: string) =>
    t.app.deps.db.select().from(bookings).where(eq(bookings.clientId, clientId));

  it('previews every date with its state and books the free ones with the taken one skipped', async () => {
    const client = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const start = nextStart();
    const dates = (await preview(client, start)).map((occurrence) => occurrence.start);
    await bookOne(other, dates[2]!);

    const occurrences = await preview(client, start);
    expect(occurrences).toEqual([
      { start: dates[0], free: true },
      { start: dates[1], free: true },
      { start: dates[2], free: false, reason: 'booked' },
      { start: dates[3], free: true },
    ]);
    // The client's zone (Europe/Berlin) keeps the local time: one week apart in Berlin.
    expect(new Set(dates.map((date) => new Date(date).getUTCDay())).size).toBe(1);

    const res = await call('POST', '/api/bookings/series', client, {
      service: 'coaching',
      start,
      every: 'week',
      count: 4,
      skip: [dates[2]],
      notes: 'Weekly check-in',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { series, checkoutUrl } = createdSeriesSchema.parse(res.json());
    expect(checkoutUrl).toBeUndefined();
    expect(series.bookings.map((booking) => booking.start)).toEqual([dates[0], dates[1], dates[3]]);
    for (const booking of series.bookings) {
      // Manual payments: each session confirmed with its own payment due.
      expect(booking).toMatchObject({
        seriesId: series.id,
        state: 'confirmed',
        paymentDue: true,
        priceMinor: 8000,
        notes: 'Weekly check-in',
      });
    }
    const upcoming = upcomingBookingsSchema.parse(
      (await call('GET', '/api/bookings/upcoming', client)).json(),
    );
    expect(upcoming.bookings.map((booking) => [booking.start, booking.seriesId])).toEqual(
      series.bookings.map((booking) => [booking.start, series.id]),
    );
    const due = await t.app.deps.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.bookingId,
          series.bookings.map((booking) => booking.id),
        ),
      );
    expect(due.map((payment) => [payment.status, payment.amountMinor])).toEqual([
      ['pending', 8000],
      ['pending', 8000],
      ['pending', 8000],
    ]);
  });

  it('sends one confirmation listing every date, with one invite of one event per session', async () => {
    const client = await signedInUser(t.app);
    const start = nextStart();
    const res = await call('POST', '/api/bookings/series', client, {
      service: 'coaching',
      start,
      every: '2weeks',
      count: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { series } = createdSeriesSchema.parse(res.json());
    const mails = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, client.user.email));
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Sessions booked: coaching, 3 sessions from /),
    ]);
    const [mail] = mails;
    for (const booking of series.bookings) expect(mail!.text).toContain(booking.reference);
    expect(mail!.text).toContain(SERIES_MESSAGES.sameLocalTime('Europe/Berlin'));
    expect(mail!.attachments).toHaveLength(1);
    const invite = parseFeed(mail!.attachments[0]!.content);
    expect(invite.method).toBe('REQUEST');
    expect(invite.events.map((event) => [event.uid, event.start.toISOString()])).toEqual(
      series.bookings.map((booking) => [
        calendarInviteUid(booking.id, t.app.deps.config.APP_URL),
        booking.start,
      ]),
    );
  });

  it('answers 409 with the dates taken when one not skipped is no longer free, and saves nothing', async () => {
    const client = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const start = nextStart();
    const dates = (await preview(client, start, 3)).map((occurrence) => occurrence.start);
    expect((await preview(client, start, 3)).every((occurrence) => occurrence.free)).toBe(true);
    // Between the client's preview and their confirmation, someone else books the third date.
    await bookOne(other, dates[2]!);

    const res = await call('POST', '/api/bookings/series', client, {
      service: 'coaching',
      start,
      every: 'week',
      count: 3,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      type: SERIES_CONFLICT_PROBLEM_TYPE,
      detail: SERIES_MESSAGES.conflict,
      conflicts: [dates[2]],
    });
    expect(await clientBookings(client.user.id)).toEqual([]);
    const seriesRows = await t.app.deps.db
      .select()
      .from(bookingSeries)
      .where(eq(bookingSeries.clientId, client.user.id));
    expect(seriesRows).toEqual([]);
    const mails = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, client.user.email));
    expect(mails).toEqual([]);
  });

  it('marks dates past the horizon and refuses bad input with clear messages', async () => {
    const client = await signedInUser(t.app);
    // 12 weekly sessions from 40 days ahead reach past the 60-day horizon.
    const occurrences = await preview(client, slotAt(40, '12:00'), 12);
    expect(occurrences.slice(0, 3).every((occurrence) => occurrence.free)).toBe(true);
    expect(occurrences.at(-1)).toMatchObject({ free: false, reason: 'past_horizon' });

    const base = { service: 'coaching', start: slotAt(5, '12:00'), every: 'week', count: 2 };
    const tooMany = await call('POST', '/api/bookings/series', client, { ...base, count: 13 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toBe(SERIES_MESSAGES.countInvalid);
    const monthly = await call('POST', '/api/bookings/series/preview', client, {
      ...base,
      every: 'month',
    });
    expect(monthly.statusCode).toBe(400);
    expect(monthly.json().detail).toBe(SERIES_MESSAGES.everyInvalid);
    const codeAndCredit = await call('POST', '/api/bookings/series', client, {
      ...base,
      couponCode: 'SPRING',
      useCredit: true,
    });
    expect(codeAndCredit.statusCode).toBe(400);
    expect(codeAndCredit.json().detail).toBe(COUPON_MESSAGES.couponWithCredit);
    const strangeSkip = await call('POST', '/api/bookings/series', client, {
      ...base,
      skip: [slotAt(6, '12:00')],
    });
    expect(strangeSkip.statusCode).toBe(400);
    expect(strangeSkip.json().detail).toBe(SERIES_MESSAGES.skipNotInSeries);
    expect(await clientBookings(client.user.id)).toEqual([]);
  });

  it('marks a date the owner closed as outside the hours and a day at its maximum as such', async () => {
    const client = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    // Days 22, 29 and 36: no other test books them.
    const dates = (await preview(client, slotAt(22, '08:00'), 3)).map(
      (occurrence) => occurrence.start,
    );
    expect(dates).toHaveLength(3);
    await bookOne(other, slotAt(36, '20:00'));
    try {
      await saveSchedulingSettings(t.app.deps.db, {
        rules: { ...TEST_RULES, maxBookingsPerDay: 1 },
        weeklyHours: (await loadSchedulingSettings(t.app.deps.db, t.app.log)).weeklyHours,
        dateOverrides: [{ date: dates[1]!.slice(0, 10), closed: true, intervals: [] }],
      });
      expect(await preview(client, dates[0]!, 3)).toEqual([
        { start: dates[0], free: true },
        { start: dates[1], free: false, reason: 'outside_hours' },
        { start: dates[2], free: false, reason: 'daily_maximum' },
      ]);
      // Booked with both skipped, the series is the one free date.
      const res = await call('POST', '/api/bookings/series', client, {
        service: 'coaching',
        start: dates[0],
        every: 'week',
        count: 3,
        skip: [dates[1], dates[2]],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(
        createdSeriesSchema.parse(res.json()).series.bookings.map((booking) => booking.start),
      ).toEqual([dates[0]]);
    } finally {
      await openEveryDay(t.app);
    }
  });

  it('reschedules one session of a series: it keeps its series and its calendar event, the others stay', async () => {
    const client = await signedInUser(t.app);
    const booked = await bookSeries(client, 3);
    const [first, second, third] = booked.bookings;
    const moved = new Date(Date.parse(second!.start) + 24 * HOUR_MS).toISOString();
    const res = await call('POST', `/api/bookings/${second!.id}/reschedule`, client, {
      start: moved,
    });
    expect(res.statusCode, res.body).toBe(200);

    const upcoming = upcomingBookingsSchema.parse(
      (await call('GET', '/api/bookings/upcoming', client)).json(),
    );
    expect(
      upcoming.bookings.map((booking) => [booking.id, booking.start, booking.seriesId]),
    ).toEqual([
      [first!.id, first!.start, booked.id],
      [second!.id, moved, booked.id],
      [third!.id, third!.start, booked.id],
    ]);
    // The change's invite updates the session's own event from the series' invite: same UID, a
    // later sequence; no other session's event is sent.
    const mails = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, client.user.email));
    const confirmation = mails.find((mail) => mail.subject.startsWith('Sessions booked'))!;
    const seriesInvite = parseFeed(confirmation.attachments[0]!.content);
    const change = mails.find((mail) => mail !== confirmation && mail.attachments.length > 0);
    expect(change, mails.map((mail) => mail.subject).join(' | ')).toBeDefined();
    const changeInvite = parseFeed(change!.attachments[0]!.content);
    const uid = calendarInviteUid(second!.id, t.app.deps.config.APP_URL);
    const before = seriesInvite.events.find((event) => event.uid === uid)!;
    expect(changeInvite.events.map((event) => [event.uid, event.start.toISOString()])).toEqual([
      [uid, moved],
    ]);
    expect(changeInvite.events[0]!.sequence).toBeGreaterThan(before.sequence);
    expect(await states(booked.bookings.map((booking) => booking.id))).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
    ]);
  });

  it('keeps the local time of the zone the client sees, not their profile’s, from preview to booking', async () => {
    const client = await signedInUser(t.app); // profile zone: Europe/Berlin
    const newYork = 'America/New_York';
    // The next change of New York's offset at least two weeks away (at most about eight months).
    let change = DateTime.utc().startOf('day').plus({ days: 14 });
    const offsetAt = (day: DateTime) => day.set({ hour: 12 }).setZone(newYork).offset;
    while (offsetAt(change) === offsetAt(change.plus({ days: 1 })))
      change = change.plus({ days: 1 });
    // Four weekly sessions from ten or so days before it, on a weekday no other test books.
    const today = DateTime.utc().startOf('day');
    let first = change.minus({ days: 10 });
    while ([1, 3, 4].includes(Math.round(first.diff(today, 'days').days) % 7)) {
      first = first.minus({ days: 1 });
    }
    const start = first.set({ hour: 16 }).toJSDate().toISOString();
    const body = { service: 'coaching', start, every: 'week', count: 4 };
    try {
      await saveSchedulingSettings(t.app.deps.db, {
        ...(await loadSchedulingSettings(t.app.deps.db, t.app.log)),
        rules: { ...TEST_RULES, horizonDays: 365 },
      });
      const previewIn = async (zone?: string) => {
        const res = await call('POST', '/api/bookings/series/preview', client, {
          ...body,
          ...(zone && { timeZone: zone }),
        });
        expect(res.statusCode, res.body).toBe(200);
        return seriesPreviewSchema.parse(res.json()).occurrences.map((o) => o.start);
      };
      const seen = await previewIn(newYork);
      const localTimes = (dates: string[], zone: string) =>
        new Set(dates.map((date) => DateTime.fromISO(date, { zone }).toFormat('ccc HH:mm')));
      expect([...localTimes(seen, newYork)]).toHaveLength(1);
      // Without a zone the profile's is kept: other dates across the change.
      const profiles = await previewIn();
      expect([...localTimes(profiles, 'Europe/Berlin')]).toHaveLength(1);
      expect(profiles).not.toEqual(seen);

      const res = await call('POST', '/api/bookings/series', client, {
        ...body,
        timeZone: newYork,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { series } = createdSeriesSchema.parse(res.json());
      expect(series.bookings.map((booking) => booking.start)).toEqual(seen);
      const [row] = await t.app.deps.db
        .select()
        .from(bookingSeries)
        .where(eq(bookingSeries.id, series.id));
      expect(row!.timeZone).toBe(newYork);
      const [mail] = await t.app.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, client.user.email));
      expect(mail!.text).toContain(SERIES_MESSAGES.sameLocalTime(newYork));
      expect(mail!.text).toContain(formatMailTime(new Date(seen[0]!), newYork));

      const unknown = await call('POST', '/api/bookings/series/preview', client, {
        ...body,
        timeZone: 'Mars/Olympus_Mons',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual({ timeZone: [TIME_ZONE_MESSAGE] });
    } finally {
      await openEveryDay(t.app);
    }
  });

  async function bookSeries(client: SignedIn, count = 4, payload: object = {}) {
    const res = await call('POST', '/api/bookings/series', client, {
      service: 'coaching',
      start: nextStart(),
      every: 'week',
      count,
      ...payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return createdSeriesSchema.parse(res.json()).series;
  }

  const states = async (ids: string[]) =>
    (
      await t.app.deps.db
        .select({ id: bookings.id, state: bookings.state, start: bookings.startAt })
        .from(bookings)
        .where(inArray(bookings.id, ids))
    )
      .sort((a, b) => a.start.getTime() - b.start.getTime())
      .map((row) => row.state);

  it('cancels one session alone, then one and the following, then every future one', async () => {
    const client = await signedInUser(t.app);
    const series = await bookSeries(client, 5);
    const ids = series.bookings.map((booking) => booking.id);

    const one = await call('POST', `/api/bookings/${ids[1]}/cancel`, client, {});
    expect(one.statusCode, one.body).toBe(200);
    expect(await states(ids)).toEqual([
      'confirmed',
      'cancelled',
      'confirmed',
      'confirmed',
      'confirmed',
    ]);

    const following = await call('POST', `/api/bookings/series/${series.id}/cancel`, client, {
      from: ids[3],
    });
    expect(following.statusCode, following.body).toBe(200);
    expect(following.json().series.bookings.map((b: { state: string }) => b.state)).toEqual([
      'confirmed',
      'cancelled',
      'confirmed',
      'cancelled',
      'cancelled',
    ]);

    const rest = await call('POST', `/api/bookings/series/${series.id}/cancel`, client, {});
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await states(ids)).toEqual(Array.from({ length: 5 }, () => 'cancelled'));
    const again = await call('POST', `/api/bookings/series/${series.id}/cancel`, client, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(SERIES_MESSAGES.nothingToCancel);
  });

  it('answers 404 for another client’s series and for a booking not of the series', async () => {
    const client = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const series = await bookSeries(client, 2);
    const theirs = await call('POST', `/api/bookings/series/${series.id}/cancel`, stranger, {});
    expect(theirs.statusCode).toBe(404);
    const unknown = await call('POST', '/api/bookings/series/not-a-uuid/cancel', client, {});
    expect(unknown.statusCode).toBe(404);
    const single = await bookOne(client, slotAt(4, '21:00'));
    const notOfIt = await call('POST', `/api/bookings/series/${series.id}/cancel`, client, {
      from: single.id,
    });
    expect(notOfIt.statusCode).toBe(404);
    expect(notOfIt.json().detail).toBe(SERIES_MESSAGES.fromNotInSeries);
    expect(await states(series.bookings.map((booking) => booking.id))).toEqual([
      'confirmed',
      'confirmed',
    ]);
  });

  it('settles each session’s payment by its own state: a paid one refunded, unpaid ones closed', async () => {
    const client = await signedInUser(t.app);
    const series = await bookSeries(client, 3);
    const ids = series.bookings.map((booking) => booking.id);
    const paid = await call('POST', `/api/admin/bookings/${ids[0]}/paid`, owner, {
      method: 'bank_transfer',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const res = await call('POST', `/api/bookings/series/${series.id}/cancel`, client, {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.app.deps.db
      .select()
      .from(payments)
      .where(inArray(payments.bookingId, ids));
    const byBooking = new Map(rows.map((row) => [row.bookingId, row]));
    expect(byBooking.get(ids[1]!)!.status).toBe('cancelled');
    expect(byBooking.get(ids[2]!)!.status).toBe('cancelled');
    const refunded = byBooking.get(ids[0]!)!;
    const refunds = await t.app.deps.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, refunded.id));
    // Never more than was paid, and only for the session that was paid.
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amountMinor).toBeGreaterThan(0);
    expect(refunds[0]!.amountMinor).toBeLessThanOrEqual(refunded.amountMinor);
    const otherRefunds = await t.app.deps.db
      .select()
      .from(paymentRefunds)
      .where(
        inArray(paymentRefunds.paymentId, [byBooking.get(ids[1]!)!.id, byBooking.get(ids[2]!)!.id]),
      );
    expect(otherRefunds).toEqual([]);
  });

  it('pays sessions with package credits one each, and gives back or forfeits each by its own start', async () => {
    const created = await call('POST', '/api/admin/packages', owner, {
      title: 'Three coaching sessions',
      services: ['coaching'],
      sessions: 3,
      priceMinor: 0,
      validityDays: 365,
    });
    expect(created.statusCode, created.body).toBe(201);
    const client = await signedInUser(t.app);
    const bought = await call('POST', `/api/packages/${created.json().id}/purchase`, client, {});
    const { purchase } = purchaseAnswerSchema.parse(bought.json());

    // Four sessions, three credits: three paid by credit, the fourth due as usual.
    const series = await bookSeries(client, 4);
    expect(series.bookings.map((booking) => [booking.state, booking.paymentDue])).toEqual([
      ['confirmed', false],
      ['confirmed', false],
      ['confirmed', false],
      ['confirmed', true],
    ]);
    const ids = series.bookings.map((booking) => booking.id);

    // The first session is now inside the cancellation cutoff: the client cannot cancel it, so
    // cancelling the series leaves it; the owner's cancellation of it forfeits its credit.
    const firstStart = Date.parse(series.bookings[0]!.start);
    clockAhead = firstStart - 12 * HOUR_MS - Date.now();
    try {
      const res = await call('POST', `/api/bookings/series/${series.id}/cancel`, client, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(await states(ids)).toEqual(['confirmed', 'cancelled', 'cancelled', 'cancelled']);
      const byOwner = await call(
        'POST',
        `/api/admin/bookings/series/${series.id}/cancel`,
        owner,
        {},
      );
      expect(byOwner.statusCode, byOwner.body).toBe(200);
      expect(await states(ids)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    } finally {
      clockAhead = 0;
    }
    const ledger = await t.app.deps.db
      .select()
      .from(packageCreditEntries)
      .where(
        and(
          eq(packageCreditEntries.purchaseId, purchase.id),
          inArray(packageCreditEntries.bookingId, ids),
        ),
      );
    const kinds = (bookingId: string) =>
      ledger
        .filter((entry) => entry.bookingId === bookingId)
        .map((entry) => entry.reason)
        .sort();
    expect(kinds(ids[0]!)).toEqual(['booking', 'forfeited']);
    expect(kinds(ids[1]!)).toEqual(['booking', 'returned']);
    expect(kinds(ids[2]!)).toEqual(['booking', 'returned']);
    expect(kinds(ids[3]!)).toEqual([]);
  });

  it('takes a discount code off every session, one use each; a code run out refuses the series', async () => {
    const half = await call('POST', '/api/admin/coupons', owner, {
      code: 'HALFSERIES',
      percentOff: 50,
    });
    expect(half.statusCode, half.body).toBe(201);
    const client = await signedInUser(t.app);
    const series = await bookSeries(client, 2, { couponCode: 'HALFSERIES' });
    expect(series.bookings.map((booking) => [booking.priceMinor, booking.paymentDue])).toEqual([
      [4000, true],
      [4000, true],
    ]);
    const due = await t.app.deps.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.bookingId,
          series.bookings.map((booking) => booking.id),
        ),
      );
    expect(due.map((payment) => payment.amountMinor)).toEqual([4000, 4000]);

    // Two uses per client: a series of three runs out on its third session, and books nothing.
    const twice = await call('POST', '/api/admin/coupons', owner, {
      code: 'TWICEONLY',
      percentOff: 10,
      perClientLimit: 2,
    });
    expect(twice.statusCode, twice.body).toBe(201);
    const other = await signedInUser(t.app);
    const refused = await call('POST', '/api/bookings/series', other, {
      service: 'coaching',
      start: nextStart(),
      every: 'week',
      count: 3,
      couponCode: 'TWICEONLY',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await clientBookings(other.user.id)).toEqual([]);
  });

  it('lets the owner book a series for a client and cancel it, both audited', async () => {
    const client = await signedInUser(t.app);
    const start = nextStart();
    const previewRes = await call('POST', '/api/admin/bookings/series/preview', owner, {
      clientId: client.user.id,
      service: 'coaching',
      start,
      every: 'week',
      count: 2,
    });
    expect(previewRes.statusCode, previewRes.body).toBe(200);
    const nobody = await call('POST', '/api/admin/bookings/series/preview', owner, {
      clientId: '00000000-0000-4000-8000-000000000000',
      service: 'coaching',
      start,
      every: 'week',
      count: 2,
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().detail).toBe(BOOKING_MESSAGES.clientUnknown);
    const res = await call('POST', '/api/admin/bookings/series', owner, {
      clientId: client.user.id,
      service: 'coaching',
      start,
      every: 'week',
      count: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { series } = createdSeriesSchema.parse(res.json());
    expect(series.bookings).toHaveLength(2);
    const asClient = await call('POST', '/api/admin/bookings/series', client, {
      clientId: client.user.id,
      service: 'coaching',
      start,
      every: 'week',
      count: 2,
    });
    expect(asClient.statusCode).toBe(403);

    const cancelled = await call('POST', `/api/admin/bookings/series/${series.id}/cancel`, owner, {
      reason: 'Moving abroad',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const entries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, series.id));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'booking_series.cancelled',
      'booking_series.created',
    ]);
    const perBooking = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(
        inArray(
          auditLog.target,
          series.bookings.map((booking) => booking.id),
        ),
      );
    expect(perBooking.map((entry) => entry.action).sort()).toEqual([
      'booking.cancelled',
      'booking.cancelled',
      'booking.created',
      'booking.created',
    ]);
  });
});

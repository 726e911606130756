import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  SLOT_TAKEN_PROBLEM_TYPE,
  BOOKING_MESSAGES as M,
  EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
  isKnownTimeZone,
  NEAREST_SLOTS_COUNT,
  WEEKDAYS,
  availabilitySchema,
  bookingConflictProblemSchema,
  bookingRecordSchema,
  pastBookingsPageSchema,
  problemSchema,
  servicesListSchema,
  upcomingBookingsSchema,
  type BookingRecord,
} from '@consult/shared';
import { createUser, signedInUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailOutbox } from '../mail/schema';
import { HttpProblem } from '../../plugins/errors';
import { cancelBooking } from './changes/cancel-booking';
import { createBooking } from './changes/create-booking';
import { changeBookingState, markBookingPaid } from './changes/owner-changes';
import { rescheduleBooking } from './changes/reschedule-booking';
import { CHANGE_MESSAGES, STATE_CHANGE_MESSAGES } from './booking-state';
import { addService, dayAhead, openEveryDay, slotAt, TEST_RULES } from './booking-test-setup';
import { saveSchedulingSettings } from './scheduling-settings';
import { bookingEvents, bookings } from './schema';
import { newBookingReference } from './booking-reference';

describe('bookings API: public and client routes', () => {
  let t: TestApp;
  type Client = Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { OWNER_EMAIL: 'owner@example.test' } });
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'free-video', order: 100 });
    await addService(t.app, {
      slug: 'paid-call',
      priceMinor: 5000,
      meetingMode: 'phone',
      durationMinutes: 30,
      order: 101,
    });
    await addService(t.app, { slug: 'retired', active: false, order: 102 });
  });
  afterAll(() => t.close());

  const client = (overrides: Parameters<typeof signedInUser>[1] = {}) =>
    signedInUser(t.app, overrides);

  function book(
    who: Client,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...who.headers, ...headers },
      payload,
    });
  }

  async function booked(who: Client, service: string, start: string): Promise<BookingRecord> {
    const res = await book(who, { service, start });
    expect(res.statusCode, res.body).toBe(201);
    return bookingRecordSchema.parse(res.json());
  }

  const get = (url: string, who?: Client) =>
    t.app.inject({ method: 'GET', url, headers: who?.headers });
  const post = (url: string, who: Client, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload });

  async function availableOn(service: string, date: string): Promise<string[]> {
    const res = await get(
      `/api/availability?service=${service}&from=${date}&to=${date}&timeZone=UTC`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return availabilitySchema.parse(res.json()).days.flatMap((day) => day.slots);
  }

  /**
   * The first slot the service offers at least `hours` from now (inside the 24-hour cutoff for the
   * tests that need one). Asked of the API, so bookings other tests made are stepped around,
   * whatever the time of day the suite runs at.
   */
  async function firstFreeSlotAfter(service: string, hours: number): Promise<string> {
    const earliest = Date.now() + hours * 3_600_000;
    const slots = [
      ...(await availableOn(service, dayAhead(0))),
      ...(await availableOn(service, dayAhead(1))),
    ];
    const slot = slots.find((start) => Date.parse(start) >= earliest);
    if (!slot) throw new Error(`no free ${service} slot ${hours} h or more ahead`);
    return slot;
  }

  const outboxCount = () => t.database.db.$count(mailOutbox);
  const eventsOf = (bookingId: string) =>
    t.database.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, bookingId))
      .orderBy(bookingEvents.id);

  describe('GET /api/services', () => {
    it('lists the active services in the owner’s order, without inactive ones', async () => {
      const res = await get('/api/services');
      expect(res.statusCode).toBe(200);
      const { services } = servicesListSchema.parse(res.json());
      const slugs = services.map((s) => s.slug);
      // The demo services are seeded at start-up, before the tests' own.
      expect(slugs).toEqual([
        'intro-call',
        'strategy-session',
        'growth-plan-workshop',
        'free-video',
        'paid-call',
      ]);
      expect(services.every((s) => s.active)).toBe(true);
    });
  });

  describe('GET /api/availability', () => {
    it('offers the day’s slots grouped by the visitor’s days, and drops a booked one', async () => {
      const date = dayAhead(3);
      const res = await get(
        `/api/availability?service=free-video&from=${date}&to=${date}&timeZone=Asia/Karachi`,
      );
      expect(res.statusCode).toBe(200);
      const body = availabilitySchema.parse(res.json());
      expect(body.service).toBe('free-video');
      expect(body.timeZone).toBe('Asia/Karachi');
      // Karachi is UTC+5: its day starts 19:00 UTC the evening before.
      expect(body.days.map((d) => d.date)).toEqual([date]);
      expect(body.days[0]!.slots[0]).toBe(`${dayBefore(date)}T19:00:00.000Z`);
      expect(body.days[0]!.slots.at(-1)).toBe(`${date}T18:45:00.000Z`);

      const utcSlots = await availableOn('free-video', date);
      expect(utcSlots[0]).toBe(`${date}T00:15:00.000Z`);
      expect(utcSlots.at(-1)).toBe(`${date}T22:45:00.000Z`);
      const start = slotAt(3, '10:00');
      await booked(await client(), 'free-video', start);
      const after = await availableOn('free-video', date);
      // 10:00–11:00 plus 15 minutes either side: 08:45 ends at 09:45, the first start after is 11:15.
      expect(after).toContain(slotAt(3, '08:45'));
      expect(after).not.toContain(slotAt(3, '09:00'));
      expect(after).not.toContain(slotAt(3, '11:00'));
      expect(after).toContain(slotAt(3, '11:15'));
    });

    it.each([
      ['an unknown zone', 'timeZone=Mars/Olympus', 'timeZone', M.timeZoneUnknown],
      ['a reversed range', 'from=2030-01-10&to=2030-01-09', 'to', M.rangeReversed],
      ['a range that is too long', 'from=2030-01-01&to=2030-06-01', 'to', M.rangeTooLong],
      ['a malformed date', 'from=2030-02-30', 'from', M.dateInvalid],
      ['an unknown service', 'service=no-such-service', 'service', M.serviceUnknown],
      ['an inactive service', 'service=retired', 'service', M.serviceInactive],
    ])('answers 400 to %s', async (_label, override, field, message) => {
      const query = new URLSearchParams({
        service: 'free-video',
        from: '2030-01-01',
        to: '2030-01-07',
        timeZone: 'UTC',
      });
      for (const [key, value] of new URLSearchParams(override)) query.set(key, value);
      const res = await get(`/api/availability?${query.toString()}`);
      expect(res.statusCode).toBe(400);
      const problem = problemSchema.parse(res.json());
      expect(problem.detail).toBe(message);
      expect(problem.errors?.[field]).toEqual([message]);
    });

    it('answers days far outside the bookable stretch with no slots', async () => {
      for (const [from, to] of [
        ['9999-12-01', '9999-12-31'],
        ['1900-01-01', '1900-01-31'],
      ]) {
        const res = await get(
          `/api/availability?service=free-video&from=${from}&to=${to}&timeZone=Pacific/Kiritimati`,
        );
        expect(res.statusCode).toBe(200);
        expect(availabilitySchema.parse(res.json()).days).toEqual([]);
      }
    });

    it('answers 400 when the service is missing', async () => {
      const res = await get('/api/availability?from=2030-01-01&to=2030-01-02&timeZone=UTC');
      expect(res.statusCode).toBe(400);
      expect(problemSchema.parse(res.json()).errors?.service).toEqual([M.serviceRequired]);
    });
  });

  describe('POST /api/bookings', () => {
    it('confirms a free video booking at once with a meeting link, a history line and mails', async () => {
      const me = await client({ name: 'Free Client' });
      const mailsBefore = await outboxCount();
      const start = slotAt(4, '09:00');
      const res = await book(me, { service: 'free-video', start, notes: '  About my plan  ' });
      expect(res.statusCode).toBe(201);
      const record = bookingRecordSchema.strict().parse(res.json());
      expect(record).toMatchObject({
        _id: record.id,
        service: {
          slug: 'free-video',
          title: 'free-video',
          durationMinutes: 60,
          meetingMode: 'video',
        },
        start,
        end: slotAt(4, '10:00'),
        state: 'confirmed',
        notes: 'About my plan',
        priceMinor: 0,
        paymentDue: false,
        paidAt: null,
        holdUntil: null,
        address: null,
        clientChange: { allowed: true, reason: null },
      });
      expect(record.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/consult-[A-Za-z0-9_-]{16}$/);
      expect(record.clientChange.cutoffAt).toBe(
        new Date(Date.parse(start) - 24 * 3_600_000).toISOString(),
      );

      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, record.id));
      expect(row).toMatchObject({
        clientId: me.user.id,
        createdBy: me.user.id,
        blockedUntil: new Date(Date.parse(slotAt(4, '10:00')) + 15 * 60_000),
        icsSequence: 0,
      });
      expect(await eventsOf(record.id)).toMatchObject([
        {
          action: 'created',
          fromState: null,
          toState: 'confirmed',
          actorType: 'client',
          actorId: me.user.id,
        },
      ]);
      // The client's confirmation and the owner's copy, in the booking's transaction.
      expect(await outboxCount()).toBe(mailsBefore + 2);
    });

    it('confirms a paid service with its payment due, and no link for a phone call', async () => {
      const me = await client();
      const record = await booked(me, 'paid-call', slotAt(4, '14:00'));
      expect(record).toMatchObject({
        state: 'confirmed',
        paymentDue: true,
        priceMinor: 5000,
        currency: 'USD',
        meetingUrl: null,
        end: slotAt(4, '14:30'),
      });
    });

    it('refuses a client whose e-mail is not verified, with a type the web app recognises', async () => {
      const me = await client({ verified: false });
      const res = await book(me, { service: 'free-video', start: slotAt(5, '09:00') });
      expect(res.statusCode).toBe(403);
      const problem = problemSchema.parse(res.json());
      expect(problem).toMatchObject({
        type: EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
        detail: M.emailNotVerified,
      });
      expect(await t.database.db.$count(bookings, eq(bookings.clientId, me.user.id))).toBe(0);
    });

    it('needs a signed-in client', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: { service: 'free-video', start: slotAt(5, '09:00') },
      });
      expect(res.statusCode).toBe(401);
    });

    it('asks for sign-in before it looks at the request', async () => {
      for (const [method, url] of [
        ['POST', '/api/bookings'],
        ['POST', `/api/bookings/${randomUUID()}/reschedule`],
      ] as const) {
        const res = await t.app.inject({ method, url, payload: { start: 'not a time' } });
        expect(res.statusCode, url).toBe(401);
      }
    });

    it.each([
      ['service', { start: '2030-01-01T10:00:00Z' }, M.serviceRequired],
      ['start', { service: 'free-video', start: 'tomorrow' }, M.startInvalid],
      ['start', { service: 'free-video' }, M.startInvalid],
      [
        'notes',
        { service: 'free-video', start: '2030-01-01T10:00:00Z', notes: 'x'.repeat(1001) },
        M.notesTooLong,
      ],
    ])('answers 400 for a bad %s', async (field, payload, message) => {
      const res = await book(await client(), payload);
      expect(res.statusCode).toBe(400);
      expect(problemSchema.parse(res.json()).errors?.[field]).toEqual([message]);
    });

    it('answers 400 with errors.service for an unknown or inactive service', async () => {
      const me = await client();
      for (const [service, message] of [
        ['no-such-service', M.serviceUnknown],
        ['retired', M.serviceInactive],
      ] as const) {
        const res = await book(me, { service, start: slotAt(5, '09:00') });
        expect(res.statusCode).toBe(400);
        expect(problemSchema.parse(res.json()).errors?.service).toEqual([message]);
      }
    });

    it('answers 409 with the nearest free slots for a time that is not offered', async () => {
      const me = await client();
      for (const start of [
        slotAt(6, '09:07'),
        slotAt(6, '23:30'),
        slotAt(90, '10:00'),
        slotAt(-1, '10:00'),
      ]) {
        const res = await book(me, { service: 'free-video', start });
        expect(res.statusCode, start).toBe(409);
        const problem = bookingConflictProblemSchema.parse(res.json());
        expect(problem.detail).toBe(M.slotTaken);
        expect(problem.type).toBe(SLOT_TAKEN_PROBLEM_TYPE);
        expect(problem.nearestSlots).toHaveLength(NEAREST_SLOTS_COUNT);
        expect([...problem.nearestSlots!].sort()).toEqual(problem.nearestSlots);
        for (const slot of problem.nearestSlots!)
          expect(Date.parse(slot)).toBeGreaterThan(Date.now());
      }
      const near = bookingConflictProblemSchema.parse(
        (await book(me, { service: 'free-video', start: slotAt(6, '09:07') })).json(),
      ).nearestSlots;
      expect(near).toEqual(
        ['08:30', '08:45', '09:00', '09:15', '09:30', '09:45'].map((time) => slotAt(6, time)),
      );
    });

    it('answers 409, not an error, for instants at the ends of the calendar', async () => {
      const me = await client();
      for (const start of ['9999-12-31T23:45:00Z', '0000-01-01T00:00:00Z']) {
        const res = await book(me, { service: 'free-video', start });
        expect(res.statusCode, start).toBe(409);
        expect(bookingConflictProblemSchema.parse(res.json()).nearestSlots).toHaveLength(
          NEAREST_SLOTS_COUNT,
        );
      }
    });

    it('drops NUL characters, which PostgreSQL text cannot hold, from notes and reasons', async () => {
      const me = await client();
      const res = await book(me, {
        service: 'free-video',
        start: slotAt(6, '15:00'),
        notes: 'Line\u0000one',
      });
      expect(res.statusCode).toBe(201);
      const record = bookingRecordSchema.parse(res.json());
      expect(record.notes).toBe('Lineone');
      const cancel = await post(`/api/bookings/${record.id}/cancel`, me, { reason: 'Ill\u0000' });
      expect(cancel.statusCode).toBe(200);
      expect((await eventsOf(record.id)).at(-1)!.details).toEqual({ reason: 'Ill' });
    });

    it('takes null notes and a null reason as none, as the records write them', async () => {
      const me = await client();
      const res = await book(me, { service: 'free-video', start: slotAt(6, '18:00'), notes: null });
      expect(res.statusCode, res.body).toBe(201);
      const record = bookingRecordSchema.parse(res.json());
      expect(record.notes).toBeNull();
      const cancel = await post(`/api/bookings/${record.id}/cancel`, me, { reason: null });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect((await eventsOf(record.id)).at(-1)!.details).toEqual({});
    });

    // The runtime's zone data knows US/Pacific-New, PostgreSQL's does not: the owner-local day the
    // daily maximum locks is worked out in the server, never by the database.
    it.runIf(isKnownTimeZone('US/Pacific-New'))(
      'books under a daily maximum in an owner zone the database does not know',
      async () => {
        const allDay = [{ start: '00:00', end: '24:00' }];
        await saveSchedulingSettings(t.app.deps.db, {
          rules: { ...TEST_RULES, timeZone: 'US/Pacific-New', maxBookingsPerDay: 20 },
          weeklyHours: Object.fromEntries(WEEKDAYS.map((day) => [day, allDay])),
          dateOverrides: [],
        });
        try {
          const me = await client();
          await booked(me, 'free-video', slotAt(20, '10:00'));
        } finally {
          await openEveryDay(t.app);
        }
      },
    );

    it('refuses a time overlapping another booking or its buffer, and accepts one just after', async () => {
      const first = await client();
      const second = await client();
      await booked(first, 'free-video', slotAt(7, '10:00'));
      for (const start of ['09:00', '09:30', '10:00', '10:30', '11:00']) {
        const res = await book(second, { service: 'free-video', start: slotAt(7, start) });
        expect(res.statusCode, start).toBe(409);
        const problem = bookingConflictProblemSchema.parse(res.json());
        expect(problem.detail).toBe(M.slotTaken);
        expect(problem.nearestSlots).not.toContain(slotAt(7, start));
      }
      await booked(second, 'free-video', slotAt(7, '11:15'));
      await booked(second, 'free-video', slotAt(7, '08:45'));
      expect(
        await t.database.db.$count(
          bookings,
          and(eq(bookings.clientId, second.user.id), eq(bookings.state, 'confirmed')),
        ),
      ).toBe(2);
    });

    it('answers a retry with the same Idempotency-Key with the same booking, once', async () => {
      const me = await client();
      const payload = { service: 'free-video', start: slotAt(8, '10:00'), notes: 'retry me' };
      const headers = { 'idempotency-key': 'key-123' };
      const first = await book(me, payload, headers);
      expect(first.statusCode).toBe(201);
      const mailsAfterFirst = await outboxCount();
      const again = await book(me, payload, headers);
      expect(again.statusCode).toBe(201);
      expect(again.json<BookingRecord>().id).toBe(first.json<BookingRecord>().id);
      expect(await t.database.db.$count(bookings, eq(bookings.clientId, me.user.id))).toBe(1);
      expect(await outboxCount()).toBe(mailsAfterFirst);

      const other = await book(me, { ...payload, notes: 'something else' }, headers);
      expect(other.statusCode).toBe(422);
      expect(problemSchema.parse(other.json()).detail).toBe(M.idempotencyKeyReused);

      // Keys are per client: another client may use the same one.
      const someoneElse = await book(
        await client(),
        { ...payload, start: slotAt(8, '13:00') },
        headers,
      );
      expect(someoneElse.statusCode).toBe(201);
    });

    it('answers 400 to a malformed Idempotency-Key', async () => {
      const res = await book(
        await client(),
        { service: 'free-video', start: slotAt(8, '15:00') },
        { 'idempotency-key': 'has spaces' },
      );
      expect(res.statusCode).toBe(400);
      expect(problemSchema.parse(res.json()).errors?.['idempotency-key']).toEqual([
        M.idempotencyKeyInvalid,
      ]);
    });
  });

  describe('the client’s lists', () => {
    it('lists a booking under way (started, not ended) as upcoming, a finished one as past', async () => {
      const me = await client();
      const template = await booked(me, 'free-video', slotAt(12, '09:00'));
      const startAt = new Date(Date.now() - 30 * 60_000);
      const endAt = new Date(startAt.getTime() + 3_600_000);
      await t.database.db
        .update(bookings)
        .set({ startAt, endAt, blockedUntil: endAt })
        .where(eq(bookings.id, template.id));
      const upcoming = upcomingBookingsSchema.parse(
        (await get('/api/bookings/upcoming', me)).json(),
      );
      expect(upcoming.bookings.map((b) => b.id)).toEqual([template.id]);
      expect(upcoming.bookings[0]!.clientChange.allowed).toBe(false);
      const past = pastBookingsPageSchema.parse((await get('/api/bookings/past', me)).json());
      expect(past.totalBookings).toBe(0);

      // Marked completed by the owner before its end, it is finished: past, not upcoming.
      await t.database.db
        .update(bookings)
        .set({ state: 'completed' })
        .where(eq(bookings.id, template.id));
      expect((await get('/api/bookings/upcoming', me)).json()).toEqual({ bookings: [] });
      const after = pastBookingsPageSchema.parse((await get('/api/bookings/past', me)).json());
      expect(after.bookings.map((b) => b.id)).toEqual([template.id]);
    });

    it('starts with no upcoming bookings and an empty first page of past ones', async () => {
      const me = await client();
      const upcoming = await get('/api/bookings/upcoming', me);
      expect(upcoming.statusCode).toBe(200);
      expect(upcoming.json()).toEqual({ bookings: [] });
      const past = await get('/api/bookings/past', me);
      expect(past.statusCode).toBe(200);
      expect(past.json()).toEqual({
        bookings: [],
        currentPage: 1,
        totalPages: 1,
        totalBookings: 0,
      });
    });

    it('lists upcoming soonest first and past ones newest first, paged by 10, with _id and id', async () => {
      const me = await client();
      const later = await booked(me, 'free-video', slotAt(9, '15:00'));
      const sooner = await booked(me, 'free-video', slotAt(9, '09:00'));
      const cancelled = await booked(me, 'free-video', slotAt(9, '12:00'));
      expect((await post(`/api/bookings/${cancelled.id}/cancel`, me, {})).statusCode).toBe(200);
      // Eleven bookings that already took place, written directly: the API books only the future.
      const [template] = await t.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, later.id));
      for (let day = 1; day <= 11; day += 1) {
        const startAt = new Date(Date.parse(slotAt(-day, '10:00')));
        await t.database.db.insert(bookings).values({
          ...template!,
          id: undefined,
          reference: newBookingReference(),
          idempotencyKey: null,
          startAt,
          endAt: new Date(startAt.getTime() + 3_600_000),
          blockedUntil: new Date(startAt.getTime() + 3_600_000),
          state: day % 2 ? 'completed' : 'no_show',
        });
      }

      const upcoming = upcomingBookingsSchema.parse(
        (await get('/api/bookings/upcoming', me)).json(),
      );
      expect(upcoming.bookings.map((b) => b.id)).toEqual([sooner.id, later.id]);
      expect(upcoming.bookings.every((b) => b._id === b.id)).toBe(true);

      const first = pastBookingsPageSchema.parse((await get('/api/bookings/past', me)).json());
      expect(first).toMatchObject({ currentPage: 1, totalPages: 2, totalBookings: 12 });
      expect(first.bookings).toHaveLength(10);
      expect(first.bookings[0]).toMatchObject({
        id: cancelled.id,
        _id: cancelled.id,
        state: 'cancelled',
      });
      expect(first.bookings[1]!.start).toBe(slotAt(-1, '10:00'));
      const starts = first.bookings.map((b) => b.start);
      expect([...starts].sort().reverse()).toEqual(starts);

      const second = pastBookingsPageSchema.parse(
        (await get('/api/bookings/past?page=2', me)).json(),
      );
      expect(second).toMatchObject({ currentPage: 2, totalPages: 2, totalBookings: 12 });
      expect(second.bookings.map((b) => b.start)).toEqual([
        slotAt(-10, '10:00'),
        slotAt(-11, '10:00'),
      ]);
      const beyond = pastBookingsPageSchema.parse(
        (await get('/api/bookings/past?page=9', me)).json(),
      );
      expect(beyond.currentPage).toBe(2);

      for (const page of ['0', 'x', '1.5']) {
        const res = await get(`/api/bookings/past?page=${page}`, me);
        expect(res.statusCode).toBe(400);
        expect(problemSchema.parse(res.json()).errors?.page).toEqual([M.pageInvalid]);
      }
    });

    it('shows one own booking, and answers 404 for another client’s, an unknown or a malformed id', async () => {
      const me = await client();
      const other = await client();
      const mine = await booked(me, 'free-video', slotAt(10, '09:00'));
      const res = await get(`/api/bookings/${mine.id}`, me);
      expect(res.statusCode).toBe(200);
      expect(bookingRecordSchema.parse(res.json()).id).toBe(mine.id);

      for (const id of [
        mine.id,
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
        "1' or '1'='1",
      ]) {
        const url = `/api/bookings/${encodeURIComponent(id)}`;
        const answers = {
          read: await get(url, other),
          ics: await get(`${url}/ics`, other),
          cancel: await post(`${url}/cancel`, other, {}),
          reschedule: await post(`${url}/reschedule`, other, { start: slotAt(10, '13:00') }),
        };
        for (const [label, res] of Object.entries(answers)) {
          expect(res.statusCode, `${label} ${id}`).toBe(404);
          expect(problemSchema.parse(res.json()).detail).toBe(M.bookingNotFound);
        }
      }
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, mine.id));
      expect(row).toMatchObject({ state: 'confirmed', startAt: new Date(mine.start) });
    });

    it('serves the calendar invite of an own booking, and to the owner any booking’s', async () => {
      const me = await client({ name: 'Invitee' });
      const mine = await booked(me, 'free-video', slotAt(10, '15:00'));
      const res = await get(`/api/bookings/${mine.id}/ics`, me);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="invite.ics"');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toMatch(/^BEGIN:VCALENDAR/);
      expect(res.body).toContain(`UID:${mine.id}@localhost`);
      expect(res.body).toContain('METHOD:REQUEST');
      const owner = await client({ role: 'admin' });
      expect((await get(`/api/bookings/${mine.id}/ics`, owner)).statusCode).toBe(200);

      // Compressed for a browser that accepts it, and still never kept by a cache.
      const zipped = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${mine.id}/ics`,
        headers: { ...me.headers, 'accept-encoding': 'gzip' },
      });
      expect(zipped.headers['cache-control']).toBe('private, no-store');
      expect(zipped.headers['content-disposition']).toBe('attachment; filename="invite.ics"');
      expect(zipped.headers.vary).toMatch(/accept-encoding/);
      const text =
        zipped.headers['content-encoding'] === 'gzip'
          ? gunzipSync(zipped.rawPayload).toString('utf8')
          : zipped.body;
      expect(text).toMatch(/^BEGIN:VCALENDAR/);
      expect(text).toContain(`UID:${mine.id}@localhost`);
    });
  });

  describe('cancel and reschedule', () => {
    it('lets a client cancel before the cutoff, with the reason in the history, and frees the slot', async () => {
      const me = await client();
      const mine = await booked(me, 'free-video', slotAt(11, '10:00'));
      const mailsBefore = await outboxCount();
      const res = await post(`/api/bookings/${mine.id}/cancel`, me, { reason: 'Travelling' });
      expect(res.statusCode).toBe(200);
      expect(bookingRecordSchema.parse(res.json())).toMatchObject({
        state: 'cancelled',
        meetingUrl: null,
        clientChange: { allowed: false, reason: CHANGE_MESSAGES.notChangeable },
      });
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, mine.id));
      expect(row!.icsSequence).toBe(1);
      expect(row!.cancelledAt).toBeInstanceOf(Date);
      expect(
        (await eventsOf(mine.id)).map((e) => [
          e.action,
          e.fromState,
          e.toState,
          e.actorType,
          e.details,
        ]),
      ).toEqual([
        ['created', null, 'confirmed', 'client', expect.any(Object)],
        ['cancelled', 'confirmed', 'cancelled', 'client', { reason: 'Travelling' }],
      ]);
      // The client's mail, and the owner's copy: alone, or in the digest of a burst (decision 045).
      const mails = await t.database.db.select().from(mailOutbox);
      expect(await outboxCount()).toBeGreaterThanOrEqual(mailsBefore + 1);
      expect(
        mails.filter((mail) => mail.to === me.user.email && mail.subject.includes('cancelled')),
      ).toHaveLength(1);
      expect(
        mails.filter(
          (mail) =>
            mail.to === 'owner@example.test' &&
            mail.subject.includes('cancelled') &&
            mail.text.includes(mine.reference),
        ),
      ).toHaveLength(1);
      expect(await availableOn('free-video', dayAhead(11))).toContain(mine.start);

      const again = await post(`/api/bookings/${mine.id}/cancel`, me);
      expect(again.statusCode).toBe(409);
      expect(problemSchema.parse(again.json()).detail).toBe(CHANGE_MESSAGES.notChangeable);
      const move = await post(`/api/bookings/${mine.id}/reschedule`, me, {
        start: slotAt(11, '14:00'),
      });
      expect(move.statusCode).toBe(409);
      expect(problemSchema.parse(move.json()).detail).toBe(CHANGE_MESSAGES.notChangeable);
    });

    it('refuses a client’s cancel or reschedule after the cutoff', async () => {
      const me = await client();
      const soon = await booked(me, 'free-video', await firstFreeSlotAfter('free-video', 3));
      expect(soon.clientChange).toMatchObject({
        allowed: false,
        reason: CHANGE_MESSAGES.pastCutoff(24),
      });
      for (const res of [
        await post(`/api/bookings/${soon.id}/cancel`, me, {}),
        await post(`/api/bookings/${soon.id}/reschedule`, me, { start: slotAt(12, '10:00') }),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(problemSchema.parse(res.json()).detail).toBe(CHANGE_MESSAGES.pastCutoff(24));
      }
      expect(await eventsOf(soon.id)).toHaveLength(1);
    });

    it('closes client changes exactly at the cutoff: a millisecond before it they still go through', async () => {
      const me = await client();
      const actor = { type: 'client' as const, userId: me.user.id };
      const first = await booked(me, 'free-video', slotAt(21, '09:00'));
      const second = await booked(me, 'free-video', slotAt(21, '12:00'));
      const cutoffAt = (record: BookingRecord) => new Date(record.clientChange.cutoffAt);
      expect(cutoffAt(first).getTime()).toBe(Date.parse(first.start) - 24 * 3_600_000);

      const atCutoff = await cancelBooking(
        t.app.deps,
        actor,
        first.id,
        { reason: null },
        cutoffAt(first),
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(atCutoff).toMatchObject({ status: 409, detail: CHANGE_MESSAGES.pastCutoff(24) });
      const before = new Date(cutoffAt(first).getTime() - 1);
      const cancelled = await cancelBooking(t.app.deps, actor, first.id, { reason: null }, before);
      expect(cancelled.booking.state).toBe('cancelled');

      const moveAtCutoff = await rescheduleBooking(
        t.app.deps,
        actor,
        second.id,
        { start: slotAt(22, '12:00') },
        cutoffAt(second),
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(moveAtCutoff).toMatchObject({ status: 409, detail: CHANGE_MESSAGES.pastCutoff(24) });
    });

    it('moves a booking in one step: the new slot is taken, the old one freed, the history kept', async () => {
      const me = await client();
      const other = await client();
      const mine = await booked(me, 'free-video', slotAt(13, '10:00'));
      const mailsBefore = await outboxCount();
      const res = await post(`/api/bookings/${mine.id}/reschedule`, me, {
        start: slotAt(13, '14:00'),
      });
      expect(res.statusCode).toBe(200);
      const moved = bookingRecordSchema.parse(res.json());
      expect(moved).toMatchObject({
        id: mine.id,
        start: slotAt(13, '14:00'),
        end: slotAt(13, '15:00'),
        state: 'confirmed',
      });
      expect(moved.meetingUrl).toBe(mine.meetingUrl);
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, mine.id));
      expect(row).toMatchObject({
        icsSequence: 1,
        reminderSentAt: null,
        blockedUntil: new Date(Date.parse(slotAt(13, '15:15'))),
      });
      expect(await outboxCount()).toBe(mailsBefore + 2);
      expect((await eventsOf(mine.id)).at(-1)).toMatchObject({
        action: 'rescheduled',
        fromState: 'confirmed',
        toState: 'confirmed',
        actorType: 'client',
        details: { previousStart: slotAt(13, '10:00'), start: slotAt(13, '14:00') },
      });

      await booked(other, 'free-video', slotAt(13, '10:00'));
      const taken = await book(other, { service: 'free-video', start: slotAt(13, '14:00') });
      expect(taken.statusCode).toBe(409);

      // Moving by less than its own length: only the booking's own time overlaps, which is allowed.
      const nudged = await post(`/api/bookings/${mine.id}/reschedule`, me, {
        start: slotAt(13, '14:30'),
      });
      expect(nudged.statusCode).toBe(200);
      // 13:00 (with its buffer until 14:15) was blocked by 14:00, and is free beside 14:30.
      expect(await availableOn('free-video', dayAhead(13))).toContain(slotAt(13, '13:00'));
    });

    it('refuses a move onto another booking with the nearest free slots, and keeps the old time', async () => {
      const me = await client();
      const other = await client();
      const mine = await booked(me, 'free-video', slotAt(14, '10:00'));
      await booked(other, 'free-video', slotAt(14, '14:00'));
      const res = await post(`/api/bookings/${mine.id}/reschedule`, me, {
        start: slotAt(14, '14:30'),
      });
      expect(res.statusCode).toBe(409);
      const problem = bookingConflictProblemSchema.parse(res.json());
      expect(problem.detail).toBe(M.slotTaken);
      // The booking's own time counts as free for its move.
      expect(problem.nearestSlots).toEqual(
        ['12:45', '15:15', '15:30', '15:45', '16:00', '16:15'].map((time) => slotAt(14, time)),
      );
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, mine.id));
      expect(row).toMatchObject({ startAt: new Date(slotAt(14, '10:00')), icsSequence: 0 });
    });

    it('answers 400 to a reschedule without a valid start', async () => {
      const me = await client();
      const mine = await booked(me, 'free-video', slotAt(15, '10:00'));
      const res = await post(`/api/bookings/${mine.id}/reschedule`, me, { start: 'soon' });
      expect(res.statusCode).toBe(400);
      expect(problemSchema.parse(res.json()).errors?.start).toEqual([M.startInvalid]);
    });
  });

  describe('the service functions the owner’s routes call', () => {
    async function refusal(work: Promise<unknown>): Promise<HttpProblem> {
      const error = await work.then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(HttpProblem);
      return error as HttpProblem;
    }

    it('lets the owner book outside the hours, but never over another booking (the constraint)', async () => {
      const owner = await client({ role: 'admin' });
      const me = await client();
      const actor = { type: 'owner' as const, userId: owner.user.id };
      const late = await createBooking(t.app.deps, actor, {
        clientId: me.user.id,
        service: 'free-video',
        start: slotAt(16, '23:30'),
        notes: null,
        outsideHours: true,
      });
      expect(late.booking).toMatchObject({ state: 'confirmed', createdBy: owner.user.id });
      expect(late.client).toMatchObject({ id: me.user.id, email: me.user.email });
      expect((await eventsOf(late.booking.id))[0]).toMatchObject({ actorType: 'owner' });

      // Outside hours skips the slot check, so only the exclusion constraint (23P01) refuses this.
      const clash = await refusal(
        createBooking(t.app.deps, actor, {
          clientId: me.user.id,
          service: 'free-video',
          start: slotAt(16, '23:45'),
          notes: null,
          outsideHours: true,
        }),
      );
      expect(clash.status).toBe(409);
      expect(clash.detail).toBe(M.slotTaken);
      expect(clash.extra.members?.nearestSlots).toHaveLength(NEAREST_SLOTS_COUNT);

      const mine = await booked(me, 'free-video', slotAt(16, '10:00'));
      const moveClash = await refusal(
        rescheduleBooking(t.app.deps, actor, mine.id, {
          start: slotAt(16, '23:00'),
          outsideHours: true,
        }),
      );
      expect(moveClash.status).toBe(409);
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, mine.id));
      expect(row!.startAt).toEqual(new Date(mine.start));

      const disabled = await createUser(t.app, { disabled: true });
      for (const clientId of [disabled.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const unknown = await refusal(
          createBooking(t.app.deps, actor, {
            clientId,
            service: 'free-video',
            start: slotAt(16, '14:00'),
            notes: null,
          }),
        );
        expect(unknown).toMatchObject({
          status: 400,
          extra: { errors: { clientId: [M.clientUnknown] } },
        });
      }
    });

    it('lets the owner cancel and move past the cutoff', async () => {
      const owner = await client({ role: 'admin' });
      const me = await client();
      const actor = { type: 'owner' as const, userId: owner.user.id };
      const soon = await booked(me, 'free-video', await firstFreeSlotAfter('free-video', 5));
      const moved = await rescheduleBooking(t.app.deps, actor, soon.id, {
        start: slotAt(17, '10:00'),
      });
      expect(moved.booking.startAt).toEqual(new Date(slotAt(17, '10:00')));
      const cancelled = await cancelBooking(t.app.deps, actor, soon.id, { reason: null });
      expect(cancelled.booking.state).toBe('cancelled');
      expect((await eventsOf(soon.id)).map((e) => [e.action, e.actorType])).toEqual([
        ['created', 'client'],
        ['rescheduled', 'owner'],
        ['cancelled', 'owner'],
      ]);
    });

    it('marks a started booking completed or no-show, corrects the mark, and records payments', async () => {
      const owner = await client({ role: 'admin' });
      const me = await client();
      const actor = { type: 'owner' as const, userId: owner.user.id };
      const upcoming = await booked(me, 'paid-call', slotAt(18, '10:00'));
      const early = await refusal(changeBookingState(t.app.deps, actor, upcoming.id, 'completed'));
      expect(early).toMatchObject({ status: 409, detail: STATE_CHANGE_MESSAGES.notYetStarted });

      // Pretend the meeting started an hour ago: the clock is passed in.
      const later = new Date(Date.parse(upcoming.start) + 3_600_000);
      const done = await changeBookingState(t.app.deps, actor, upcoming.id, 'completed', later);
      expect(done.booking.state).toBe('completed');
      const corrected = await changeBookingState(t.app.deps, actor, upcoming.id, 'no_show', later);
      expect(corrected.booking.state).toBe('no_show');
      const asClient = await refusal(
        changeBookingState(
          t.app.deps,
          { type: 'client', userId: me.user.id },
          upcoming.id,
          'completed',
          later,
        ),
      );
      expect(asClient).toMatchObject({
        status: 409,
        detail: STATE_CHANGE_MESSAGES.onlyOwnerCorrects,
      });

      const paid = await markBookingPaid(t.app.deps, actor, upcoming.id, cash, later);
      expect(paid.booking).toMatchObject({ paymentDue: false, paidAt: later, state: 'no_show' });
      expect(await refusal(markBookingPaid(t.app.deps, actor, upcoming.id, cash))).toMatchObject({
        status: 409,
        detail: M.paymentNotDue,
      });
      expect(
        await refusal(
          markBookingPaid(t.app.deps, { type: 'client', userId: me.user.id }, upcoming.id, cash),
        ),
      ).toMatchObject({ status: 404 });
      expect((await eventsOf(upcoming.id)).map((e) => [e.action, e.fromState, e.toState])).toEqual([
        ['created', null, 'confirmed'],
        ['completed', 'confirmed', 'completed'],
        ['no_show', 'completed', 'no_show'],
        ['paid', 'no_show', 'no_show'],
      ]);

      const free = await booked(me, 'free-video', slotAt(18, '14:00'));
      expect(await refusal(markBookingPaid(t.app.deps, actor, free.id, cash))).toMatchObject({
        status: 409,
        detail: M.paymentNotDue,
      });
      await cancelBooking(t.app.deps, actor, free.id, { reason: 'Owner ill' });
      expect(await refusal(markBookingPaid(t.app.deps, actor, free.id, cash))).toMatchObject({
        status: 409,
        detail: M.paymentClosed,
      });
    });
  });
});

/** How the owner says they received a payment in these tests. */
const cash = { method: 'cash' } as const;

/** The calendar day before `date` (YYYY-MM-DD). */
function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

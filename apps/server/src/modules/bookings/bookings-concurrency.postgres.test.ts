/**
 * No double booking under real concurrency (PostgreSQL only: PGlite has one connection, so its
 * requests never overlap). Many clients ask for one slot at the same moment; the exclusion
 * constraint lets exactly one in and every other request gets the 409 with free slots to offer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  BOOKING_MESSAGES as M,
  bookingConflictProblemSchema,
  bookingRecordSchema,
  type BookingRecord,
} from '@consult/shared';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSession } from '../auth/auth-service';
import { insertUser } from '../users/users-repository';
import { addService, openEveryDay, slotAt, TEST_RULES } from './booking-test-setup';
import { lockOwnerDays } from './bookings-repository';
import { loadSchedulingSettings, saveSchedulingSettings } from './scheduling-settings';
import { bookingEvents, bookings } from './schema';

describe('bookings under concurrency (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { OWNER_EMAIL: 'owner@example.test' } });
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'race-video' });
  });
  afterAll(() => t.close());

  /** Verified clients with sessions, straight in the database (no sign-in round trips). */
  async function clients(count: number) {
    return Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const user = await insertUser(t.app.deps.db, {
          email: `racer-${index}-${randomUUID().slice(0, 8)}@example.test`,
          name: `Racer ${index}`,
          passwordHash: 'not-used',
          emailVerifiedAt: new Date(),
          timeZone: 'UTC',
        });
        const { accessToken } = await createSession(t.app.deps, t.app.deps.db, user!, {
          userAgent: null,
          ip: null,
        });
        return { user: user!, headers: { authorization: `Bearer ${accessToken}` } };
      }),
    );
  }

  function book(
    headers: Record<string, string>,
    start: string,
    extra: Record<string, string> = {},
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...headers, ...extra },
      payload: { service: 'race-video', start },
    });
  }

  it('lets exactly one of 50 clients booking the same slot at once have it', async () => {
    const racers = await clients(50);
    const start = slotAt(5, '10:00');
    const answers = await Promise.all(racers.map((racer) => book(racer.headers, start)));

    const codes = answers.map((res) => res.statusCode);
    // On failure, what the others were answered instead (the first answer that was neither).
    const other = answers.find((res) => res.statusCode !== 201 && res.statusCode !== 409);
    const why = `${JSON.stringify(codes)} ${other?.body ?? ''}`;
    expect(
      codes.filter((code) => code === 201),
      why,
    ).toHaveLength(1);
    expect(
      codes.filter((code) => code === 409),
      why,
    ).toHaveLength(49);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      const problem = bookingConflictProblemSchema.parse(res.json());
      expect(problem.detail).toBe(M.slotTaken);
      expect(problem.nearestSlots?.length).toBeGreaterThan(0);
      expect(problem.nearestSlots).not.toContain(start);
    }
    const rows = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.startAt, new Date(start)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state).toBe('confirmed');
  });

  it('lets exactly one of 20 concurrent reschedules into one slot win, and keeps the others', async () => {
    const movers = await clients(20);
    const own: BookingRecord[] = [];
    // Each holds its own slot first: six a day, three hours apart.
    for (const [index, mover] of movers.entries()) {
      const hour = String(2 + (index % 6) * 3).padStart(2, '0');
      const res = await book(mover.headers, slotAt(6 + Math.floor(index / 6), `${hour}:00`));
      expect(res.statusCode, res.body).toBe(201);
      own.push(bookingRecordSchema.parse(res.json()));
    }
    const target = slotAt(30, '12:00');
    const answers = await Promise.all(
      movers.map((mover, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/bookings/${own[index]!.id}/reschedule`,
          headers: mover.headers,
          payload: { start: target },
        }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    // On failure, what the others were answered (a problem's title and detail), not just a count.
    const others = answers
      .filter((res) => res.statusCode !== 200 && res.statusCode !== 409)
      .map((res) => `${res.statusCode} ${res.body.slice(0, 200)}`);
    expect(
      codes.filter((code) => code === 200),
      others.join('\n'),
    ).toHaveLength(1);
    expect(
      codes.filter((code) => code === 409),
      others.join('\n'),
    ).toHaveLength(19);
    const winner = own[codes.indexOf(200)]!;

    const rows = await t.database.db
      .select()
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          own.map((b) => b.id),
        ),
      );
    for (const row of rows) {
      const before = own.find((b) => b.id === row.id)!;
      if (row.id === winner.id) {
        expect(row).toMatchObject({ startAt: new Date(target), icsSequence: 1 });
      } else {
        // A lost move changes nothing: same time, no new sequence, no history line.
        expect(row).toMatchObject({ startAt: new Date(before.start), icsSequence: 0 });
      }
    }
    const moves = await t.database.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.action, 'rescheduled'));
    expect(moves.map((event) => event.bookingId)).toEqual([winner.id]);
  });

  it('checks a reschedule into a day another writer holds only once that writer has committed', async () => {
    // Two rows inserted before either is checked make the exclusion constraint wait for each
    // other's uncommitted row (a deadlock PostgreSQL breaks with a 500): writers of one day take
    // its lock first (decision 014), so the second one's check sees the first one's booking.
    const [mover] = await clients(1);
    const own = await book(mover!.headers, slotAt(32, '09:00'));
    expect(own.statusCode, own.body).toBe(201);
    const target = new Date(slotAt(32, '15:00'));
    const { rules } = await loadSchedulingSettings(t.app.deps.db);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    const writer = t.database.db.transaction(async (tx) => {
      await lockOwnerDays(
        tx,
        { start: target, end: new Date(target.getTime() + 1) },
        rules.timeZone,
      );
      held();
      await released;
    });
    await holding;
    const move = t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingRecordSchema.parse(own.json()).id}/reschedule`,
      headers: mover!.headers,
      payload: { start: target.toISOString() },
    });
    await expect.poll(() => advisoryLocksWaiting(), { timeout: 10_000 }).toBe(1);
    release();
    await writer;
    expect((await move).statusCode).toBe(200);
  });

  /** How many connections to this test's database wait for an advisory lock now. */
  async function advisoryLocksWaiting(): Promise<number> {
    const [row] = await queryRows<{ waiting: number }>(
      t.database.db,
      sql`select count(*)::int as waiting from pg_locks
          where locktype = 'advisory' and not granted
            and database = (select oid from pg_database where datname = current_database())`,
    );
    return row!.waiting;
  }

  it('answers simultaneous retries of one request with one booking', async () => {
    const [racer] = await clients(1);
    const start = slotAt(31, '10:00');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => book(racer!.headers, start, { 'idempotency-key': 'same' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((res) => res.json<BookingRecord>().id)).size).toBe(1);
    expect(await t.database.db.$count(bookings, eq(bookings.clientId, racer!.user.id))).toBe(1);
  });

  it('keeps the daily maximum when clients book different slots of one day at once', async () => {
    await saveSchedulingSettings(t.app.deps.db, {
      ...(await loadSchedulingSettings(t.app.deps.db)),
      rules: { ...TEST_RULES, maxBookingsPerDay: 3 },
    });
    try {
      const racers = await clients(10);
      // Ten slots of one day, two hours apart: none overlaps another, only the count limits them.
      const answers = await Promise.all(
        racers.map((racer, index) =>
          book(racer.headers, slotAt(40, `${String(index * 2).padStart(2, '0')}:30`)),
        ),
      );
      const codes = answers.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(3);
      expect(codes.filter((code) => code === 409)).toHaveLength(7);
    } finally {
      await openEveryDay(t.app);
    }
  });
});

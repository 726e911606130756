/**
 * Ten clients racing for overlapping series: never a double booking. Each series commits whole or
 * not at all, so every answer is 201 with all its dates or 409 with nothing saved. In the contract
 * set: the exclusion constraint and the day locks can differ between PostgreSQL servers.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOCKING_BOOKING_STATES,
  createdSeriesSchema,
  SERIES_CONFLICT_PROBLEM_TYPE,
} from '@consult/shared';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSession } from '../../auth/auth-service';
import { insertUser } from '../../users/users-repository';
import { addService, openEveryDay, slotAt } from '../booking-test-setup';
import { bookingSeries, bookings } from '../schema';

describe('series under concurrency', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'race-series' });
  });
  afterAll(() => t.close());

  async function client(index: number) {
    const user = await insertUser(t.app.deps.db, {
      email: `series-racer-${index}-${randomUUID().slice(0, 8)}@example.test`,
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
  }

  it('10 clients booking overlapping series at once: no double booking, all or nothing each', async () => {
    const racers = await Promise.all(Array.from({ length: 10 }, (_, index) => client(index)));
    // Starting on one of three weeks, at 10:00 or 10:30: every series meets several others.
    const answers = await Promise.all(
      racers.map((racer, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/bookings/series',
          headers: racer.headers,
          payload: {
            service: 'race-series',
            start: slotAt(3 + 7 * (index % 3), index % 2 === 0 ? '10:00' : '10:30'),
            every: 'week',
            count: 4,
          },
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(
      statuses.every((status) => status === 201 || status === 409),
      answers.map((res) => res.body).join('\n'),
    ).toBe(true);
    expect(statuses).toContain(201);
    expect(statuses).toContain(409);

    const made = await t.app.deps.db
      .select()
      .from(bookings)
      .where(
        and(
          inArray(
            bookings.clientId,
            racers.map((racer) => racer.user.id),
          ),
          inArray(bookings.state, [...BLOCKING_BOOKING_STATES]),
        ),
      );
    // No two held or confirmed bookings overlap, buffer included.
    const sorted = [...made].sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
    for (let i = 1; i < sorted.length; i += 1) {
      expect(sorted[i]!.startAt.getTime()).toBeGreaterThanOrEqual(
        sorted[i - 1]!.blockedUntil.getTime(),
      );
    }
    answers.forEach((res, index) => {
      const own = made.filter((booking) => booking.clientId === racers[index]!.user.id);
      if (res.statusCode === 201) {
        const { series } = createdSeriesSchema.parse(res.json());
        expect(own.map((booking) => booking.id).sort()).toEqual(
          series.bookings.map((booking) => booking.id).sort(),
        );
        expect(own).toHaveLength(4);
      } else {
        expect(res.json().type).toBe(SERIES_CONFLICT_PROBLEM_TYPE);
        expect(res.json().conflicts.length).toBeGreaterThan(0);
        expect(own).toEqual([]);
      }
    });
    const losers = racers.filter((_, index) => answers[index]!.statusCode === 409);
    for (const loser of losers) {
      const rows = await t.app.deps.db
        .select()
        .from(bookingSeries)
        .where(eq(bookingSeries.clientId, loser.user.id));
      expect(rows).toEqual([]);
    }
  });
});

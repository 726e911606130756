/**
 * Two app instances on one PostgreSQL database, as two nodes behind a load balancer: a booking
 * made on one is soon missing from the other's cached availability (decision 017), and a lost
 * listening connection turns the cache off until it listens again.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { availabilitySchema } from '@consult/shared';
import { buildApp } from '../../../app';
import { openDatabase } from '../../../db/client';
import { signedInUser } from '../../../test/accounts';
import { openFreshDatabase, testConfig, type FreshDatabase } from '../../../test/test-app';
import { addService, dayAhead, openEveryDay, slotAt } from '../booking-test-setup';

/** Polls `check` every 20 ms until it holds, for up to 2 s. */
async function eventually(check: () => Promise<boolean> | boolean): Promise<boolean> {
  const deadline = Date.now() + 2000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('availability cache on two app instances', () => {
  let fresh: FreshDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;
  const date = dayAhead(6);

  beforeAll(async () => {
    fresh = await openFreshDatabase();
    const config = testConfig();
    first = await buildApp({ config, database: fresh.database, startJobs: false });
    // Its own connection pool and listener, as another node would have.
    second = await buildApp({
      config,
      database: await openDatabase({ url: fresh.url }),
      startJobs: false,
    });
    await Promise.all([first.ready(), second.ready()]);
    await openEveryDay(first);
    await addService(first, { slug: 'shared-call' });
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  async function slotsOn(app: FastifyInstance): Promise<string[]> {
    const res = await app.inject({
      method: 'GET',
      url: `/api/availability?service=shared-call&from=${date}&to=${date}&timeZone=UTC`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return availabilitySchema.parse(res.json()).days.flatMap((d) => d.slots);
  }

  it('drops a slot booked on the other instance within a moment', async () => {
    const start = slotAt(6, '09:00');
    expect(await slotsOn(first)).toContain(start);
    // The set-up writes also reach the listening connection a moment later, each dropping the
    // cache once: read until the answer stays.
    expect(
      await eventually(async () => {
        await slotsOn(first);
        return first.deps.availabilityCache.size === 1;
      }),
    ).toBe(true);
    const client = await signedInUser(second);
    const res = await second.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: client.headers,
      payload: { service: 'shared-call', start },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The writer's own next read is fresh at once; the other node's once the notification arrives.
    expect(await slotsOn(second)).not.toContain(start);
    expect(await eventually(async () => !(await slotsOn(first)).includes(start))).toBe(true);
  });

  it('turns the cache off when the listening connection is lost, and on once it listens again', async () => {
    await slotsOn(first);
    const listening = vi.spyOn(first.deps.availabilityCache, 'onListening');
    // Ends every connection of this database except this one: both instances' listeners and pools.
    await first.deps.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect(await eventually(() => listening.mock.calls.length >= 2)).toBe(true);
    expect(listening.mock.calls.slice(0, 2)).toEqual([[false], [true]]);
    expect(first.deps.availabilityCache.enabled).toBe(true);
    expect(await eventually(() => second.deps.availabilityCache.enabled)).toBe(true);

    const start = slotAt(6, '13:00');
    expect(await slotsOn(first)).toContain(start);
    const client = await signedInUser(second);
    const res = await second.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: client.headers,
      payload: { service: 'shared-call', start },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await eventually(async () => !(await slotsOn(first)).includes(start))).toBe(true);
  });
});

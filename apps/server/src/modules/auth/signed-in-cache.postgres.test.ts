/**
 * Two app instances on one PostgreSQL database, as two nodes behind a load balancer: a session
 * ended on one is refused by the other as soon as the notification arrives (decision 049), and a
 * lost listening connection turns the signed-in cache off until it listens again.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFRESH_COOKIE } from '@consult/shared';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { signedInUser } from '../../test/accounts';
import { openFreshDatabase, testConfig, type FreshDatabase } from '../../test/test-app';

/** Polls `check` every 20 ms until it holds, for up to 2 s. */
async function eventually(check: () => Promise<boolean> | boolean): Promise<boolean> {
  const deadline = Date.now() + 2000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('signed-in cache on two app instances', () => {
  let fresh: FreshDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;

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
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  const profileOn = async (app: FastifyInstance, authorization: string) =>
    (await app.inject({ method: 'GET', url: '/api/user', headers: { authorization } })).statusCode;

  /** Reads on `app` until it holds the user: the sign-in's own writes reach it a moment later. */
  async function heldOn(app: FastifyInstance, client: Awaited<ReturnType<typeof signedInUser>>) {
    return eventually(async () => {
      expect(await profileOn(app, client.headers.authorization)).toBe(200);
      return app.deps.signedIn.holds(client.user.id);
    });
  }

  it('refuses a session ended on the other instance within a moment', async () => {
    const client = await signedInUser(second);
    expect(await heldOn(first, client)).toBe(true);
    const res = await second.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { [REFRESH_COOKIE]: client.refreshToken },
    });
    expect(res.statusCode).toBe(204);
    // The writer refuses at once; the other node once the notification arrives.
    expect(await profileOn(second, client.headers.authorization)).toBe(403);
    expect(
      await eventually(async () => (await profileOn(first, client.headers.authorization)) === 403),
    ).toBe(true);
  });

  it('turns the cache off when the listening connection is lost, and on once it listens again', async () => {
    const client = await signedInUser(second);
    expect(await heldOn(first, client)).toBe(true);
    const listening = vi.spyOn(first.deps.signedIn, 'onListening');
    // Ends every connection of this database except this one: both instances' listeners and pools.
    await first.deps.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect(await eventually(() => listening.mock.calls.length >= 2)).toBe(true);
    expect(listening.mock.calls.slice(0, 2)).toEqual([[false], [true]]);
    expect(await eventually(() => second.deps.signedIn.enabled)).toBe(true);

    expect(await heldOn(first, client)).toBe(true);
    const res = await second.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { [REFRESH_COOKIE]: client.refreshToken },
    });
    expect(res.statusCode).toBe(204);
    expect(
      await eventually(async () => (await profileOn(first, client.headers.authorization)) === 403),
    ).toBe(true);
  });
});

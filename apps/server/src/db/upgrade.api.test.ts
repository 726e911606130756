/**
 * Upgrades (issue 23, decision 061): a database at the oldest migration state, with rows in every
 * table it has, is migrated forward as a newer version's start does; every row is still there,
 * what later migrations derive from it is made (a refresh token's session), and the site signs its
 * user in.
 */
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { cheapPasswordHash, signIn, TEST_PASSWORD } from '../test/accounts';
import { openFreshDatabase, testConfig, type FreshDatabase } from '../test/test-app';
import { countAppliedMigrations, runMigrations, serverPackageRoot } from './migrate';
import { openDatabase, type Database } from './client';

const migrations = readMigrationFiles({ migrationsFolder: join(serverPackageRoot(), 'drizzle') });
const USER_ID = '11111111-1111-4111-8111-111111111111';
const FAMILY_ID = '22222222-2222-4222-8222-222222222222';
const CREATED = '2025-01-02T03:04:05.000Z';

/** The oldest state: the first migration applied, recorded as drizzle's migrator records it. */
async function migrateToOldest(client: pg.Client): Promise<void> {
  const first = migrations[0]!;
  await client.query('create schema if not exists "drizzle"');
  await client.query(
    'create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const statement of first.sql) if (statement.trim()) await client.query(statement);
  await client.query(
    'insert into "drizzle"."__drizzle_migrations" (hash, created_at) values ($1, $2)',
    [first.hash, first.folderMillis],
  );
}

/** A row in each table of the oldest state. */
async function fillEveryTable(client: pg.Client): Promise<void> {
  const passwordHash = await cheapPasswordHash(TEST_PASSWORD);
  await client.query(
    `insert into users (id, email, password_hash, name, phone, time_zone, role, created_at, updated_at)
     values ($1, 'early@example.test', $2, 'Early Client', '+44 20 7946 0000', 'Europe/London', 'user', $3, $3)`,
    [USER_ID, passwordHash, CREATED],
  );
  await client.query(
    `insert into refresh_tokens (user_id, family_id, token_hash, expires_at, created_at)
     values ($1, $2, 'digest-of-a-refresh-token', '2099-01-01T00:00:00Z', $3)`,
    [USER_ID, FAMILY_ID, CREATED],
  );
  await client.query(
    `insert into email_tokens (user_id, purpose, token_hash, email, expires_at)
     values ($1, 'verify_email', 'digest-of-a-mail-token', 'early@example.test', '2099-01-01T00:00:00Z')`,
    [USER_ID],
  );
  await client.query(
    `insert into audit_log (actor_id, action, target, details, created_at)
     values ($1, 'user.register', 'user:early', '{"via": "form"}', $2)`,
    [USER_ID, CREATED],
  );
  await client.query(
    `insert into used_challenges values ('a-used-signature', '2099-01-01T00:00:00Z')`,
  );
  await client.query(
    `insert into contact_messages (name, phone, email, type, message, created_at)
     values ('Early Visitor', '+44 20 7946 0001', 'visitor@example.test', 'General', 'Hello from before', $1)`,
    [CREATED],
  );
  await client.query(
    `insert into mail_outbox ("to", subject, text, status, created_at)
     values ('early@example.test', 'Welcome', 'Welcome to the site', 'sent', $1)`,
    [CREATED],
  );
  await client.query(`insert into settings (key, value) values ('upgrade-note', '{"kept": true}')`);
}

describe('upgrading the oldest database', () => {
  let fresh: FreshDatabase;
  let database: Database;

  beforeAll(async () => {
    fresh = await openFreshDatabase({ migrate: false });
    await fresh.database.close();
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      await migrateToOldest(client);
      await fillEveryTable(client);
      const tables = await client.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
      );
      expect(tables.rows).toHaveLength(8);
      for (const { name } of tables.rows) {
        const rows = await client.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
        expect(rows.rows[0]!.n, `table ${name} has a row`).toBeGreaterThan(0);
      }
    } finally {
      await client.end();
    }
    database = await openDatabase({ url: fresh.url });
    await runMigrations(database);
  });
  afterAll(async () => {
    await database.close();
  });

  it('applies every later migration', async () => {
    expect(await countAppliedMigrations(database)).toBe(migrations.length);
  });

  it('keeps every row, and derives what later versions need from them', async () => {
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      const one = async (query: string) => (await client.query(query)).rows;
      expect(await one(`select id, email, name, phone, time_zone, role from users`)).toEqual([
        {
          id: USER_ID,
          email: 'early@example.test',
          name: 'Early Client',
          phone: '+44 20 7946 0000',
          time_zone: 'Europe/London',
          role: 'user',
        },
      ]);
      expect(await one(`select family_id, token_hash from refresh_tokens`)).toEqual([
        { family_id: FAMILY_ID, token_hash: 'digest-of-a-refresh-token' },
      ]);
      // Migration 0020: the token's family became a signed-in session.
      expect(await one(`select id, user_id from sessions`)).toEqual([
        { id: FAMILY_ID, user_id: USER_ID },
      ]);
      expect(await one(`select purpose, email from email_tokens`)).toEqual([
        { purpose: 'verify_email', email: 'early@example.test' },
      ]);
      expect(await one(`select action, target, details from audit_log`)).toEqual([
        { action: 'user.register', target: 'user:early', details: { via: 'form' } },
      ]);
      expect(await one(`select signature from used_challenges`)).toEqual([
        { signature: 'a-used-signature' },
      ]);
      expect(await one(`select name, email, type, message from contact_messages`)).toEqual([
        {
          name: 'Early Visitor',
          email: 'visitor@example.test',
          type: 'General',
          message: 'Hello from before',
        },
      ]);
      expect(await one(`select "to", subject, status from mail_outbox`)).toEqual([
        { to: 'early@example.test', subject: 'Welcome', status: 'sent' },
      ]);
      expect(await one(`select value from settings where key = 'upgrade-note'`)).toEqual([
        { value: { kept: true } },
      ]);
    } finally {
      await client.end();
    }
  });

  it('starts the site on it, and its user signs in', async () => {
    const app = await buildApp({
      config: testConfig(),
      database: await openDatabase({ url: fresh.url }),
      startJobs: false,
    });
    try {
      await app.ready();
      const session = await signIn(app, 'early@example.test', TEST_PASSWORD);
      const me = await app.inject({ url: '/api/user', headers: session.headers });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ email: 'early@example.test', name: 'Early Client' });
    } finally {
      await app.close();
    }
  });
});

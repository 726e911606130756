/**
 * A backup and its restore (decision 061): a site with bookings, payments and a receipt, sessions,
 * an uploaded image and mail is backed up while it runs, restored into an empty database, every
 * table compared, and the site started on the copy. A restore is refused over a non-empty
 * database, and a cut-short or foreign file restores nothing. Runs on both databases.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { bookingRecordSchema, paymentsListSchema } from '@consult/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { signIn, signedInUser, TEST_PASSWORD } from '../test/accounts';
import {
  createTestApp,
  openFreshDatabase,
  testConfig,
  type FreshDatabase,
  type TestApp,
} from '../test/test-app';
import { addService, openEveryDay, slotAt } from '../modules/bookings/booking-test-setup';
import { siteImages } from '../modules/site/schema';
import { writeBackupFile, type WrittenBackup } from './backup-files';
import { openDatabase } from './client';
import { serverPackageRoot } from './migrate';
import { restoreDump, RestoreError } from './restore';

const migrationsFolder = join(serverPackageRoot(), 'drizzle');

/** Every table's rows as one digest, and every sequence's position: what must survive. */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string; kind: string }>(
      `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, c.relkind as kind
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'S') and n.nspname in ('public', 'drizzle') order by 1`,
    );
    const result: Record<string, string> = {};
    for (const { name, kind } of tables.rows) {
      const [row] = (
        await client.query<{ digest: string }>(
          kind === 'S'
            ? `select last_value || ':' || is_called as digest from ${name}`
            : `select count(*) || ':' || md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from ${name} t`,
        )
      ).rows;
      result[name] = row!.digest;
    }
    return result;
  } finally {
    await client.end();
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('backup and restore', () => {
  let t: TestApp;
  let dir: string;
  let backup: WrittenBackup;
  let client: Awaited<ReturnType<typeof signedInUser>>;

  async function emptyTarget(): Promise<FreshDatabase> {
    const target = await openFreshDatabase({ migrate: false });
    await target.database.close();
    return target;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'consult-backup-test-'));
    t = await createTestApp({ env: { OWNER_EMAIL: 'owner@example.test' } });
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'paid-session', priceMinor: 5000, currency: 'USD' });
    const owner = await signedInUser(t.app, { role: 'admin' });
    client = await signedInUser(t.app);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: client.headers,
      payload: { service: 'paid-session', start: slotAt(3, '10:00') },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    bookingRecordSchema.parse(booked.json());
    const payments = paymentsListSchema.parse(
      (await t.app.inject({ url: '/api/payments', headers: client.headers })).json(),
    );
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payments.payments[0]!.id}/mark-paid`,
      headers: owner.headers,
      payload: { method: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // An uploaded image: the portrait's variants live in the database (decision 033).
    await t.app.deps.db.insert(siteImages).values({
      id: 'a'.repeat(32),
      width: 2,
      height: 2,
      contentType: 'image/webp',
      bytes: Buffer.from([0, 1, 2, 255, 10, 92, 13]),
    } as typeof siteImages.$inferInsert);
    backup = await t.database.withClient((connection) =>
      writeBackupFile(connection, {
        dir,
        kind: 'manual',
        now: new Date(),
        migrationsFolder,
        files: { 'jwt-secret': Buffer.from('a-secret-of-the-site\n') },
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('restores every table and sequence as it was, and the site starts on the copy', async () => {
    expect(backup.path).toMatch(/consult-manual-\d{8}-\d{6}Z\.sql\.gz$/);
    const source = await fingerprint(t.url);
    const nonEmpty = Object.entries(source).filter(([, digest]) => !digest.startsWith('0:'));
    for (const table of ['bookings', 'payments', 'sessions', 'site_images', 'mail_outbox']) {
      expect(nonEmpty.map(([name]) => name)).toContain(`public.${table}`);
    }
    const target = await emptyTarget();
    const restored = await withClient(target.url, (connection) =>
      restoreDump(connection, createReadStream(backup.path), { force: false, migrationsFolder }),
    );
    expect(restored.files['jwt-secret']?.toString()).toBe('a-secret-of-the-site\n');
    expect(await fingerprint(target.url)).toEqual(source);

    const app = await buildApp({
      config: testConfig(),
      database: await openDatabase({ url: target.url }),
      startJobs: false,
    });
    try {
      const session = await signIn(app, client.user.email, TEST_PASSWORD);
      const mine = paymentsListSchema.parse(
        (await app.inject({ url: '/api/payments', headers: session.headers })).json(),
      );
      expect(mine.payments[0]?.receiptNumber).toBeTruthy();
      // The session of before the backup is still open on the copy.
      const again = await app.inject({ url: '/api/payments', headers: client.headers });
      expect(again.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is read by psql itself: gunzip -c FILE | psql restores the same tables', async (context) => {
    if (spawnSync('psql', ['--version']).status !== 0) context.skip();
    const target = await emptyTarget();
    const sql = gunzipSync(await readFile(backup.path));
    const run = spawnSync('psql', ['--quiet', '--no-psqlrc', target.url], { input: sql });
    expect(run.status, run.stderr.toString()).toBe(0);
    const restored = await fingerprint(target.url);
    // psql's copy has every table and row of ours (it was made from the same file).
    const ours = await emptyTarget();
    await withClient(ours.url, (connection) =>
      restoreDump(connection, createReadStream(backup.path), { force: false, migrationsFolder }),
    );
    expect(restored).toEqual(await fingerprint(ours.url));
  });

  it('refuses a database that is not empty, and changes nothing in it', async () => {
    const before = await fingerprint(t.url);
    await expect(
      withClient(t.url, (connection) =>
        restoreDump(connection, createReadStream(backup.path), { force: false, migrationsFolder }),
      ),
    ).rejects.toThrow(/the database is not empty \(\d+ tables\).*--force/);
    expect(await fingerprint(t.url)).toEqual(before);
  });

  it('replaces what a database holds when forced', async () => {
    const target = await emptyTarget();
    await withClient(target.url, async (connection) => {
      await connection.query(
        'create table public.leftover (id int); insert into leftover values (1)',
      );
      await restoreDump(connection, createReadStream(backup.path), {
        force: true,
        migrationsFolder,
      });
    });
    const copy = await fingerprint(target.url);
    expect(copy['public.leftover']).toBeUndefined();
    expect(copy['public.bookings']).toBe((await fingerprint(t.url))['public.bookings']);
  });

  it('restores nothing from a file cut short, of a newer version, of another kind or not compressed', async () => {
    const text = gunzipSync(await readFile(backup.path));
    const migrationsCopy =
      'COPY "drizzle"."__drizzle_migrations" ("id", "hash", "created_at") FROM stdin;\n';
    expect(text.toString()).toContain(migrationsCopy);
    // A backup of a newer version: a migration this one does not know.
    const newer = text
      .toString()
      .replace(migrationsCopy, `${migrationsCopy}9999\tfrom-a-newer-version\t99999999999999\n`);
    const cases: [Buffer, RegExp][] = [
      [gzipSync(Buffer.from(newer)), /made by a newer version of the site .*nothing was restored/],
      [gzipSync(text.subarray(0, Math.floor(text.length * 0.6))), /cut short/],
      [gzipSync(Buffer.from('select 1;\n')), /not a backup made by `npm run backup`/],
      [text, /not a gzip-compressed backup/],
      [gzipSync(Buffer.alloc(0)), /empty/],
    ];
    const target = await emptyTarget();
    for (const [content, message] of cases) {
      const file = join(dir, 'bad.sql.gz');
      await pipeline(Readable.from([content]), createWriteStream(file));
      const error = await withClient(target.url, (connection) =>
        restoreDump(connection, createReadStream(file), { force: false, migrationsFolder }),
      ).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(RestoreError);
      expect((error as Error).message).toMatch(message);
      const tables = Object.keys(await fingerprint(target.url));
      expect(tables).toEqual([]);
    }
  });
});

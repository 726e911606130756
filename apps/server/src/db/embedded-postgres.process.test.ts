import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from './client';
import { startEmbeddedPostgres } from './embedded-postgres';
import { runMigrations } from './migrate';
import { importPgliteData } from './pglite-import';
import { auditLog, settings, siteImages, users } from './schema';

let dataDir: string;
const opened: Database[] = [];
async function open(target: Parameters<typeof openDatabase>[0]): Promise<Database> {
  const database = await openDatabase(target);
  opened.push(database);
  await runMigrations(database);
  return database;
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'consult-data-'));
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
  await rm(dataDir, { recursive: true, force: true });
});

/** Adds o+x to every folder above `path` that lacks it; answers how to take it back. */
async function enterableByOthers(path: string): Promise<() => Promise<void>> {
  const changed: { dir: string; mode: number }[] = [];
  for (let dir = path; dir !== dirname(dir); dir = dirname(dir)) {
    const { mode } = await stat(dir);
    if (!(mode & 0o001)) {
      await chmod(dir, (mode & 0o7777) | 0o001);
      changed.push({ dir, mode: mode & 0o7777 });
    }
  }
  return async () => {
    for (const { dir, mode } of changed) await chmod(dir, mode);
  };
}

/** Every row of every table as text, table by table: two databases agree when these do. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ row: string }>(
      database.db,
      sql`select t::text as row from ${sql.identifier(name)} t order by 1`,
    );
    result[name] = rows.map((r) => r.row);
  }
  return result;
}

describe('the embedded PostgreSQL in DATA_DIR', () => {
  it('creates its cluster in DATA_DIR/postgres and keeps data across a restart', async () => {
    const first = await open({ dataDir });
    expect(first.kind).toBe('embedded');
    await first.db.insert(settings).values({ key: 'probe', value: { kept: true } });
    await first.close();
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

    const second = await open({ dataDir });
    const rows = await second.db.select().from(settings);
    expect(rows).toContainEqual(expect.objectContaining({ key: 'probe', value: { kept: true } }));
  });

  it('stops a PostgreSQL an earlier start left running, then serves the same data', async () => {
    // A server killed with SIGKILL never stops its cluster: this one is never stopped either.
    const orphan = await startEmbeddedPostgres(dataDir);
    const pid = Number(
      (await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    const notices: string[] = [];
    const database = await open({ dataDir, notice: (message) => notices.push(message) });
    expect(notices).toEqual([expect.stringContaining(`stopped PostgreSQL (pid ${pid})`)]);
    expect(await orphan.unexpectedExit).toContain('shutting down');
    expect(await database.ping()).toBeGreaterThanOrEqual(0);
  });

  it('reports an exit it did not ask for', async () => {
    const database = await open({ dataDir });
    const pid = Number(
      (await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    process.kill(pid, 'SIGQUIT');
    expect(await database.stopped).toMatch(
      /immediate shutdown request\n.*database system is shut down$/,
    );
  });

  it.runIf(process.getuid?.() === 0)(
    'runs as nobody for root when user namespaces are not used, on a folder nobody may enter',
    async () => {
      await chmod(dataDir, 0o755);
      // A checkout in a private folder (CI clones into mkdtemp's 0700 one) is opened to others
      // for the test, as the deployment guide asks of a server run as root without namespaces.
      const { postgres } = (await import(
        `@embedded-postgres/${process.platform}-${process.arch}`
      )) as {
        postgres: string;
      };
      const restore = await enterableByOthers(dirname(postgres));
      try {
        const cluster = await startEmbeddedPostgres(dataDir, undefined, { runAs: 'nobody' });
        try {
          expect((await stat(join(dataDir, 'postgres'))).uid).toBe(65534);
        } finally {
          await cluster.stop();
        }
      } finally {
        await restore();
      }
    },
  );

  it.runIf(process.getuid?.() === 0)(
    'says why when nobody cannot enter the folders on the way',
    async () => {
      // mkdtemp's folder is root's and 0700: nobody cannot enter it.
      await expect(startEmbeddedPostgres(dataDir, undefined, { runAs: 'nobody' })).rejects.toThrow(
        /runs as nobody, which needs to enter every folder .*(Permission denied|EACCES)/s,
      );
    },
  );
});

describe('a DATA_DIR of the PGlite format', () => {
  it('moves every row into the embedded PostgreSQL once and keeps the old folder', async () => {
    const old = await open({ pgliteDir: join(dataDir, 'pglite') });
    const [owner] = await old.db
      .insert(users)
      .values({
        email: 'zoë@example.com',
        passwordHash: 'x',
        name: 'Zoë “Owner” O’Neil',
        role: 'admin',
      })
      .returning();
    await old.db.insert(auditLog).values([
      {
        actorId: owner!.id,
        action: 'site.updated',
        details: { fields: ['bio'], nested: { a: 1 } },
      },
      { actorId: owner!.id, action: 'user.signed_in' },
    ]);
    await old.db.insert(settings).values({ key: 'probe', value: [1, 'two', { three: null }] });
    await old.db.insert(siteImages).values({
      id: '0123456789abcdef0123456789abcdef',
      width: 2,
      height: 3,
      contentType: 'image/webp',
      bytes: Buffer.from([0, 1, 2, 255]),
    });
    const before = await contents(old);
    await old.close();
    opened.splice(opened.indexOf(old), 1);

    const database = await open({ dataDir });
    const moved = await importPgliteData(dataDir, database, new Date('2026-11-26T21:30:00Z'));
    expect(moved).toMatchObject({
      backup: join(dataDir, 'pglite-before-postgres-2026-11-26-213000'),
    });
    expect(moved!.rows).toBe(Object.values(before).flat().length);
    expect(await contents(database)).toEqual(before);
    // The serial's next value follows the copied rows.
    const [next] = await database.db.insert(auditLog).values({ action: 'next' }).returning();
    expect(next!.id).toBe(3);

    expect(await readdir(dataDir)).toEqual(
      expect.arrayContaining(['postgres', 'pglite-before-postgres-2026-11-26-213000']),
    );
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    expect(await importPgliteData(dataDir, database)).toBeNull();
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';
import { countAppliedMigrations, runMigrations, serverPackageRoot } from './migrate';
import { openFreshDatabase } from '../test/test-app';

const journal = JSON.parse(
  readFileSync(join(serverPackageRoot(), 'drizzle', 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] };

describe('migrations on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('survive two processes migrating the same PostgreSQL database at once', async () => {
    const fresh = await openFreshDatabase({ migrate: false });
    const second = await openDatabase({ url: fresh.url! });
    cleanups.push(
      () => fresh.database.close(),
      () => second.close(),
    );
    await Promise.all([runMigrations(fresh.database), runMigrations(second)]);
    expect(await countAppliedMigrations(fresh.database)).toBe(journal.entries.length);
    const tables = await queryRows<{ count: number }>(
      second.db,
      sql`select count(*)::int as count from information_schema.tables where table_name = 'users'`,
    );
    expect(tables[0]?.count).toBe(1);
  });
});

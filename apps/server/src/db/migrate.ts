/** Applies the committed SQL migrations in order, once, under a lock so concurrent starts do not collide. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { queryRows, type Database, type Schema } from './client';

const MIGRATION_LOCK_ID = 7_294_001;

/** The server package's root, found from this file whether it runs from src/ or from the bundle in dist/. */
export function serverPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the drizzle/ migrations folder');
    dir = parent;
  }
  return dir;
}

export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolder = join(serverPackageRoot(), 'drizzle');
  await database.withAdvisoryLock(MIGRATION_LOCK_ID, async (db) => {
    if (database.kind === 'pglite') {
      const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
      await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    } else {
      await migrateNodePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
    }
  });
}

export async function countAppliedMigrations(database: Database): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return Number(row?.count ?? 0);
}

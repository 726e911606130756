/**
 * Moves a DATA_DIR of the earlier embedded format (PGlite's cluster in DATA_DIR/pglite) into the
 * embedded PostgreSQL, once: both are brought to the same migration, every table is copied in one
 * transaction and counted, and the old folder is kept beside it as the backup. Decision 051.
 */
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database, type Db } from './client';
import { runMigrations } from './migrate';

export const PGLITE_FOLDER = 'pglite';
/** Rows read and written per statement while copying. */
const CHUNK_ROWS = 2000;

export interface PgliteImport {
  tables: number;
  rows: number;
  /** Where the old folder now is. */
  backup: string;
}

async function tableNames(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

/** Columns a row can be written with: generated ones are computed again on the target. */
async function writableColumns(db: Db, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return rows.map((row) => row.name);
}

async function countRows(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${sql.identifier(table)}`,
  );
  return Number(row?.count ?? 0);
}

async function copyTable(from: Db, to: Db, table: string): Promise<number> {
  const columns = sql.join(
    (await writableColumns(to, table)).map((column) => sql.identifier(column)),
    sql`, `,
  );
  const name = sql.identifier(table);
  let copied = 0;
  for (;;) {
    // ctid order is the table's physical order: stable, since nothing writes to the old database.
    const [chunk] = await queryRows<{ rows: string; count: number }>(
      from,
      sql`select coalesce(json_agg(t), '[]')::text as rows, count(*)::int as count
          from (select ${columns} from ${name} order by ctid limit ${CHUNK_ROWS} offset ${copied}) t`,
    );
    const count = Number(chunk?.count ?? 0);
    if (count === 0) return copied;
    await to.execute(
      sql`insert into ${name} (${columns}) overriding system value
          select ${columns} from json_populate_recordset(null::${name}, ${chunk!.rows}::json)`,
    );
    copied += count;
  }
}

async function copySequences(from: Db, to: Db): Promise<void> {
  const sequences = await queryRows<{ name: string }>(
    from,
    sql`select sequence_name as name from information_schema.sequences where sequence_schema = 'public'`,
  );
  for (const { name } of sequences) {
    const [state] = await queryRows<{ last_value: string; is_called: boolean }>(
      from,
      sql`select last_value::text, is_called from ${sql.identifier(name)}`,
    );
    if (!state) continue;
    await to.execute(
      sql`select setval(${name}::regclass, ${state.last_value}::bigint, ${state.is_called})`,
    );
  }
}

/**
 * Copies `DATA_DIR/pglite` into `target` (already migrated) when it is there; answers what it
 * moved, or null when there was nothing to move. A failure changes nothing: the copy is one
 * transaction and the old folder stays where it was, so the next start tries again.
 */
export async function importPgliteData(
  dataDir: string,
  target: Database,
  now = new Date(),
): Promise<PgliteImport | null> {
  const source = join(dataDir, PGLITE_FOLDER);
  if (!existsSync(join(source, 'PG_VERSION'))) return null;
  const old = await openDatabase({ pgliteDir: source });
  let tables: string[];
  let rows = 0;
  try {
    await runMigrations(old);
    tables = await tableNames(old.db);
    const targetTables = await tableNames(target.db);
    const missing = tables.filter((table) => !targetTables.includes(table));
    if (missing.length) throw new Error(`tables missing after migrating: ${missing.join(', ')}`);
    await target.db.transaction(async (tx) => {
      // Triggers and foreign keys stay out of the copy: rows arrive as they were, in any order.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`truncate ${sql.join(
          tables.map((table) => sql.identifier(table)),
          sql`, `,
        )}`,
      );
      for (const table of tables) {
        const copied = await copyTable(old.db, tx, table);
        const expected = await countRows(old.db, table);
        if (copied !== expected || (await countRows(tx, table)) !== expected) {
          throw new Error(`${table}: ${expected} rows, ${copied} copied`);
        }
        rows += copied;
      }
      await copySequences(old.db, tx);
    });
  } finally {
    await old.close();
  }
  const stamp = now.toISOString().slice(0, 19).replaceAll(':', '').replace('T', '-');
  const backup = join(dataDir, `${PGLITE_FOLDER}-before-postgres-${stamp}`);
  await rename(source, backup);
  return { tables: tables.length, rows, backup };
}

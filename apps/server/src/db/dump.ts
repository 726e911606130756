/**
 * A backup of the whole database in PostgreSQL's plain SQL dump format, gzip-compressed, that
 * `gunzip -c FILE | psql` restores into an empty database and `restoreDump` (restore.ts) loads
 * without psql. Written by us because no pg_dump of the embedded server's version ships with the
 * site (decision 061): the schema is the committed migrations the database has applied, the data
 * every table's rows by COPY, all read in one REPEATABLE READ READ ONLY transaction, so the file
 * is one moment of the database however long it takes while the site keeps writing.
 */
import type { Writable } from 'node:stream';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

/** The first line of every backup; a file without it is not one of ours. */
export const DUMP_SIGNATURE = '-- Consult backup, format 1';
/** The last line: a file without it was cut short. */
export const DUMP_END = '-- Consult backup complete';
/** A file of DATA_DIR carried in the header (the generated JWT secret): name and base64 content. */
export const DUMP_FILE_PREFIX = '-- consult-file ';
/** The schema drizzle keeps its record of applied migrations in, and the record's table. */
const MIGRATIONS_TABLE = '"drizzle"."__drizzle_migrations"';

export interface DumpFacts {
  tables: number;
  rows: number;
  migrations: number;
}

export class DumpError extends Error {}

interface TableInfo {
  oid: number;
  name: string;
  columns: string[];
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Writes to a stream and waits when it asks to (gzip of a large table). */
function writer(out: Writable): (chunk: string | Buffer) => Promise<void> {
  return (chunk) =>
    new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      out.once('error', onError);
      const flushed = out.write(chunk, (err) => {
        if (err) reject(err);
      });
      const done = () => {
        out.off('error', onError);
        resolve();
      };
      if (flushed) done();
      else out.once('drain', done);
    });
}

/**
 * The migrations this database has applied, as the committed files' statements, in order. A
 * database ahead of this code (a migration it does not know) cannot be described by it.
 */
async function appliedMigrations(client: pg.ClientBase, migrationsFolder: string) {
  const known = readMigrationFiles({ migrationsFolder });
  const exists = await client.query<{ exists: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!exists.rows[0]?.exists) {
    throw new DumpError(
      'the database has no migrations applied: there is no site in it to back up',
    );
  }
  const applied = await client.query<{ created_at: string }>(
    `select created_at::text from ${MIGRATIONS_TABLE} order by created_at`,
  );
  // drizzle's own identity of a migration is its journal time (created_at), not its file's hash.
  return applied.rows.map(({ created_at }) => {
    const file = known.find((migration) => String(migration.folderMillis) === created_at);
    if (!file) {
      throw new DumpError(
        `the database has a migration (${created_at}) this version of the site does not know; back it up with the version that runs it`,
      );
    }
    return file;
  });
}

async function publicTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const result = await client.query<{ oid: number; name: string; columns: string[] }>(
    `select c.oid::int as oid, c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      group by c.oid, c.relname
      order by c.relname`,
  );
  return result.rows;
}

/**
 * Tables in an order where each comes after the tables its foreign keys point to, so the rows
 * load with every constraint checked (a table's references to itself are checked at the end of
 * its one COPY statement).
 */
async function inReferenceOrder(client: pg.ClientBase, tables: TableInfo[]): Promise<TableInfo[]> {
  const references = await client.query<{ from: number; to: number }>(
    `select conrelid::int as "from", confrelid::int as "to" from pg_constraint
      where contype = 'f' and conrelid <> confrelid`,
  );
  const byOid = new Map(tables.map((table) => [table.oid, table]));
  const needs = new Map(tables.map((table) => [table.oid, new Set<number>()]));
  for (const { from, to } of references.rows) {
    if (byOid.has(from) && byOid.has(to)) needs.get(from)!.add(to);
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<number>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) =>
        !placed.has(table.oid) && [...needs.get(table.oid)!].every((oid) => placed.has(oid)),
    );
    if (ready.length === 0) {
      const left = tables.filter((table) => !placed.has(table.oid)).map((table) => table.name);
      throw new DumpError(`the tables ${left.join(', ')} reference each other in a circle`);
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.oid);
    }
  }
  return ordered;
}

async function sequences(client: pg.ClientBase): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname in ('public', 'drizzle')
      order by 1`,
  );
  const lines: string[] = [];
  for (const { name } of result.rows) {
    const value = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${name}`,
    );
    const row = value.rows[0]!;
    lines.push(
      `SELECT pg_catalog.setval(${quoteLiteral(name)}, ${row.last_value}, ${row.is_called});`,
    );
  }
  return lines;
}

/** Streams one table's rows as a `COPY … FROM stdin;` block; answers how many rows. */
async function copyTable(
  client: pg.ClientBase,
  target: string,
  columns: string[],
  write: (chunk: string | Buffer) => Promise<void>,
  where?: string,
): Promise<number> {
  const columnList = columns.map(quoteIdent).join(', ');
  await write(`COPY ${target} (${columnList}) FROM stdin;\n`);
  const source = where
    ? `(select ${columnList} from ${target} where ${where})`
    : `${target} (${columnList})`;
  // Loaded by the first backup, not at start (decision 051).
  const { to: copyTo } = await import('pg-copy-streams');
  const stream = client.query(copyTo(`COPY ${source} TO STDOUT`));
  let rows = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    for (const byte of chunk) if (byte === 10) rows += 1;
    await write(chunk);
  }
  await write('\\.\n\n');
  return rows;
}

export interface DumpOptions {
  /** The committed migrations (apps/server/drizzle). */
  migrationsFolder: string;
  now: Date;
  /** DATA_DIR files the site needs beside its database (the generated JWT secret). */
  files?: Record<string, Buffer>;
  /**
   * Only the rows of a table (by name) that match a condition: the backups' own record leaves
   * out the runs still going, among them this one, which a restored site would take for cut short.
   */
  rowsWhere?: Record<string, string>;
}

/**
 * Writes the dump of the database `client` is connected to into `out` (not ended here). The
 * connection must not be in a transaction; it is left out of one.
 */
export async function writeDump(
  client: pg.ClientBase,
  out: Writable,
  options: DumpOptions,
): Promise<DumpFacts> {
  const write = writer(out);
  await client.query('begin isolation level repeatable read read only');
  try {
    const version = await client.query<{ server_version: string }>('show server_version');
    const migrations = await appliedMigrations(client, options.migrationsFolder);
    const tables = await inReferenceOrder(client, await publicTables(client));

    await write(
      [
        DUMP_SIGNATURE,
        `-- Made ${options.now.toISOString()} from PostgreSQL ${version.rows[0]?.server_version ?? '?'}: ${migrations.length} migrations, ${tables.length} tables.`,
        '-- Restore with `npm run restore FILE`, or into an empty database with `gunzip -c FILE | psql -d DATABASE`.',
        ...Object.entries(options.files ?? {}).map(
          ([name, content]) => `${DUMP_FILE_PREFIX}${name} ${content.toString('base64')}`,
        ),
        '',
        '\\set ON_ERROR_STOP on',
        "SET client_encoding = 'UTF8';",
        'SET standard_conforming_strings = on;',
        'SET check_function_bodies = false;',
        'SET client_min_messages = warning;',
        'BEGIN;',
        '',
        '-- The schema: the migrations this database had applied, in order.',
        'CREATE SCHEMA IF NOT EXISTS "drizzle";',
        `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);`,
        '',
      ].join('\n'),
    );
    for (const migration of migrations) {
      await write(`-- Migration of ${migration.folderMillis}\n`);
      for (const statement of migration.sql) {
        const text = statement.trim();
        if (text) await write(`${text}${text.endsWith(';') ? '' : ';'}\n`);
      }
      await write('\n');
    }

    const tableNames = tables.map((table) => `public.${quoteIdent(table.name)}`);
    await write(
      [
        '-- The data. Triggers are off while it loads (what they keep is in the rows already);',
        '-- rows the migrations wrote are replaced by the rows of the backup.',
        ...tableNames.map((name) => `ALTER TABLE ${name} DISABLE TRIGGER USER;`),
        ...(tableNames.length ? [`TRUNCATE TABLE ${tableNames.join(', ')};`] : []),
        '',
        '',
      ].join('\n'),
    );
    let rows = await copyTable(client, MIGRATIONS_TABLE, ['id', 'hash', 'created_at'], write);
    for (const table of tables) {
      rows += await copyTable(
        client,
        `public.${quoteIdent(table.name)}`,
        table.columns,
        write,
        options.rowsWhere?.[table.name],
      );
    }
    await write(
      [
        ...tableNames.map((name) => `ALTER TABLE ${name} ENABLE TRIGGER USER;`),
        ...(await sequences(client)),
        'COMMIT;',
        DUMP_END,
        '',
      ].join('\n'),
    );
    await client.query('commit');
    return { tables: tables.length + 1, rows, migrations: migrations.length };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}

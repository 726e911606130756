/**
 * Loads a backup written by dump.ts into a database, without psql: the statements between the
 * COPY blocks run as they are, each block's rows go through COPY FROM STDIN, all in one
 * transaction, so a failed or cut-short restore leaves the database as it was (decision 061).
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DUMP_END, DUMP_FILE_PREFIX, DUMP_SIGNATURE } from './dump';

export class RestoreError extends Error {}

export interface RestoreFacts {
  /** Rows loaded, every table counted. */
  rows: number;
  /** DATA_DIR files the backup carried (the generated JWT secret). */
  files: Record<string, Buffer>;
}

/** What is in the database already: the tables of the site's schemas. */
export async function existingTables(client: pg.ClientBase): Promise<number> {
  const result = await client.query<{ count: number }>(
    `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle')`,
  );
  return result.rows[0]?.count ?? 0;
}

/** Removes the site's schemas and everything in them (restore --force). */
async function emptyDatabase(client: pg.ClientBase): Promise<void> {
  await client.query('drop schema if exists "drizzle" cascade');
  await client.query('drop schema if exists public cascade');
  await client.query('create schema public');
}

const COPY_LINE = /^COPY [^;]+ FROM stdin;$/;
/** The psql commands dump.ts writes; psql runs them, here they mean nothing. */
const PSQL_LINES = new Set(['\\set ON_ERROR_STOP on']);
/** The file's own transaction, replaced by the restore's. */
const TRANSACTION_LINES = new Set(['BEGIN;', 'COMMIT;']);

/** Rows are handed to COPY in chunks of about this many characters, not a write per row. */
const COPY_CHUNK = 256 * 1024;

function copyBlock(client: pg.ClientBase, statement: string) {
  const stream = client.query(copyFrom(statement.slice(0, -1)));
  const done = new Promise<number>((resolve, reject) => {
    stream.on('finish', () => resolve(stream.rowCount));
    stream.on('error', reject);
  });
  // A failed COPY is reported by `done`; writes after it must not throw on their own.
  done.catch(() => {});
  let buffered: string[] = [];
  let size = 0;
  const flush = () => {
    const chunk = buffered.join('');
    buffered = [];
    size = 0;
    return new Promise<void>((resolve) => {
      if (stream.write(chunk)) resolve();
      else stream.once('drain', resolve);
    });
  };
  return {
    async write(line: string) {
      buffered.push(line, '\n');
      size += line.length + 1;
      if (size >= COPY_CHUNK) await Promise.race([flush(), done]);
    },
    async end() {
      if (size > 0) await Promise.race([flush(), done]);
      stream.end();
      return done;
    },
    done,
    /** Ends the COPY with a failure, so the connection leaves it (the transaction rolls back). */
    abort: () => stream.destroy(new Error('restore stopped')),
  };
}

/**
 * A backup made by a newer version holds migrations this version does not know: the site would
 * start on a schema it was not written for, so the restore is undone.
 */
async function refuseNewerMigrations(client: pg.ClientBase, migrationsFolder: string) {
  const known = new Set(
    readMigrationFiles({ migrationsFolder }).map((migration) => String(migration.folderMillis)),
  );
  const restored = await client.query<{ created_at: string }>(
    'select created_at::text from "drizzle"."__drizzle_migrations"',
  );
  const unknown = restored.rows.filter((row) => !known.has(row.created_at));
  if (unknown.length > 0) {
    throw new RestoreError(
      `the backup was made by a newer version of the site (${unknown.length} migration${unknown.length === 1 ? '' : 's'} unknown to this one): restore it with that version or a later one; nothing was restored`,
    );
  }
}

/** The reason a gzip stream or a read failed, as the person restoring can act on it. */
function readFailure(err: unknown): RestoreError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') {
    return new RestoreError('the file is not a gzip-compressed backup, or it is damaged');
  }
  return new RestoreError(err instanceof Error ? err.message : String(err));
}

/**
 * Restores the gzip-compressed backup `input` into the database `client` is connected to, which
 * must be empty unless `force` (then the site's schemas are dropped first, in the same transaction).
 */
export async function restoreDump(
  client: pg.ClientBase,
  input: Readable,
  options: {
    force: boolean;
    /** The committed migrations: a backup of a newer version (one unknown here) is refused. */
    migrationsFolder: string;
  },
): Promise<RestoreFacts> {
  const gunzip = createGunzip();
  let streamError: RestoreError | null = null;
  input.on('error', (err) => {
    streamError ??= readFailure(err);
    gunzip.destroy();
  });
  gunzip.on('error', (err) => (streamError ??= readFailure(err)));
  let lines: ReturnType<typeof createInterface> | null = null;

  const files: Record<string, Buffer> = {};
  let rows = 0;
  let lineNumber = 0;
  let pending: string[] = [];
  let copy: ReturnType<typeof copyBlock> | null = null;
  let ended = false;

  const flush = async () => {
    const text = pending.join('\n').trim();
    pending = [];
    if (text) await client.query(text);
  };

  let began = false;
  try {
    // Read from the first line on: lines read before a reader waits for them would be lost.
    lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
    for await (const line of lines) {
      lineNumber += 1;
      if (lineNumber === 1) {
        if (line !== DUMP_SIGNATURE) {
          throw new RestoreError('the file is not a backup made by `npm run backup`');
        }
        await client.query('begin');
        began = true;
        const tables = await existingTables(client);
        if (tables > 0) {
          if (!options.force) {
            throw new RestoreError(
              `the database is not empty (${tables} tables); restore into an empty one, or add --force to replace everything in it`,
            );
          }
          await emptyDatabase(client);
        }
        continue;
      }
      if (ended) {
        if (line.trim())
          throw new RestoreError(`unexpected text after the end (line ${lineNumber})`);
        continue;
      }
      if (copy) {
        if (line === '\\.') {
          rows += await copy.end();
          copy = null;
        } else {
          await copy.write(line);
        }
        continue;
      }
      if (line.startsWith(DUMP_FILE_PREFIX)) {
        const [name, content] = line.slice(DUMP_FILE_PREFIX.length).split(' ');
        if (name && content) files[name] = Buffer.from(content, 'base64');
        continue;
      }
      if (line === DUMP_END) {
        await flush();
        ended = true;
        continue;
      }
      if (PSQL_LINES.has(line) || TRANSACTION_LINES.has(line)) continue;
      if (line.startsWith('\\')) {
        throw new RestoreError(`unexpected psql command on line ${lineNumber}`);
      }
      if (COPY_LINE.test(line)) {
        await flush();
        copy = copyBlock(client, line);
        continue;
      }
      pending.push(line);
    }
    if (streamError) throw streamError;
    if (lineNumber === 0) throw new RestoreError('the file is empty');
    if (!ended) {
      throw new RestoreError(
        'the file is cut short (its last line is missing): nothing was restored',
      );
    }
    await refuseNewerMigrations(client, options.migrationsFolder);
    await client.query('commit');
    return { rows, files };
  } catch (err) {
    if (copy) {
      copy.abort();
      await copy.done.catch(() => {});
    }
    if (began) await client.query('rollback').catch(() => {});
    if (streamError) throw streamError;
    throw err;
  } finally {
    lines?.close();
    input.destroy();
  }
}

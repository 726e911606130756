/**
 * One migrated template database per test run: every test file copies it (`CREATE DATABASE …
 * TEMPLATE`, a few milliseconds) instead of running the migrations itself. Used by the PostgreSQL
 * global setups; test files get the server, the template and the run's prefix through `inject`.
 *
 * The copies are dropped together when the run ends, not each by its file: on PostgreSQL 15 a DROP
 * DATABASE forces a checkpoint, and those checkpoints beside the tests made the API project on the
 * shared server about 15 % slower (decision 055).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

export interface TestDatabaseServer {
  /** A connection string to the server's maintenance database, for creating and dropping. */
  serverUrl: string;
  /** The migrated database new test databases are copied from. */
  template: string;
  /** The start of the name of every test database of this run, which the run's end drops. */
  prefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseServer;
  }
}

/** `url` with another database name. */
export function databaseUrl(serverUrl: string, name: string): string {
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Runs `work` on a connection of its own to `url`, closed afterwards. */
export async function withClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  await withClient(serverUrl, (admin) => admin.query(statement));
}

/** How many databases the run's end drops at once, each on a connection of its own. */
const DROP_AT_ONCE = 8;

/** Drops `names` on the server, `DROP_AT_ONCE` at a time. */
async function dropDatabases(serverUrl: string, names: string[]): Promise<void> {
  const pending = [...names];
  await Promise.all(
    Array.from({ length: Math.min(DROP_AT_ONCE, pending.length) }, () =>
      withClient(serverUrl, async (admin) => {
        for (let name = pending.pop(); name; name = pending.pop()) {
          await admin.query(`drop database if exists ${name} with (force)`);
        }
      }),
    ),
  );
}

/**
 * Creates and migrates a template with a name of this run's own; returns it, the prefix of the
 * run's test databases, and how to drop the template and every database of the run.
 */
export async function createMigratedTemplate(
  serverUrl: string,
): Promise<{ template: string; prefix: string; drop(): Promise<void> }> {
  const run = randomUUID().replaceAll('-', '').slice(0, 12);
  const template = `test_${run}_template`;
  const prefix = `test_${run}_`;
  await adminQuery(serverUrl, `create database ${template}`);
  const database = await openDatabase({ url: databaseUrl(serverUrl, template) });
  try {
    await runMigrations(database);
  } finally {
    // A template must have no open connections while it is copied.
    await database.close();
  }
  return {
    template,
    prefix,
    async drop() {
      // `_` is a wildcard of LIKE: the prefix is compared as text.
      const { rows } = await withClient(serverUrl, (admin) =>
        admin.query<{ datname: string }>(
          'select datname from pg_database where left(datname, length($1)) = $1',
          [prefix],
        ),
      );
      await dropDatabases(
        serverUrl,
        rows.map((row) => row.datname),
      );
    },
  };
}

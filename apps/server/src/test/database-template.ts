/**
 * One migrated template database per test run: every test file copies it (`CREATE DATABASE …
 * TEMPLATE`, a few milliseconds) instead of running the 23 migrations itself. Used by the
 * PostgreSQL global setups; test files get the server and the template through `inject`.
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

export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates and migrates a template with a name of this run's own; returns it and how to drop it. */
export async function createMigratedTemplate(
  serverUrl: string,
): Promise<{ template: string; drop(): Promise<void> }> {
  const template = `test_template_${randomUUID().replaceAll('-', '')}`;
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
    drop: () => adminQuery(serverUrl, `drop database if exists ${template} with (force)`),
  };
}

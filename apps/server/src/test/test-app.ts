/**
 * Builds the app in-process on a fresh database of the project's PostgreSQL: the shared server
 * (api:postgres) or the embedded PostgreSQL 17 cluster that ships (api:embedded). The project's
 * global setup migrated a template once; each test file's database is a copy of it.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { adminQuery, databaseUrl } from './database-template';

export interface FreshDatabase {
  database: Database;
  url: string;
}

/**
 * A new database for one test file: a copy of the migrated template, or with `migrate: false`
 * an empty one (for tests of the migrations themselves). The file closes its connections; the
 * run's end drops the database with the others of the run.
 */
export async function openFreshDatabase(
  options: { migrate?: boolean } = {},
): Promise<FreshDatabase> {
  const { serverUrl, template, prefix } = inject('testDatabase');
  const name = `${prefix}${randomUUID().replaceAll('-', '')}`;
  // The files copied as they are, not page by page through the write-ahead log (PostgreSQL 15's
  // default): about 10 MB of WAL less per file, and less for the checkpoints of the run's drops.
  const source = options.migrate === false ? 'template1' : template;
  await adminQuery(serverUrl, `create database ${name} template ${source} strategy file_copy`);
  const url = databaseUrl(serverUrl, name);
  return { database: await openDatabase({ url }), url };
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The test database's connection string (for a second connection, a backup's comparison). */
  url: string;
  /** Every log line the app wrote, parsed (only when `captureLogs` was asked for). */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    captureLogs?: boolean;
  } & Partial<Omit<BuildAppOptions, 'config' | 'database'>> = {},
): Promise<TestApp> {
  const fresh = await openFreshDatabase();
  const logs: Record<string, unknown>[] = [];
  const env = { ...(options.captureLogs ? { LOG_LEVEL: 'info' } : {}), ...options.env };
  const loggerStream = options.captureLogs
    ? new Writable({
        write(chunk: Buffer, _encoding, callback) {
          for (const line of chunk.toString('utf8').split('\n')) {
            if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
          }
          callback();
        },
      })
    : undefined;
  const app = await buildApp({
    startJobs: false,
    // A few attempts instead of a second's work: the challenge is still created, solved and checked.
    challengeDifficulty: { cost: 1, counterMin: 1, counterMax: 20 },
    ...options,
    config: testConfig(env),
    database: fresh.database,
    loggerStream,
  });
  return {
    app,
    database: fresh.database,
    url: fresh.url,
    logs,
    // Closes the database's pool too (the app's onClose).
    close: () => app.close(),
  };
}

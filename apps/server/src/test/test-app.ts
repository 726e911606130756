/**
 * Builds the app in-process on a fresh database: in-memory PGlite, or a new database on the
 * real PostgreSQL when TEST_DATABASE_URL is set (the same tests run on both).
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export interface FreshDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

/** A new, migrated database for one test file. */
export async function openFreshDatabase(
  options: { migrate?: boolean } = {},
): Promise<FreshDatabase> {
  let database: Database;
  let url: string | undefined;
  let drop = async () => {};
  if (TEST_DATABASE_URL) {
    const name = `test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(TEST_DATABASE_URL);
    target.pathname = `/${name}`;
    url = target.toString();
    database = await openDatabase({ url });
    drop = async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    database = await openDatabase({ inMemory: true });
  }
  if (options.migrate !== false) await runMigrations(database);
  return { database, url, drop };
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
    logs,
    async close() {
      await app.close();
      await fresh.drop();
    },
  };
}

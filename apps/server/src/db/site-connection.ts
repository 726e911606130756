/**
 * How `npm run backup` and `npm run restore` reach the site's database, configured as the server
 * is: DATABASE_URL's server, or the embedded cluster in DATA_DIR, through the running site's
 * socket when it runs, else started for the while and stopped after (decision 061).
 */
import { resolve } from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { hasCluster, runningCluster, startEmbeddedPostgres } from './embedded-postgres';

export class SiteConnectionError extends Error {}

export interface SiteConnection {
  client: pg.Client;
  /** The database in words, for messages: never DATABASE_URL itself (it may hold a password). */
  description: string;
  close(): Promise<void>;
}

async function connect(url: string, description: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new SiteConnectionError(`cannot connect to ${description} (${reason})`);
  }
  return client;
}

export async function connectToSiteDatabase(
  config: Pick<AppConfig, 'DATABASE_URL' | 'DATA_DIR'>,
  purpose: 'backup' | 'restore',
): Promise<SiteConnection> {
  if (config.DATABASE_URL) {
    const description = "DATABASE_URL's database";
    const client = await connect(config.DATABASE_URL, description);
    return { client, description, close: () => client.end() };
  }
  const dataDir = resolve(config.DATA_DIR);
  const description = `the embedded database in ${dataDir}`;
  const running = runningCluster(dataDir);
  if (running) {
    if (purpose === 'restore') {
      throw new SiteConnectionError(
        `the site is running on ${dataDir} (its PostgreSQL is process ${running.pid}); stop the site before restoring`,
      );
    }
    const client = await connect(running.url, description);
    return { client, description, close: () => client.end() };
  }
  if (purpose === 'backup' && !hasCluster(dataDir)) {
    throw new SiteConnectionError(
      `${dataDir} holds no database: nothing to back up (is DATA_DIR the site's?)`,
    );
  }
  const cluster = await startEmbeddedPostgres(dataDir);
  try {
    const client = await connect(cluster.url, description);
    return {
      client,
      description,
      async close() {
        await client.end();
        await cluster.stop();
      },
    };
  } catch (err) {
    await cluster.stop();
    throw err;
  }
}

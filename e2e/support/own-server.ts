/**
 * A server of a test's own: the built app on a new PostgreSQL database, for a test that breaks
 * something for real (a table gone) or needs other settings (`env`, e.g. Stripe's) without
 * touching the shared e2e server.
 */
import { randomUUID } from 'node:crypto';
import { startBuilt, waitForHealth } from '../../apps/server/src/test/built-process';
import { databaseUrl, withClient } from '../../apps/server/src/test/database-template';
import { freePort } from '../../apps/server/src/test/free-port';

export const postgresUrl =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface OwnServer {
  baseURL: string;
  /** Runs SQL on the server's own database, e.g. to break it. */
  sql(text: string): Promise<void>;
  /**
   * The first line the server printed (stdout or stderr) that matches, waiting for it (with a
   * LOG_LEVEL that lets the line through).
   */
  outputLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const name = `e2e_${randomUUID().replaceAll('-', '')}`;
  // A copy of the run's migrated template (global-setup.ts): the server starts without migrating.
  const template = process.env.E2E_DATABASE_TEMPLATE;
  await withClient(postgresUrl, (client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const ownDatabaseUrl = databaseUrl(postgresUrl, name);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = startBuilt('server.js', [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseURL,
    DATABASE_URL: ownDatabaseUrl,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '1',
    ...env,
  });
  async function outputLine(pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { stdout, stderr } = server.output();
      const line = [stdout, stderr]
        .flatMap((text) => text.split('\n'))
        .find((text) => pattern.test(text));
      if (line !== undefined) return line;
      if (Date.now() > until) throw new Error(`the server printed no line matching ${pattern}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  // A start takes its time on a busy machine: up to a minute.
  await waitForHealth(port, server).catch((error: unknown) => {
    server.child.kill('SIGKILL');
    throw error;
  });
  return {
    baseURL,
    sql: (text) => withClient(ownDatabaseUrl, async (client) => void (await client.query(text))),
    outputLine,
    async stop() {
      server.child.kill('SIGTERM');
      await server.finished;
      await withClient(postgresUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

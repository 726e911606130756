/**
 * A server of a test's own: the built app on a new PostgreSQL database, for a test that breaks
 * something for real (a table gone) or needs other settings (`env`, e.g. Stripe's) without
 * touching the shared e2e server.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { databaseUrl, withClient } from '../../apps/server/src/test/database-template';
import { freePort } from '../../apps/server/src/test/free-port';

const root = join(import.meta.dirname, '..', '..');
export const postgresUrl =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface OwnServer {
  baseURL: string;
  /** Runs SQL on the server's own database, e.g. to break it. */
  sql(text: string): Promise<void>;
  /**
   * The first line the server printed (stdout or stderr) that matches, waiting for it; only with
   * `captureOutput` (and a LOG_LEVEL that lets the line through).
   */
  outputLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

export async function startOwnServer(
  env: Record<string, string> = {},
  options: { captureOutput?: boolean } = {},
): Promise<OwnServer> {
  const name = `e2e_${randomUUID().replaceAll('-', '')}`;
  // A copy of the run's migrated template (global-setup.ts): the server starts without migrating.
  const template = process.env.E2E_DATABASE_TEMPLATE;
  await withClient(postgresUrl, (client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const ownDatabaseUrl = databaseUrl(postgresUrl, name);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    stdio: options.captureOutput ? ['ignore', 'pipe', 'pipe'] : 'ignore',
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATABASE_URL: ownDatabaseUrl,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: '1',
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => (output += chunk));
  }
  async function outputLine(pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const line = output.split('\n').find((text) => pattern.test(text));
      if (line !== undefined) return line;
      if (Date.now() > until) throw new Error(`the server printed no line matching ${pattern}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  // A start takes its time on a busy machine: give it a minute.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('the test server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    sql: (text) => withClient(ownDatabaseUrl, async (client) => void (await client.query(text))),
    outputLine,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await withClient(postgresUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

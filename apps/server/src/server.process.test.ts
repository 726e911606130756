import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuilt, waitForHealth, type BuiltProcess } from './test/built-process';
import { freePort } from './test/free-port';

/** The built server, as `npm start` runs it: what ships, without compiling the sources on the way. */
const startServer = (env: Record<string, string>) => startBuilt('server.js', [], env);

/**
 * Starts the server on a free port and waits until it says it listens there and answers health.
 * The other test files start servers on free ports too: should one take this port between
 * `freePort` and the start, this server stops with EADDRINUSE and another port is tried.
 */
async function startListening(env: Record<string, string>) {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1', ...env });
    // Both log formats name the address once it listens; until then a health answer may come from
    // another process.
    while (!server.output().stdout.includes(`:${port}`) && server.child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (server.child.exitCode === null)
      return { ...server, port, health: await waitForHealth(port) };
    const { code } = await server.finished;
    if (attempt < 3 && server.output().stderr.includes('EADDRINUSE')) continue;
    const { stderr } = server.output();
    throw new Error(`the server stopped (${code}) before listening:\n${stderr}`);
  }
}

/** Stops the server with SIGTERM; its exit code and output, for one assertion that shows both. */
function stop(server: BuiltProcess) {
  server.child.kill('SIGTERM');
  return server.finished;
}

describe('starting the server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'consult-boot-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('stops with a one-line message naming PORT when it is not a number', async () => {
    const server = startServer({ PORT: 'abc', DATA_DIR: dataDir });
    expect((await server.finished).code).toBe(1);
    expect(server.output().stderr.trim()).toMatch(/^Invalid configuration: PORT .*"abc"\)?$/);
  });

  it('stops with a message naming DATABASE_URL when the database is unreachable', async () => {
    const server = startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing' });
    expect((await server.finished).code).toBe(1);
    expect(server.output().stderr).toMatch(/^Invalid configuration: DATABASE_URL/);
  });

  it('serves health on PORT and shuts down cleanly on SIGTERM', async () => {
    const server = await startListening({ DATA_DIR: dataDir });
    expect(await server.health.json()).toMatchObject({ status: 'ok', db: { ok: true } });
    const stopped = await stop(server);
    expect(stopped).toMatchObject({ code: 0, stderr: '' });
    expect(stopped.stdout).toContain('shutting down');
  });

  it('prints a short readable summary with the setup link on its own line by default', async () => {
    const { port, ...server } = await startListening({ DATA_DIR: dataDir });
    const lines = server.output().stdout.split('\n');
    expect(lines).toContain(`The site is running at http://localhost:${port}`);
    expect(lines.some((line) => /^ {2}Database {2}embedded PostgreSQL, data in /.test(line))).toBe(
      true,
    );
    expect(lines.some((line) => /^ {2}Mail {6}not delivered: SMTP_URL is not set/.test(line))).toBe(
      true,
    );
    const link = lines.findIndex((line) => line.startsWith('First run: no admin account yet'));
    expect(lines[link + 1]).toMatch(/^ {2}http:\/\/localhost:\d+\/setup\?code=[\w-]+$/);
    expect(server.output().stdout).not.toContain('{"level"');
    expect(await stop(server)).toMatchObject({ code: 0, stderr: '' });
  });

  it('writes every line as JSON with LOG_FORMAT=json', async () => {
    const server = await startListening({ DATA_DIR: dataDir, LOG_FORMAT: 'json' });
    const stopped = await stop(server);
    expect(stopped).toMatchObject({ code: 0, stderr: '' });
    const lines = stopped.stdout.split('\n').filter(Boolean);
    const entries = lines.map((line) => JSON.parse(line) as { msg: string });
    expect(entries.some((entry) => entry.msg.includes('/setup?code='))).toBe(true);
  });
});

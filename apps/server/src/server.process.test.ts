import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';

const serverEntry = join(import.meta.dirname, 'server.ts');

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitForHealth(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

describe('starting the server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'consult-boot-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('stops with a one-line message naming PORT when it is not a number', async () => {
    const server = startServer({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr.trim()).toMatch(/^Invalid configuration: PORT .*"abc"\)?$/);
  });

  it('stops with a message naming DATABASE_URL when the database is unreachable', async () => {
    const server = startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toMatch(/^Invalid configuration: DATABASE_URL/);
  });

  it('serves health on PORT and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    const res = await waitForHealth(port);
    expect(await res.json()).toMatchObject({ status: 'ok', db: { ok: true } });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output().stdout).toContain('shutting down');
  });

  it('prints a short readable summary with the setup link on its own line by default', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitForHealth(port);
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
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('writes every line as JSON with LOG_FORMAT=json', async () => {
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
    });
    await waitForHealth(port);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = server.output().stdout.split('\n').filter(Boolean);
    const entries = lines.map((line) => JSON.parse(line) as { msg: string });
    expect(entries.some((entry) => entry.msg.includes('/setup?code='))).toBe(true);
  });
});

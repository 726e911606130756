// `npm run dev` starts the API server and the Vite dev server, and the page and the API answer
// through Vite's address; stopping it stops both.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/test/free-port';

const root = join(import.meta.dirname, '..');

async function fetchWhenUp(url: string, timeoutMs = 60_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'consult-dev-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

it('serves the app through Vite with /api proxied to the watched server, and stops both', async () => {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const dev = spawn(process.execPath, ['scripts/dev.mjs'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(apiPort),
      WEB_PORT: String(webPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => dev.on('exit', resolve));
  try {
    const health = await fetchWhenUp(`http://127.0.0.1:${webPort}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const page = await fetchWhenUp(`http://127.0.0.1:${webPort}/dash`);
    expect(await page.text()).toContain('/src/main.tsx');
  } finally {
    dev.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  await expect(fetch(`http://127.0.0.1:${apiPort}/api/health`)).rejects.toThrow();
  await expect(fetch(`http://127.0.0.1:${webPort}/`)).rejects.toThrow();
});

// Starts the built server as a child process and reports how long it took to answer healthy.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { createServer } from 'node:net';
import { treeMemory } from './memory.mjs';

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitForOk(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Spawns `node [nodeFlags] script` with env; logs go to a file, as they would to a collector in
 * production.
 */
export async function startProcess(script, env, healthPath, logFile, nodeFlags = []) {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  await waitForOk(`http://127.0.0.1:${port}${healthPath}`);
  const startMs = performance.now() - started;
  return {
    port,
    startMs,
    url: `http://127.0.0.1:${port}`,
    /** Resident memory of the server and its processes (memory.mjs). */
    memory: () => treeMemory(child.pid),
    stop() {
      return new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    },
  };
}

/**
 * The built server and commands (`dist/`) as child processes, as `npm start`, `npm run backup` and
 * the e2e tests run them: for the process tests, whose project's global set-up brings the build up
 * to date, and the browser tests' own servers (`e2e/support/own-server.ts`). Only PATH and
 * `NODE_ENV=test` of this environment are passed on, with `env`.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const built = join(import.meta.dirname, '..', '..', 'dist');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `dist/<entry>`; `finished` resolves once it exited and its output is all read. */
export function startBuilt(entry: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [join(built, entry), ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // On `close`, not `exit`: the child's last output (a backup's file name) may arrive after it exited.
  const finished = new Promise<Finished>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, finished, output: () => ({ stdout, stderr }) };
}

export type BuiltProcess = ReturnType<typeof startBuilt>;

/**
 * Waits until a server on `port` answers its health check; answers that response. Fails at once
 * when `server`, the process expected to answer, stops first.
 */
export async function waitForHealth(port: number, server?: BuiltProcess): Promise<Response> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (res?.ok) return res;
    if (server && server.child.exitCode !== null) {
      const { code, stderr } = await server.finished;
      throw new Error(`the server stopped (${code}):\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server on port ${port} did not become healthy`);
}

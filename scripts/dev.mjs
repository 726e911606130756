// `npm run dev`: the API server restarted on every source change (tsx watch) and the Vite dev server
// with hot reload in front of it, which proxies /api to the server. Open the Vite address.
//   PORT      the API server's port (3000)
//   WEB_PORT  the Vite dev server's port (5173); APP_URL defaults to it, so mail links open there
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const apiPort = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const host = process.env.HOST ?? '127.0.0.1';
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  PORT: apiPort,
  HOST: host,
  APP_URL: process.env.APP_URL ?? `http://localhost:${webPort}`,
  DEV_API_URL: `http://127.0.0.1:${apiPort}`,
};

const children = [
  spawn(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'apps/server/src/server.ts'],
    { cwd: root, env, stdio: 'inherit' },
  ),
  spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'apps/web',
      '--port',
      webPort,
      '--strictPort',
      '--host',
      host,
    ],
    { cwd: root, env, stdio: 'inherit' },
  ),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
// One of the two ending on its own (a port in use, a crash at start) ends the other too.
for (const child of children) child.on('exit', (code) => stop(code ?? 1));

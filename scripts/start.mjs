// `npm start`: build what is missing or stale, then run the server (migrations and seeding happen at its start).
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

buildIfStale({ quiet: true });
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/server.js'], {
  cwd: new URL('..', import.meta.url).pathname,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm run backup` and `npm run restore`: the server's own commands (decision 061), built when
// stale and run with the site's environment, as `npm start` runs the server.
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

const commands = {
  backup: 'apps/server/dist/backup-cli.js',
  restore: 'apps/server/dist/restore-cli.js',
};
const [name, ...args] = process.argv.slice(2);
if (!Object.hasOwn(commands, name)) {
  console.error(`Unknown command "${name}": use backup or restore`);
  process.exit(2);
}
buildIfStale({ quiet: true, only: '@consult/server' });
const child = spawn(process.execPath, [commands[name], ...args], {
  cwd: new URL('..', import.meta.url).pathname,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Builds the web app and the server when their build output is missing or older than their sources.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((path) => visit(join(root, path)));
  return newest;
}

function outputMtime(path) {
  const full = join(root, path);
  return existsSync(full) ? statSync(full).mtimeMs : 0;
}

const targets = [
  {
    name: '@consult/web',
    // The server-rendering bundle is built last, after the browser bundle.
    output: 'apps/web/dist/server/entry-server.js',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'apps/web/package.json',
      'packages/shared/src',
    ],
  },
  {
    name: '@consult/server',
    output: 'apps/server/dist/server.js',
    inputs: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/package.json',
      'packages/shared/src',
    ],
  },
];

/**
 * `only`: one target's name (the backup and restore commands need only the server's).
 * `quiet` (npm start): one line per target instead of the bundlers' listing of every asset; their
 * output is printed only when a build fails, and the process then exits with its code.
 */
export function buildIfStale({ force = false, quiet = false, only = null } = {}) {
  // Always the production bundle: called from a test run (NODE_ENV=test), the web build took
  // React's development copies and failed its JavaScript budgets.
  const env = { ...process.env, NODE_ENV: 'production' };
  for (const target of targets) {
    if (only && target.name !== only) continue;
    if (!force && outputMtime(target.output) >= newestMtime(target.inputs)) continue;
    console.log(`Building ${target.name}...`);
    const command = `npm run build -w ${target.name}`;
    if (!quiet) {
      execSync(command, { cwd: root, stdio: 'inherit', env });
      continue;
    }
    const result = spawnSync(command, { cwd: root, shell: true, encoding: 'utf8', env });
    if (result.status !== 0) {
      process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
      console.error(`The build of ${target.name} failed (above); the site was not started.`);
      process.exit(result.status ?? 1);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  buildIfStale({ force: process.argv.includes('--force') });

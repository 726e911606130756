// Builds the web app and the server when their build output is missing or older than their sources.
import { execSync } from 'node:child_process';
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

export function buildIfStale({ force = false } = {}) {
  for (const target of targets) {
    if (force || outputMtime(target.output) < newestMtime(target.inputs)) {
      console.log(`Building ${target.name}...`);
      execSync(`npm run build -w ${target.name}`, { cwd: root, stdio: 'inherit' });
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  buildIfStale({ force: process.argv.includes('--force') });

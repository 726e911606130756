// `npm test`: every check and every test — static checks, unit and API tests (on PostgreSQL, the
// contract set also on the embedded PostgreSQL 17), then the browser tests, and one closing line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.test-output');
rmSync(join(out, 'vitest.json'), { force: true });
rmSync(join(out, 'playwright.json'), { force: true });
mkdirSync(out, { recursive: true });

const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
};

function run(title, command, args, extraEnv = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ...extraEnv },
  });
  return result.status === 0;
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const stages = [];
stages.push(['checks', run('typecheck, lint, format', 'npm', ['run', 'check'])]);
console.log('\n=== build ===');
buildIfStale();
stages.push([
  'unit and API tests',
  run('unit and API tests (PostgreSQL; the contract set on the embedded PostgreSQL 17)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(out, 'vitest.json')}`,
  ]),
]);
stages.push([
  'browser tests',
  run('browser tests (Chromium)', 'npx', ['playwright', 'test'], {
    E2E_PORT: String(await freePort()),
  }),
]);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(join(out, 'vitest.json'))) {
  const report = JSON.parse(readFileSync(join(out, 'vitest.json'), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
if (existsSync(join(out, 'playwright.json'))) {
  const { stats } = JSON.parse(readFileSync(join(out, 'playwright.json'), 'utf8'));
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
  skipped += stats.skipped;
}

const failedStages = stages.filter(([, ok]) => !ok).map(([name]) => name);
console.log('');
if (failedStages.length) console.log(`Failed stages: ${failedStages.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedStages.length || failed ? 1 : 0);

// `npm test`: every check and every test — static checks, unit and API tests (on PostgreSQL, the
// contract set also on the embedded PostgreSQL 17), then the browser tests, and one closing line.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.test-output');
rmSync(join(out, 'vitest.json'), { force: true });
rmSync(join(out, 'playwright.json'), { force: true });
mkdirSync(out, { recursive: true });

const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
};

/**
 * Runs a stage with its output on this terminal; resolves whether it passed. Never synchronous: a
 * stage running beside it (`runHeld`) must keep its output flowing.
 */
function run(title, command, args, extraEnv = {}) {
  console.log(`\n=== ${title} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, ...extraEnv },
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

/**
 * Runs a stage beside another one: its output is held back and printed whole when it ends, so the
 * two stages' lines do not mix.
 */
function runHeld(title, command, args, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, ...extraEnv },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      console.log(`\n=== ${title} ===`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code === 0);
    });
  });
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
// The three static checks run side by side on the two cores (lint and format on one thread each),
// and the build starts when the first of typecheck and format ends: lint, the longest, keeps its
// core to the end.
const typecheck = runHeld('typecheck', 'npm', ['run', 'typecheck']);
const lint = runHeld('lint', 'npm', ['run', 'lint']);
const format = runHeld('format', 'npm', ['run', 'format:check']);
const build = Promise.race([typecheck, format]).then(() =>
  runHeld('build', 'node', ['scripts/build-if-stale.mjs']),
);
const checks = await Promise.all([typecheck, lint, format]);
stages.push(['checks', checks.every(Boolean)]);
const built = await build;
stages.push(['build', built]);
// The tests run the built app: without it they could only fail.
if (built) {
  stages.push([
    'unit and API tests',
    await run(
      'unit and API tests (PostgreSQL; the contract set on the embedded PostgreSQL 17)',
      'npx',
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${join(out, 'vitest.json')}`,
      ],
    ),
  ]);
  // After the Vitest run, not beside it: both keep the two cores busy, and together each took
  // longer and timed out where it holds alone (decision 057).
  stages.push([
    'browser tests',
    await run('browser tests (Chromium)', 'npx', ['playwright', 'test'], {
      E2E_PORT: String(await freePort()),
    }),
  ]);
}

let passed = 0;
let failed = 0;
let skipped = 0;
/** Each failed test with the first lines of why: the closing lines are what a CI page keeps. */
const failures = [];
const firstLines = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 6)
    .map((line) => `      ${line.trim().slice(0, 300)}`)
    .join('\n');
if (existsSync(join(out, 'vitest.json'))) {
  const report = JSON.parse(readFileSync(join(out, 'vitest.json'), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    const where = file.name.replace(root, '');
    for (const test of file.assertionResults) {
      if (test.status === 'failed') {
        failures.push(`  - ${where} › ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`);
      }
    }
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      failures.push(`  - ${where} (the file itself)\n${firstLines(file.message)}`);
    }
  }
}
if (existsSync(join(out, 'playwright.json'))) {
  const { stats, suites } = JSON.parse(readFileSync(join(out, 'playwright.json'), 'utf8'));
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
  skipped += stats.skipped;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results.find((result) => result.error)?.error;
        const name = [...titles, spec.title].filter(Boolean).join(' › ');
        failures.push(
          `  - ${spec.file}:${spec.line} › ${name} (${test.status})\n${firstLines(error?.message)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of suites ?? []) walk(suite, []);
}

const failedStages = stages.filter(([, ok]) => !ok).map(([name]) => name);
console.log('');
if (failures.length) console.log(`Failed tests:\n${failures.join('\n')}`);
if (failedStages.length) console.log(`Failed stages: ${failedStages.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedStages.length || failed ? 1 : 0);

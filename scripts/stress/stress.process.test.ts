// The short stress run inside `npm test` (decision 060): `npm run stress -- --short`, each scenario
// for a few seconds, as a child process; every verdict line must say PASS.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildIfStale } from '../build-if-stale.mjs';

const root = join(import.meta.dirname, '..', '..');
const SHORT_RUN_LIMIT_MS = 240_000;
/** The PostgreSQL server of the tests: the stress run makes its own database there and drops it. */
const adminUrl = new URL(
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
);
adminUrl.pathname = '/postgres';

it(
  'passes every scenario of the short stress run on the embedded default',
  async () => {
    buildIfStale({ quiet: true });
    const output = await new Promise<string>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/stress.mjs', '--short', '--database=embedded'],
        {
          cwd: root,
          env: process.env,
          timeout: SHORT_RUN_LIMIT_MS,
          maxBuffer: 16 * 1024 * 1024,
        },
        (_error, stdout, stderr) => resolve(`${stdout}\n${stderr}`),
      );
    });
    const verdicts = output
      .slice(output.lastIndexOf('verdicts ('))
      .split('\n')
      .filter((line) => /^(soak|crash|garbage|shutdown) \w+: (PASS|FAIL)/.test(line));
    // The whole output when it fails, after the failed verdicts (the lines a CI summary keeps):
    // the figures say what went wrong and the seed replays it.
    const failed = verdicts.filter((line) => !line.includes(': PASS'));
    const explained = `${failed.join('\n')}\n\n${output}`;
    expect(verdicts, explained).toHaveLength(4);
    expect(failed, explained).toEqual([]);
  },
  SHORT_RUN_LIMIT_MS + 10_000,
);

/**
 * The backup and restore commands as a person runs them (decision 061), on the embedded default:
 * a backup of a running site, whose last line is the file; a restore refused while the site runs
 * and over a non-empty database; a restore into an empty DATA_DIR that the site then starts on,
 * with its generated secret back; and no DATABASE_URL password in any output.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuilt, waitForHealth } from './test/built-process';
import { freePort } from './test/free-port';

/** A built command, as `npm run backup` and `npm run restore` run it (the global set-up builds). */
const run = (entry: string, args: string[], env: Record<string, string>) =>
  startBuilt(entry, args, { LOG_LEVEL: 'warn', ...env });

async function startSite(dataDir: string) {
  const port = await freePort();
  const server = run('server.js', [], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
  await waitForHealth(port);
  return {
    port,
    async stop() {
      server.child.kill('SIGTERM');
      await server.finished;
    },
  };
}

const siteName = async (port: number) =>
  (
    (await (await fetch(`http://127.0.0.1:${port}/api/site`)).json()) as {
      consultant: { name: string };
    }
  ).consultant.name;

describe('npm run backup and npm run restore', () => {
  let source: string;
  let target: string;
  let site: Awaited<ReturnType<typeof startSite>>;
  let file: string;

  beforeAll(async () => {
    source = await mkdtemp(join(tmpdir(), 'consult-backup-source-'));
    target = await mkdtemp(join(tmpdir(), 'consult-backup-target-'));
    site = await startSite(source);
  }, 90_000);
  afterAll(async () => {
    await site.stop();
    await rm(source, { recursive: true, force: true });
    await rm(target, { recursive: true, force: true });
  }, 30_000);

  it('backs up the running site and prints the file last', async () => {
    const backup = await run('backup-cli.js', [], { DATA_DIR: source }).finished;
    expect(backup.code, backup.stderr).toBe(0);
    file = backup.stdout.trim().split('\n').at(-1)!;
    expect(file).toMatch(new RegExp(`^${join(source, 'backups')}/consult-manual-.*\\.sql\\.gz$`));
    expect(existsSync(file)).toBe(true);
  });

  it('refuses to restore under the running site', async () => {
    const refused = await run('restore-cli.js', [file], { DATA_DIR: source }).finished;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/the site is running on .*stop the site before restoring/);
  });

  it('restores into an empty DATA_DIR, refuses it once it is not, and the site starts on it', async () => {
    const restored = await run('restore-cli.js', [file], { DATA_DIR: target }).finished;
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored \d+ rows into the embedded database/);
    expect(await readFile(join(target, 'jwt-secret'), 'utf8')).toBe(
      await readFile(join(source, 'jwt-secret'), 'utf8'),
    );

    const again = await run('restore-cli.js', [file], { DATA_DIR: target }).finished;
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/the database is not empty .* add --force/);

    const copy = await startSite(target);
    try {
      expect(await siteName(copy.port)).toBe(await siteName(site.port));
    } finally {
      await copy.stop();
    }
  });

  it('says what is wrong with bad input, never showing the database password', async () => {
    const cases: [string, string[], Record<string, string>, RegExp][] = [
      ['restore-cli.js', [], { DATA_DIR: target }, /no file given/],
      ['restore-cli.js', [join(target, 'none.sql.gz')], { DATA_DIR: target }, /does not exist/],
      ['restore-cli.js', [file, '--replace'], { DATA_DIR: target }, /unknown option "--replace"/],
      ['backup-cli.js', ['extra'], { DATA_DIR: source }, /unexpected argument "extra"/],
      ['backup-cli.js', [], { DATA_DIR: join(target, 'nothing') }, /holds no database/],
      ['backup-cli.js', [], { BACKUP_TIME: '25:00' }, /BACKUP_TIME must be a time of day/],
      [
        'backup-cli.js',
        [],
        { DATABASE_URL: 'postgres://postgres:hunter2-secret@127.0.0.1:1/none' },
        /cannot connect to DATABASE_URL's database/,
      ],
    ];
    for (const [entry, args, env, message] of cases) {
      const result = await run(entry, args, env).finished;
      expect(result.code, `${entry} ${args.join(' ')}`).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(`${result.stdout}${result.stderr}`).not.toContain('hunter2-secret');
    }
  });
});

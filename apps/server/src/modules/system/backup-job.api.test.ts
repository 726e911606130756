/**
 * The daily backup (decision 061) on two app instances sharing one database, as two nodes do: the
 * day's backup is taken once, when its time has come in the owner's zone; the oldest beyond the
 * number kept are removed; a failure is shown and mailed to the owner once until a backup succeeds.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemStatusSchema } from '@consult/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { AppDeps } from '../../app-deps';
import { openDatabase } from '../../db/client';
import { restoreDump } from '../../db/restore';
import { signedInUser } from '../../test/accounts';
import { openFreshDatabase, testConfig, type FreshDatabase } from '../../test/test-app';
import { mailOutbox } from '../mail/schema';
import { runDailyBackupIfDue } from './backup-service';
import { backupRuns } from './schema';

const OWNER = 'owner@example.test';

describe('the daily backup on two nodes', () => {
  let fresh: FreshDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let dir: string;
  let zone: string;
  let oldestFile: string | undefined;
  /** What each node's job sees: where the files go, the time, how many are kept. */
  const schedule = {
    dir: '',
    time: { hour: 3, minute: 0 } as { hour: number; minute: number } | null,
    keep: 2,
  };

  const withSchedule = (deps: AppDeps): AppDeps => ({
    ...deps,
    backups: {
      ...deps.backups,
      get dir() {
        return schedule.dir;
      },
      get time() {
        return schedule.time;
      },
      get keep() {
        return schedule.keep;
      },
    },
  });

  /** An instant of the owner's day `day` (YYYY-MM-DD) at `time`, in their zone. */
  const at = (day: string, time: string) => DateTime.fromISO(`${day}T${time}`, { zone }).toJSDate();

  const dailyFiles = async () => (await readdir(dir)).filter((name) => name.includes('-daily-'));
  const failureMails = () =>
    first.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'The daily backup of your site failed'));

  beforeAll(async () => {
    fresh = await openFreshDatabase();
    dir = await mkdtemp(join(tmpdir(), 'consult-daily-backup-'));
    const config = testConfig({ OWNER_EMAIL: OWNER });
    first = await buildApp({
      config,
      database: fresh.database,
      startJobs: false,
      adjustDeps: withSchedule,
    });
    second = await buildApp({
      config,
      database: await openDatabase({ url: fresh.url }),
      startJobs: false,
      adjustDeps: withSchedule,
    });
    await Promise.all([first.ready(), second.ready()]);
    zone = await first.deps.ownerTimeZone.get(first.deps.db);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    schedule.dir = dir;
    schedule.time = { hour: 3, minute: 0 };
  });

  it('waits for the time of day in the owner’s zone', async () => {
    expect(await runDailyBackupIfDue(first.deps, at('2030-01-10', '02:59'))).toBe('not-due');
    expect(await first.deps.db.select().from(backupRuns)).toEqual([]);
  });

  it('is taken once when both nodes look at the same moment', async () => {
    const now = at('2030-01-10', '03:00');
    const outcomes = await Promise.all([
      runDailyBackupIfDue(first.deps, now),
      runDailyBackupIfDue(second.deps, now),
      runDailyBackupIfDue(first.deps, now),
      runDailyBackupIfDue(second.deps, now),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'done')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'taken')).toHaveLength(3);
    expect(await dailyFiles()).toHaveLength(1);
    [oldestFile] = await dailyFiles();
    const runs = await first.deps.db.select().from(backupRuns);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: 'daily', day: '2030-01-10', error: null });
    expect(runs[0]!.sizeBytes).toBeGreaterThan(0);
    // The copy leaves out the run that was writing it: restored, it is no backup cut short.
    const copy = await openFreshDatabase({ migrate: false });
    try {
      await copy.database.withClient((client) =>
        restoreDump(client, createReadStream(join(dir, oldestFile!)), {
          force: false,
          migrationsFolder: first.deps.backups.migrationsFolder,
        }),
      );
      expect(await copy.database.db.select().from(backupRuns)).toEqual([]);
    } finally {
      await copy.database.close();
    }
    // Later the same day nothing more happens; the next day's comes at its time.
    expect(await runDailyBackupIfDue(second.deps, at('2030-01-10', '18:00'))).toBe('taken');
  });

  it('keeps the newest ones and removes the oldest', async () => {
    expect(await runDailyBackupIfDue(second.deps, at('2030-01-11', '03:01'))).toBe('done');
    expect(await runDailyBackupIfDue(first.deps, at('2030-01-12', '03:01'))).toBe('done');
    const files = await dailyFiles();
    expect(files).toHaveLength(2);
    expect(files).not.toContain(oldestFile);
  });

  it('shows the last backup on /admin/system, and a failure, mailed to the owner once', async () => {
    const owner = await signedInUser(first, { role: 'admin' });
    const status = async () =>
      systemStatusSchema.parse(
        (await first.inject({ url: '/api/admin/system', headers: owner.headers })).json(),
      ).backups;
    expect((await status()).last).toMatchObject({ kind: 'daily' });
    expect((await status()).failure).toBeNull();

    // A file where the folder should be: the backup cannot be written.
    const blocked = join(dir, 'not-a-folder');
    await writeFile(blocked, '');
    schedule.dir = blocked;
    expect(await runDailyBackupIfDue(first.deps, at('2030-01-13', '03:00'))).toBe('failed');
    expect(await runDailyBackupIfDue(second.deps, at('2030-01-14', '03:00'))).toBe('failed');
    const failed = await status();
    expect(failed.failure?.error).toMatch(/EEXIST|ENOTDIR/);
    expect(failed.last?.fileName).toMatch(/consult-daily-/);
    const mails = await failureMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(OWNER);

    // A good backup ends the failure; the next failure is mailed again.
    schedule.dir = dir;
    expect(await runDailyBackupIfDue(first.deps, at('2030-01-15', '03:00'))).toBe('done');
    expect((await status()).failure).toBeNull();
    schedule.dir = blocked;
    expect(await runDailyBackupIfDue(first.deps, at('2030-01-16', '03:00'))).toBe('failed');
    expect(await failureMails()).toHaveLength(2);
  });

  it('is not taken when BACKUP_TIME is off', async () => {
    schedule.time = null;
    expect(await runDailyBackupIfDue(first.deps, at('2030-01-20', '12:00'))).toBe('off');
  });
});

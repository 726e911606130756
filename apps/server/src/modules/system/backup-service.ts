/**
 * The site's backups (decision 061): the daily one, taken by whichever node claims the owner's day
 * first once its time has come, pruned to the number kept; `npm run backup` by hand; what the
 * System page shows; the owner's mail when a backup fails.
 */
import { basename, join, resolve } from 'node:path';
import { DateTime } from 'luxon';
import { MINUTE_MS, paths, type SystemStatus } from '@consult/shared';
import type { AppConfig } from '../../config';
import type { AppDeps } from '../../app-deps';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { pruneDailyBackups, writeBackupFile, type WrittenBackup } from '../../db/backup-files';
import * as schema from '../../db/schema';
import type { Db } from '../../db/client';
import type { Job } from '../../jobs/job-runner';
import { secretFilesToBackUp } from '../auth';
import { formatMailTime, simpleMail } from '../mail';
import { ownerMailAddresses } from '../users';
import {
  claimDailyBackup,
  claimFailureMail,
  hasDailyBackup,
  insertManualBackup,
  latestBackups,
  markBackupDone,
  markBackupFailed,
} from './backup-repository';

/** Where, when and how many: from BACKUP_DIR, BACKUP_TIME and BACKUP_KEEP. */
export interface BackupSettings {
  /** The folder the files go to, absolute. */
  dir: string;
  /** The time of day in the owner's zone; null when the daily backup is off. */
  time: { hour: number; minute: number } | null;
  keep: number;
  /** The DATA_DIR files a backup carries (the generated JWT secret). */
  files: () => Promise<Record<string, Buffer>>;
  /** The committed migrations, the backup's schema. */
  migrationsFolder: string;
}

export function backupSettings(
  config: Pick<AppConfig, 'BACKUP_DIR' | 'BACKUP_TIME' | 'BACKUP_KEEP' | 'DATA_DIR' | 'JWT_SECRET'>,
  migrationsFolder: string,
): BackupSettings {
  const [hour, minute] = config.BACKUP_TIME.split(':').map(Number);
  return {
    dir: resolve(config.BACKUP_DIR ?? join(config.DATA_DIR, 'backups')),
    time: config.BACKUP_TIME === 'off' ? null : { hour: hour!, minute: minute! },
    keep: config.BACKUP_KEEP,
    files: () => secretFilesToBackUp(config),
    migrationsFolder,
  };
}

/** A run not finished after this long is taken as cut short (its node stopped while it ran). */
const UNFINISHED_AFTER_MS = 60 * MINUTE_MS;
/** How often each node looks whether the day's backup is due. */
const BACKUP_CHECK_INTERVAL_MS = MINUTE_MS;

function reason(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Takes one backup on `client` into the backup folder and records it as the run `runId`.
 * On failure the run records why and the error is thrown again.
 */
async function takeRecordedBackup(
  client: pg.ClientBase,
  db: Db,
  settings: BackupSettings,
  /** `id` null: a run not recorded (a database its site has not yet migrated to this version). */
  run: { id: string | null; kind: 'daily' | 'manual'; now: Date; clock: () => Date },
): Promise<WrittenBackup> {
  try {
    const written = await writeBackupFile(client, {
      dir: settings.dir,
      kind: run.kind,
      now: run.now,
      migrationsFolder: settings.migrationsFolder,
      files: await settings.files(),
      // Runs still going (this one among them) are not in the copy: restored, they would read as
      // backups cut short.
      rowsWhere: { backup_runs: 'finished_at is not null' },
    });
    if (run.id) {
      await markBackupDone(db, run.id, {
        at: run.clock(),
        fileName: basename(written.path),
        sizeBytes: written.sizeBytes,
      });
    }
    return written;
  } catch (err) {
    if (run.id) await markBackupFailed(db, run.id, run.clock(), reason(err)).catch(() => {});
    throw err;
  }
}

/**
 * `npm run backup`: a backup now, recorded beside the daily ones, on a connection of its own. A
 * database not yet migrated to this version (new code, the site not restarted: the backup before
 * an upgrade) has no record to write to; the backup is taken all the same.
 */
export async function takeManualBackup(
  client: pg.Client,
  settings: BackupSettings,
  now: Date = new Date(),
): Promise<WrittenBackup> {
  const db = drizzle(client, { schema }) as unknown as Db;
  const recorded = await client.query<{ exists: boolean }>(
    `select to_regclass('public.backup_runs') is not null as exists`,
  );
  const id = recorded.rows[0]?.exists ? await insertManualBackup(db, now) : null;
  return takeRecordedBackup(client, db, settings, {
    id,
    kind: 'manual',
    now,
    clock: () => new Date(),
  });
}

export type BackupDeps = Pick<
  AppDeps,
  'db' | 'mailer' | 'log' | 'clock' | 'ownerTimeZone' | 'config' | 'system' | 'backups'
>;

function failedBackupMail(facts: {
  to: string;
  at: Date;
  error: string;
  dir: string;
  appUrl: string;
  timeZone: string;
}) {
  return simpleMail(
    facts.to,
    'The daily backup of your site failed',
    [
      `The backup taken ${formatMailTime(facts.at, facts.timeZone)} failed: ${facts.error}`,
      `Until a backup succeeds, the newest copy of your bookings, payments and clients in ${facts.dir} is older than a day. Check the folder's free space and permissions, or run npm run backup on the server to see the error.`,
      'This mail is not repeated until a backup has succeeded again.',
    ],
    { href: `${facts.appUrl}${paths.admin.system}`, label: 'Open System' },
  );
}

/**
 * Takes the day's backup when its time has come in the owner's zone and no node has taken it:
 * the day's row is the claim. A failure is recorded and mailed to the owner once. Answers what
 * happened, for tests.
 */
export async function runDailyBackupIfDue(
  deps: BackupDeps,
  now: Date = deps.clock(),
): Promise<'off' | 'not-due' | 'taken' | 'done' | 'failed'> {
  const { time } = deps.backups;
  if (!time) return 'off';
  const zone = await deps.ownerTimeZone.get(deps.db);
  const local = DateTime.fromJSDate(now, { zone });
  const due = local.set({ hour: time.hour, minute: time.minute, second: 0, millisecond: 0 });
  if (local < due) return 'not-due';
  const day = local.toISODate()!;
  if (await hasDailyBackup(deps.db, day)) return 'taken';
  const id = await claimDailyBackup(deps.db, day, now);
  if (!id) return 'taken';
  try {
    const written = await deps.system.database.withClient((client) =>
      takeRecordedBackup(client, deps.db, deps.backups, {
        id,
        kind: 'daily',
        now,
        clock: deps.clock,
      }),
    );
    const removed = await pruneDailyBackups(deps.backups.dir, deps.backups.keep);
    deps.log.info(
      { file: written.path, sizeBytes: written.sizeBytes, rows: written.rows, removed },
      'daily backup written',
    );
    return 'done';
  } catch (err) {
    deps.log.error({ err }, 'daily backup failed');
    await deps.db.transaction(async (tx) => {
      if (!(await claimFailureMail(tx, id))) return;
      for (const to of await ownerMailAddresses(tx, deps.config.OWNER_EMAIL ?? null)) {
        await deps.mailer.queueMail(
          failedBackupMail({
            to,
            at: now,
            error: reason(err),
            dir: deps.backups.dir,
            appUrl: deps.config.APP_URL,
            timeZone: zone,
          }),
          tx,
        );
      }
    });
    return 'failed';
  }
}

export function backupJobs(deps: BackupDeps): Job[] {
  return [
    {
      name: 'daily-backup',
      intervalMs: BACKUP_CHECK_INTERVAL_MS,
      run: async () => {
        await runDailyBackupIfDue(deps);
      },
    },
  ];
}

export function backupSchedule(settings: BackupSettings): SystemStatus['backups']['schedule'] {
  const { time, keep, dir } = settings;
  if (!time) return null;
  const hhmm = `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
  return { time: hhmm, keep, directory: dir };
}

/** The System page's backup card: the schedule, the last good backup, the latest failure. */
export async function backupStatus(
  deps: Pick<AppDeps, 'db' | 'clock' | 'backups'>,
): Promise<SystemStatus['backups']> {
  const schedule = backupSchedule(deps.backups);
  const { lastGood, latest } = await latestBackups(deps.db);
  const last = lastGood
    ? {
        at: lastGood.startedAt.toISOString(),
        fileName: lastGood.fileName ?? '',
        sizeBytes: lastGood.sizeBytes ?? 0,
        kind: lastGood.kind,
      }
    : null;
  let failure: SystemStatus['backups']['failure'] = null;
  let running = false;
  if (latest && latest.id !== lastGood?.id) {
    if (latest.error) {
      failure = { at: latest.startedAt.toISOString(), error: latest.error };
    } else if (deps.clock().getTime() - latest.startedAt.getTime() > UNFINISHED_AFTER_MS) {
      failure = {
        at: latest.startedAt.toISOString(),
        error: 'it did not finish: the server stopped while it ran',
      };
    } else {
      running = true;
    }
  }
  return { schedule, last, failure, running };
}

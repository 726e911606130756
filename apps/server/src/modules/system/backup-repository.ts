/** The queries of the backups' record (decision 061): the day's claim, a run's outcome, the latest. */
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { backupRuns } from './schema';

export type BackupRunRow = typeof backupRuns.$inferSelect;

/**
 * Claims the daily backup of `day`: the row is inserted by exactly one caller, whichever node asks
 * first; every other caller (another node, a later run the same day) gets null.
 */
export async function claimDailyBackup(db: Db, day: string, now: Date): Promise<string | null> {
  const [row] = await db
    .insert(backupRuns)
    .values({ kind: 'daily', day, startedAt: now })
    .onConflictDoNothing({ target: backupRuns.day })
    .returning({ id: backupRuns.id });
  return row?.id ?? null;
}

export async function hasDailyBackup(db: Db, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(eq(backupRuns.day, day))
    .limit(1);
  return Boolean(row);
}

export async function insertManualBackup(db: Db, now: Date): Promise<string> {
  const [row] = await db
    .insert(backupRuns)
    .values({ kind: 'manual', startedAt: now })
    .returning({ id: backupRuns.id });
  return row!.id;
}

export async function markBackupDone(
  db: Db,
  id: string,
  done: { at: Date; fileName: string; sizeBytes: number },
): Promise<void> {
  await db
    .update(backupRuns)
    .set({ finishedAt: done.at, fileName: done.fileName, sizeBytes: done.sizeBytes, error: null })
    .where(eq(backupRuns.id, id));
}

export async function markBackupFailed(db: Db, id: string, at: Date, error: string): Promise<void> {
  await db.update(backupRuns).set({ finishedAt: at, error }).where(eq(backupRuns.id, id));
}

/**
 * Marks the failed run `id` as the one the owner is mailed about, unless a failure since the last
 * good backup was mailed already; answers whether to mail. Locks the record so two failures at
 * once do not both mail.
 */
export async function claimFailureMail(tx: Tx, id: string): Promise<boolean> {
  await tx.execute(sql`lock table ${backupRuns} in share row exclusive mode`);
  const [lastGood] = await tx
    .select({ startedAt: backupRuns.startedAt })
    .from(backupRuns)
    .where(and(isNotNull(backupRuns.finishedAt), isNull(backupRuns.error)))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  const [mailed] = await tx
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(
      and(
        eq(backupRuns.failureMailed, true),
        lastGood ? gt(backupRuns.startedAt, lastGood.startedAt) : undefined,
      ),
    )
    .limit(1);
  if (mailed) return false;
  await tx.update(backupRuns).set({ failureMailed: true }).where(eq(backupRuns.id, id));
  return true;
}

/** The last backup that succeeded, and the latest run of any outcome. */
export async function latestBackups(
  db: Db,
): Promise<{ lastGood: BackupRunRow | null; latest: BackupRunRow | null }> {
  const [lastGood] = await db
    .select()
    .from(backupRuns)
    .where(and(isNotNull(backupRuns.finishedAt), isNull(backupRuns.error)))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  const [latest] = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
  return { lastGood: lastGood ?? null, latest: latest ?? null };
}

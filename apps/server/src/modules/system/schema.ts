/**
 * The backups the site took (decision 061): one row per run, the daily ones unique by the owner's
 * day, so inserting the day's row is the claim that lets exactly one node take that day's backup.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const BACKUP_KINDS = ['daily', 'manual'] as const;

export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: BACKUP_KINDS }).notNull(),
    /** The owner's calendar day a daily run belongs to; null for `npm run backup`. */
    day: date('day', { mode: 'string' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The written file's name (in the backup folder of the node that wrote it) and size. */
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Why the run failed; null while it runs and when it succeeded. */
    error: text('error'),
    /** Whether the owner was mailed about this failure (once until a backup succeeds again). */
    failureMailed: boolean('failure_mailed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('backup_runs_day_idx').on(t.day),
    index('backup_runs_started_idx').on(t.startedAt),
    check('backup_runs_kind_check', sql`${t.kind} in ('daily', 'manual')`),
    check('backup_runs_day_check', sql`(${t.kind} = 'daily') = (${t.day} is not null)`),
  ],
);

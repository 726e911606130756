/** The owner's calendars' queries: the calendar rows, their busy ranges, and the refresh's claims. */
import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  lt,
  lte,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { storableBound } from '../../db/storable-bound';
import { calendarBusyRanges, calendarSources } from './schema';

export type CalendarSourceRow = typeof calendarSources.$inferSelect;
export type NewCalendarSource = Pick<
  typeof calendarSources.$inferInsert,
  'label' | 'url' | 'blockAllDay' | 'blockEverything'
>;

/** The row without the stored calendar text, which only the refresh reads. */
const { body: _body, ...sourceColumns } = getTableColumns(calendarSources);
export type CalendarSourceSummary = Omit<CalendarSourceRow, 'body'>;

export interface SourceWithCount extends CalendarSourceSummary {
  busyRanges: number;
}

// Written out: drizzle leaves the column names unqualified in a select list, and both tables have `id`.
const busyRangeCount = sql<number>`(select count(*)::int from "calendar_busy_ranges" where "calendar_busy_ranges"."source_id" = "calendar_sources"."id")`;

export async function listSources(db: Db): Promise<SourceWithCount[]> {
  return db
    .select({ ...sourceColumns, busyRanges: busyRangeCount })
    .from(calendarSources)
    .orderBy(asc(calendarSources.createdAt), asc(calendarSources.id));
}

export async function findSource(db: Db, id: string): Promise<SourceWithCount | undefined> {
  const [row] = await db
    .select({ ...sourceColumns, busyRanges: busyRangeCount })
    .from(calendarSources)
    .where(eq(calendarSources.id, id));
  return row;
}

/** The row with its stored text, for a read of the calendar. */
export async function findSourceForRefresh(
  db: Db,
  id: string,
): Promise<(CalendarSourceRow & { busyRanges: number }) | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(calendarSources), busyRanges: busyRangeCount })
    .from(calendarSources)
    .where(eq(calendarSources.id, id));
  return row;
}

/** The row with its stored text, locked until the transaction ends (one refresh writes at a time). */
export async function lockSource(tx: Tx, id: string): Promise<CalendarSourceRow | undefined> {
  const [row] = await tx
    .select()
    .from(calendarSources)
    .where(eq(calendarSources.id, id))
    .for('update');
  return row;
}

/** Serialises additions until the transaction ends, so two at once cannot pass the maximum. */
export async function lockSourceAdditions(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('calendar-sources', 0))`);
}

export async function countSources(db: Db): Promise<number> {
  const [row] = await db.select({ count: count() }).from(calendarSources);
  return row?.count ?? 0;
}

export async function insertSource(
  db: Db,
  source: NewCalendarSource,
  now: Date,
): Promise<CalendarSourceRow> {
  const [row] = await db
    .insert(calendarSources)
    .values({ ...source, createdAt: now, updatedAt: now, nextRefreshAt: now })
    .returning();
  return row!;
}

export async function updateSource(
  db: Db,
  id: string,
  changes: Partial<typeof calendarSources.$inferInsert>,
): Promise<void> {
  await db.update(calendarSources).set(changes).where(eq(calendarSources.id, id));
}

/** True when there was a calendar to delete; its ranges go with it (the foreign key). */
export async function deleteSource(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(calendarSources)
    .where(eq(calendarSources.id, id))
    .returning({ id: calendarSources.id });
  return rows.length > 0;
}

/**
 * Takes the calendars due for a read: their next read is moved on before any is fetched, so
 * another node's job (SKIP LOCKED) passes them by. Returns their ids, soonest due first.
 */
export async function claimDueSources(
  db: Db,
  now: Date,
  nextRefreshAt: (id: string) => Date,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: calendarSources.id })
      .from(calendarSources)
      .where(lte(calendarSources.nextRefreshAt, now))
      .orderBy(asc(calendarSources.nextRefreshAt))
      .for('update', { skipLocked: true });
    for (const { id } of due) {
      await tx
        .update(calendarSources)
        .set({ nextRefreshAt: nextRefreshAt(id) })
        .where(eq(calendarSources.id, id));
    }
    return due.map((row) => row.id);
  });
}

export interface StoredBusyRange {
  startAt: Date;
  endAt: Date;
  summary: string;
}

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters (3 each). */
const INSERT_BATCH = 5_000;

/** Replaces a calendar's ranges: inside the caller's transaction, so readers see old or new. */
export async function replaceBusyRanges(
  tx: Tx,
  sourceId: string,
  ranges: readonly StoredBusyRange[],
): Promise<void> {
  await tx.delete(calendarBusyRanges).where(eq(calendarBusyRanges.sourceId, sourceId));
  for (let from = 0; from < ranges.length; from += INSERT_BATCH) {
    await tx
      .insert(calendarBusyRanges)
      .values(ranges.slice(from, from + INSERT_BATCH).map((range) => ({ sourceId, ...range })));
  }
}

/** Busy ranges overlapping [start, end), by start: times only, no titles read. */
export async function listBusyTimes(
  db: Db,
  window: { start: Date; end: Date },
): Promise<{ start: Date; end: Date }[]> {
  return db
    .select({ start: calendarBusyRanges.startAt, end: calendarBusyRanges.endAt })
    .from(calendarBusyRanges)
    .where(
      and(
        lt(calendarBusyRanges.startAt, storableBound(window.end)),
        gt(calendarBusyRanges.endAt, storableBound(window.start)),
      ),
    )
    .orderBy(asc(calendarBusyRanges.startAt));
}

/** The same with each range's calendar and title: for the owner's slot preview only. */
export async function listExplainedBusyTimes(db: Db, window: { start: Date; end: Date }) {
  return db
    .select({
      start: calendarBusyRanges.startAt,
      end: calendarBusyRanges.endAt,
      summary: calendarBusyRanges.summary,
      sourceId: calendarSources.id,
      label: calendarSources.label,
    })
    .from(calendarBusyRanges)
    .innerJoin(calendarSources, eq(calendarSources.id, calendarBusyRanges.sourceId))
    .where(
      and(
        lt(calendarBusyRanges.startAt, storableBound(window.end)),
        gt(calendarBusyRanges.endAt, storableBound(window.start)),
      ),
    )
    .orderBy(asc(calendarBusyRanges.startAt));
}

/** Calendars failing since `since` or earlier (for /admin/system). */
export async function listFailingSources(db: Db, since: Date): Promise<CalendarSourceSummary[]> {
  return db
    .select(sourceColumns)
    .from(calendarSources)
    .where(and(isNotNull(calendarSources.failingSince), lte(calendarSources.failingSince, since)))
    .orderBy(asc(calendarSources.failingSince));
}

/**
 * Marks the failure mail of these calendars as sent, unless it was already: returns the ids this
 * call marked, so of two nodes only one mails.
 */
export async function markFailureMailSent(tx: Tx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(calendarSources)
    .set({ failureMailSent: true })
    .where(and(inArray(calendarSources.id, [...ids]), eq(calendarSources.failureMailSent, false)))
    .returning({ id: calendarSources.id });
  return rows.map((row) => row.id);
}

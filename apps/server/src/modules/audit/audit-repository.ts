/** The audit log: one row for each change an admin makes, and the pages of the owner's viewer. */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users, escapeLike } from '../users';
import { isEmptyChange, type AuditChange } from './audit-diff';
import { auditLog } from './schema';

export interface AuditEntry {
  /** The admin who made the change; null when the change removed the actor's own account. */
  actorId: string | null;
  action: string;
  target: string;
  details: Record<string, unknown>;
}

/** Written in the transaction of the change it records, so the log and the data agree. */
export async function insertAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** An owner's edit in the one before/after shape; an edit that changed nothing writes nothing. */
/**
 * `facts` go beside the change unchanged, for reading it: e.g. the `currency` of a changed price,
 * which the diff leaves out when only the amount changed.
 */
export async function insertAuditChange(
  db: Db,
  entry: Omit<AuditEntry, 'details'> & { change: AuditChange; facts?: Record<string, unknown> },
): Promise<void> {
  const { change, facts, ...rest } = entry;
  if (!isEmptyChange(change)) {
    await insertAuditEntry(db, { ...rest, details: { ...facts, ...change } });
  }
}

export interface AuditFilter {
  actorId?: string;
  action?: string;
  /** Calendar days (YYYY-MM-DD) in `timeZone`, both included. */
  from?: string;
  to?: string;
  timeZone: string;
  /** Matches the action, the target, the details and the actor's name or e-mail. */
  search?: string;
}

export interface AuditRow {
  id: number;
  createdAt: Date;
  action: string;
  target: string | null;
  details: unknown;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
}

function whereOf(filter: AuditFilter) {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return and(
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    // The day's start in the owner's zone, so a DST day is 23 or 25 hours long as it should be.
    filter.from
      ? sql`${auditLog.createdAt} >= (${filter.from}::date)::timestamp at time zone ${filter.timeZone}`
      : undefined,
    filter.to
      ? sql`${auditLog.createdAt} < (${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone}`
      : undefined,
    pattern
      ? or(
          ilike(auditLog.action, pattern),
          ilike(auditLog.target, pattern),
          ilike(sql`${auditLog.details}::text`, pattern),
          ilike(users.name, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
  );
}

/** One page, newest first, each row with its actor's name and address (one join). */
export async function listAuditEntries(
  db: Db,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = whereOf(filter);
  const [totals] = await db
    .select({ total: count() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where);
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      target: auditLog.target,
      details: auditLog.details,
      actorId: auditLog.actorId,
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(totals?.total ?? 0) };
}

/** The actions and the people that appear in the log, for the viewer's filters. */
export async function auditFilterChoices(db: Db) {
  const actions = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(asc(auditLog.action));
  const actors = await db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(isNotNull(auditLog.actorId))
    .orderBy(asc(users.name), asc(users.email), asc(users.id));
  return { actions: actions.map((row) => row.action), actors };
}

/**
 * Rewrites, with `redact`, the details of every entry whose target is one of `targets` or whose
 * details contain one of `texts` (case-insensitive); the action, time, actor and target stay.
 * Answers how many entries changed.
 */
export async function redactAuditEntries(
  tx: Tx,
  about: { targets: string[]; texts: string[] },
  redact: (details: unknown) => Record<string, unknown>,
): Promise<number> {
  // As the texts appear inside the JSON document (quotes and backslashes escaped).
  const texts = about.texts.map((text) => JSON.stringify(text.toLowerCase()).slice(1, -1));
  const conditions = [
    about.targets.length > 0 ? inArray(auditLog.target, about.targets) : undefined,
    ...texts.map((text) => sql`position(${text} in lower(${auditLog.details}::text)) > 0`),
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return 0;
  const rows = await tx
    .select({ id: auditLog.id, details: auditLog.details })
    .from(auditLog)
    .where(or(...conditions))
    .for('update');
  for (const row of rows) {
    await tx
      .update(auditLog)
      .set({ details: redact(row.details) })
      .where(eq(auditLog.id, row.id));
  }
  return rows.length;
}

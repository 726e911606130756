import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { mailOutbox, type MailAttachment } from './schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Delete the row once sent (an erased account's last mail). */
  eraseAfterSend?: boolean;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** How a mail folds (mail-folding.ts): its key, a digest's items, and a digest's wait. */
export interface FoldFields {
  foldKey: string;
  foldItems?: unknown[];
  dueInMs?: number;
}

export async function insertOutboxMail(
  db: Db,
  mail: OutgoingMail,
  fold?: FoldFields,
): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attachments: mail.attachments ?? [],
      eraseAfterSend: mail.eraseAfterSend ?? false,
      ...(fold && {
        foldKey: fold.foldKey,
        foldItems: fold.foldItems ?? null,
        ...(fold.dueInMs !== undefined && {
          nextAttemptAt: sql`now() + ${`${fold.dueInMs} milliseconds`}::interval`,
        }),
      }),
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** Serialises the mails of one fold key until the transaction ends. */
export async function lockFoldKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail-fold:${key}`}, 0))`);
}

/**
 * The newest mail of a fold key queued less than `windowMs` ago, locked: whether it is a digest
 * that can still take items (waiting, never tried, not leased by the outbox job). Undefined when
 * none is that recent.
 */
export async function lockRecentFoldedMail(
  tx: Tx,
  key: string,
  windowMs: number,
): Promise<{ id: string; foldItems: unknown[] | null; open: boolean } | undefined> {
  const [row] = await tx
    .select({
      id: mailOutbox.id,
      foldItems: mailOutbox.foldItems,
      open: sql<boolean>`${mailOutbox.foldItems} is not null and ${mailOutbox.status} = 'pending' and ${mailOutbox.attempts} = 0 and ${mailOutbox.lockedUntil} is null`,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.foldKey, key),
        sql`${mailOutbox.createdAt} > now() - ${`${windowMs} milliseconds`}::interval`,
      ),
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * The key's digests that can still change (waiting, never tried, not leased by the outbox job),
 * locked, oldest first: usually one, two when the job was late to take the first.
 */
export async function lockWaitingDigests(
  tx: Tx,
  key: string,
): Promise<{ id: string; foldItems: unknown[] }[]> {
  const rows = await tx
    .select({ id: mailOutbox.id, foldItems: mailOutbox.foldItems })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.foldKey, key),
        sql`${mailOutbox.foldItems} is not null and ${mailOutbox.status} = 'pending' and ${mailOutbox.attempts} = 0 and ${mailOutbox.lockedUntil} is null`,
      ),
    )
    .orderBy(mailOutbox.createdAt, mailOutbox.id)
    .for('update');
  return rows.map((row) => ({ id: row.id, foldItems: row.foldItems ?? [] }));
}

/** The addresses that have digests of keys starting with `prefix`, sent or waiting. */
export async function digestAddresses(tx: Tx, prefix: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ to: mailOutbox.to })
    .from(mailOutbox)
    .where(and(like(mailOutbox.foldKey, `${prefix}%`), isNotNull(mailOutbox.foldItems)));
  return rows.map((row) => row.to);
}

/** A waiting digest rendered again with its items. */
export async function rewriteFoldedDigest(
  tx: Tx,
  id: string,
  mail: OutgoingMail,
  foldItems: unknown[],
): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attachments: mail.attachments ?? [],
      foldItems,
    })
    .where(eq(mailOutbox.id, id));
}

/**
 * Leases up to `limit` due mails to this worker. SKIP LOCKED lets several nodes claim at once
 * without taking the same rows; the lease makes a crashed worker's mails due again later.
 */
export async function claimDueMails(db: Db, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({
        lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Claimed mails not tried after all: their lease and the attempt counted by the claim undone. */
export async function releaseMailClaims(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ lockedUntil: null, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)` })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
}

/**
 * Every claim still held, released: at the start of the embedded default, whose cluster serves
 * this one process (decision 051), a claim can only be an earlier run's that was killed. Its mails
 * are due at once instead of after the lease (decision 060). Answers how many.
 */
export async function releaseClaimsOfEarlierRun(db: Db): Promise<number> {
  const released = await db
    .update(mailOutbox)
    .set({ lockedUntil: null })
    .where(and(eq(mailOutbox.status, 'pending'), sql`${mailOutbox.lockedUntil} > now()`))
    .returning({ id: mailOutbox.id });
  return released.length;
}

/** A sent mail that keeps nothing behind (see OutgoingMail.eraseAfterSend). */
export async function deleteOutboxMail(db: Db, id: string): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.id, id));
}

export async function markMailSent(db: Db, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** Nothing was sent: no mail server is configured. The lease ends; the attempt stays counted. */
export async function markMailNotDelivered(db: Db, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'not_delivered', lockedUntil: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markMailAttemptFailed(
  db: Db,
  id: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { status: 'failed', lockedUntil: null, lastError: error }
        : {
            nextAttemptAt: sql`now() + ${`${retryInMs} milliseconds`}::interval`,
            lockedUntil: null,
            lastError: error,
          },
    )
    .where(eq(mailOutbox.id, id));
}

export async function outboxCounts(db: Db) {
  const rows = await db
    .select({ status: mailOutbox.status, total: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const byStatus = Object.fromEntries(rows.map((row) => [row.status, row.total]));
  return {
    pending: byStatus.pending ?? 0,
    sent: byStatus.sent ?? 0,
    failed: byStatus.failed ?? 0,
    notDelivered: byStatus.not_delivered ?? 0,
  };
}

/** When the oldest mail still waiting was queued; undefined when none waits. */
export async function oldestPendingMailAt(db: Db): Promise<Date | undefined> {
  const [oldest] = await db
    .select({ createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(1);
  return oldest?.createdAt;
}

/** The viewer's state names: the database's `pending` is "queued" on screen. */
const STATUS_OF_STATE = {
  queued: 'pending',
  sent: 'sent',
  failed: 'failed',
  not_delivered: 'not_delivered',
} as const;

/** One page of the outbox for the owner's viewer, newest first, without the bodies. */
export async function listOutboxMails(
  db: Db,
  filter: { state?: keyof typeof STATUS_OF_STATE },
  page: { limit: number; offset: number },
) {
  const where = filter.state ? eq(mailOutbox.status, STATUS_OF_STATE[filter.state]) : undefined;
  const [totals] = await db.select({ total: count() }).from(mailOutbox).where(where);
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      eraseAfterSend: mailOutbox.eraseAfterSend,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      folding: sql<boolean>`${mailOutbox.foldItems} is not null`,
    })
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(totals?.total ?? 0) };
}

export async function findOutboxMail(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/**
 * A failed or not delivered mail due again at once with fresh attempts; undefined when it is in
 * neither state (any more).
 */
export async function requeueUndeliveredMail(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['failed', 'not_delivered'])))
    .returning();
  return row;
}

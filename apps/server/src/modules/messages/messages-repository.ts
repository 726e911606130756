/** The queries of the owner's contact inbox: pages of messages with the sender's account, states, invitations. */
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ContactRequestType, MessageState } from '@consult/shared';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../audit';
import { contactMessages } from '../site';
import { users, escapeLike } from '../users';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** A message with the account of the same address (any case), or null: one row per message. */
export interface InboxRow {
  message: ContactMessageRow;
  client: { id: string; name: string } | null;
}

export interface InboxFilter {
  type?: ContactRequestType;
  state?: MessageState;
  /** Matches the sender's name, e-mail or phone, or the text. */
  search?: string;
}

/** The audit action of an invitation; its details hold the address, lowercased. */
export const INVITE_AUDIT_ACTION = 'message.invite';

function whereOf(filter: InboxFilter) {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return and(
    filter.type ? eq(contactMessages.type, filter.type) : undefined,
    filter.state === 'new' ? isNull(contactMessages.handledAt) : undefined,
    filter.state === 'handled' ? isNotNull(contactMessages.handledAt) : undefined,
    pattern
      ? or(
          ilike(contactMessages.name, pattern),
          ilike(contactMessages.email, pattern),
          ilike(contactMessages.phone, pattern),
          ilike(contactMessages.message, pattern),
        )
      : undefined,
  );
}

/** The users table has one account per lowercased address (a unique index), so this joins at most one. */
function withClient(db: Db) {
  return db
    .select({
      message: contactMessages,
      clientId: users.id,
      clientName: users.name,
    })
    .from(contactMessages)
    .leftJoin(users, sql`lower(${users.email}) = lower(${contactMessages.email})`);
}

function toInboxRow(row: {
  message: ContactMessageRow;
  clientId: string | null;
  clientName: string | null;
}): InboxRow {
  return {
    message: row.message,
    client:
      row.clientId !== null && row.clientName !== null
        ? { id: row.clientId, name: row.clientName }
        : null,
  };
}

export async function countInboxMessages(db: Db, filter: InboxFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(contactMessages).where(whereOf(filter));
  return Number(row?.total ?? 0);
}

/** A page of messages, newest first, each with its sender's account: one query. */
export async function listInboxMessages(
  db: Db,
  filter: InboxFilter,
  page: { limit: number; offset: number },
): Promise<InboxRow[]> {
  const rows = await withClient(db)
    .where(whereOf(filter))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toInboxRow);
}

export async function findInboxMessage(db: Db, id: string): Promise<InboxRow | undefined> {
  const [row] = await withClient(db).where(eq(contactMessages.id, id));
  return row ? toInboxRow(row) : undefined;
}

export async function lockContactMessage(
  tx: Tx,
  id: string,
): Promise<ContactMessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .for('update');
  return row;
}

export async function setMessageHandledAt(
  tx: Tx,
  id: string,
  handledAt: Date | null,
): Promise<void> {
  await tx.update(contactMessages).set({ handledAt }).where(eq(contactMessages.id, id));
}

/** Messages not handled yet; counted on the partial index of new messages. */
export async function countNewMessages(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contactMessages)
    .where(isNull(contactMessages.handledAt));
  return Number(row?.total ?? 0);
}

/**
 * Holds the invitations to one address until the caller's transaction ends, so two clicks at once
 * cannot both find no earlier invitation.
 */
export async function lockInviteAddress(tx: Tx, email: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`message-invite:${email}`}, 0))`,
  );
}

/** When the latest invitation to `email` (lowercased) after `since` was recorded, if any. */
export async function lastInviteSince(
  db: Db,
  email: string,
  since: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        gt(auditLog.createdAt, since),
        eq(auditLog.action, INVITE_AUDIT_ACTION),
        sql`${auditLog.details}->>'email' = ${email}`,
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row?.createdAt;
}

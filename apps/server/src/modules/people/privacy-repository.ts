/**
 * The queries of the client's privacy rights: everything about one client for the export, and the
 * erasure of what identifies them.
 */
import { and, asc, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { deleteTwoFactor, refreshTokens, sessions } from '../auth';
import { bookingEvents, bookings } from '../bookings';
import { mailOutbox } from '../mail';
import { paymentRefunds, payments } from '../payments';
import { contactMessages } from '../site';
import { tasks } from '../tasks';
import { clientNotes, emailTokens, users } from '../users';

const sameAddress = (column: typeof contactMessages.email, email: string) =>
  sql`lower(${column}) = lower(${email})`;

/** The client's bookings (oldest first) with their history, and their payments with refunds. */
export async function clientRecords(db: Db, clientId: string) {
  const bookingRows = await db
    .select()
    .from(bookings)
    .where(eq(bookings.clientId, clientId))
    .orderBy(asc(bookings.startAt));
  const ids = bookingRows.map((row) => row.id);
  const events =
    ids.length === 0
      ? []
      : await db
          .select({
            bookingId: bookingEvents.bookingId,
            action: bookingEvents.action,
            at: bookingEvents.createdAt,
          })
          .from(bookingEvents)
          .where(inArray(bookingEvents.bookingId, ids))
          .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.clientId, clientId))
    .orderBy(asc(payments.createdAt));
  const paymentIds = paymentRows.map((row) => row.id);
  const refunds =
    paymentIds.length === 0
      ? []
      : await db
          .select()
          .from(paymentRefunds)
          .where(inArray(paymentRefunds.paymentId, paymentIds))
          .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  const taskRows = await db
    .select()
    .from(tasks)
    .where(eq(tasks.clientId, clientId))
    .orderBy(asc(tasks.createdAt));
  return { bookings: bookingRows, events, payments: paymentRows, refunds, tasks: taskRows };
}

/** Contact messages sent from the address, oldest first. */
export async function messagesFrom(db: Db, email: string) {
  return db
    .select()
    .from(contactMessages)
    .where(sameAddress(contactMessages.email, email))
    .orderBy(asc(contactMessages.createdAt));
}

/**
 * The client's sessions (decision 044), oldest first: where and when each was used, when its last
 * token expires and, once every token is revoked, when it ended.
 */
export async function sessionsOf(db: Db, userId: string) {
  return db
    .select({
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      expiresAt: sql<Date>`max(${refreshTokens.expiresAt})`.mapWith(refreshTokens.expiresAt),
      endedAt:
        sql<Date | null>`case when bool_or(${refreshTokens.revokedAt} is null) then null else max(${refreshTokens.revokedAt}) end`.mapWith(
          refreshTokens.revokedAt,
        ),
    })
    .from(sessions)
    .innerJoin(refreshTokens, eq(refreshTokens.familyId, sessions.id))
    .where(eq(sessions.userId, userId))
    .groupBy(sessions.id)
    .orderBy(asc(sessions.createdAt));
}

/** The client's bookings still to come that hold a time, locked for cancelling. */
export async function lockFutureBookings(tx: Tx, clientId: string, now: Date) {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.clientId, clientId),
        inArray(bookings.state, ['pending_payment', 'confirmed']),
        gt(bookings.startAt, now),
      ),
    )
    .orderBy(asc(bookings.startAt))
    .for('update');
}

/** The shortest name searched for in other records: a shorter one would match unrelated words. */
const SHORTEST_NAME = 3;

/**
 * What the audit log may hold about the client, for its redaction (decision 029): the ids of the
 * client and of their bookings, payments, tasks, contact messages and mails, and the texts that
 * identify them (their name, address and phone, and those their contact messages gave). Read
 * before `eraseClientData` removes the tasks, messages and mails.
 */
export async function auditTracesOf(
  tx: Tx,
  user: { id: string; email: string; name: string; phone: string | null },
): Promise<{ targets: string[]; texts: string[] }> {
  const address = user.email.toLowerCase();
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  // One after the other: a transaction is one connection, which runs one query at a time (pg
  // queues the others and will refuse them in its next major version).
  const bookingRows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.clientId, user.id));
  const paymentRows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.clientId, user.id));
  const taskRows = await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.clientId, user.id));
  const messageRows = await tx
    .select({ id: contactMessages.id, name: contactMessages.name, phone: contactMessages.phone })
    .from(contactMessages)
    .where(sameAddress(contactMessages.email, user.email));
  const mailRows = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = ${address}`);
  const texts = new Set<string>([address]);
  for (const name of [user.name, ...messageRows.map((row) => row.name)]) {
    if (name.trim().length >= SHORTEST_NAME) texts.add(name.trim());
  }
  for (const phone of [user.phone, ...messageRows.map((row) => row.phone)]) {
    if (phone && phone.trim().length > 0) texts.add(phone.trim());
  }
  return {
    targets: [
      user.id,
      ...ids(bookingRows),
      ...ids(paymentRows),
      ...ids(taskRows),
      ...ids(messageRows),
      ...ids(mailRows),
    ],
    texts: [...texts],
  };
}

/**
 * Removes what identifies the client and is not needed for accounting: their notes and intake
 * answers on bookings, tasks, contact messages, the owner's private notes about them, mails to or
 * about their address, sign-in sessions and links, and the profile itself (the row stays, renamed
 * and disabled, because payments and receipts point to it).
 */
export async function eraseClientData(
  tx: Tx,
  user: { id: string; email: string },
  replacement: { name: string; email: string; passwordHash: string; now: Date },
): Promise<void> {
  await tx.update(bookings).set({ notes: null, answers: [] }).where(eq(bookings.clientId, user.id));
  await tx.delete(tasks).where(eq(tasks.clientId, user.id));
  await tx.delete(clientNotes).where(eq(clientNotes.clientId, user.id));
  await tx.delete(contactMessages).where(sameAddress(contactMessages.email, user.email));
  const address = user.email.toLowerCase();
  await tx
    .delete(mailOutbox)
    .where(
      or(
        sql`lower(${mailOutbox.to}) = ${address}`,
        sql`position(${address} in lower(${mailOutbox.text})) > 0`,
        sql`position(${address} in lower(coalesce(${mailOutbox.html}, ''))) > 0`,
      ),
    );
  // What the client wrote in their bookings' history (a cancellation reason, say).
  await tx
    .update(bookingEvents)
    .set({ details: {} })
    .where(
      and(
        eq(bookingEvents.actorType, 'client'),
        inArray(
          bookingEvents.bookingId,
          tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.clientId, user.id)),
        ),
      ),
    );
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, user.id));
  await deleteTwoFactor(tx, user.id);
  await tx.delete(sessions).where(eq(sessions.userId, user.id));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, user.id));
  await tx
    .update(users)
    .set({
      name: replacement.name,
      email: replacement.email,
      passwordHash: replacement.passwordHash,
      phone: null,
      dob: null,
      emailVerifiedAt: null,
      disabledAt: replacement.now,
      updatedAt: replacement.now,
    })
    .where(eq(users.id, user.id));
}

/**
 * The account's bookings and payments, counted with the user row locked: a booking made at the
 * same moment waits for the lock (its key on users), so a delete never takes one unseen.
 */
export async function lockUserAndCountRecords(
  db: Db,
  id: string,
): Promise<{ bookings: number; payments: number }> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  const [booked] = await db.select({ n: count() }).from(bookings).where(eq(bookings.clientId, id));
  const [paid] = await db.select({ n: count() }).from(payments).where(eq(payments.clientId, id));
  return { bookings: booked?.n ?? 0, payments: paid?.n ?? 0 };
}

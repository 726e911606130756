/** Queries on users and their single-use e-mail tokens; each takes a `Db` so it can run in a transaction. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, users, type EMAIL_TOKEN_PURPOSES } from './schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

/** Inserts a user; undefined when the address is taken (the unique index decides, even under races). */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<Omit<NewUser, 'id' | 'createdAt'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** Ids of the admins who can still sign in, locked so two demotions cannot both pass the last-admin check. */
export async function lockActiveAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .for('update');
  return rows.map((row) => row.id);
}

/** `%`, `_` and `\` match themselves in a search, not as LIKE wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export async function listUsers(
  db: Db,
  options: { search?: string; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = options.search ? `%${escapeLike(options.search)}%` : undefined;
  const where = pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
  const [totals] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(options.limit)
    .offset(options.offset);
  return { rows, total: Number(totals?.total ?? 0) };
}

export async function insertEmailToken(
  db: Db,
  token: {
    userId: string;
    purpose: EmailTokenPurpose;
    tokenHash: string;
    email: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(emailTokens).values(token);
}

/**
 * Marks a token used and returns it, only when it exists, has this purpose, is unused and unexpired.
 * One UPDATE does the check and the claim, so two requests with the same token cannot both succeed.
 */
export async function consumeEmailToken(
  db: Db,
  purpose: EmailTokenPurpose,
  tokenHash: string,
): Promise<typeof emailTokens.$inferSelect | undefined> {
  const now = new Date();
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** A token of this purpose that was used (or retired) already: a link opened a second time. */
export async function findSpentEmailToken(
  db: Db,
  purpose: EmailTokenPurpose,
  tokenHash: string,
): Promise<typeof emailTokens.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNotNull(emailTokens.usedAt),
      ),
    );
  return row;
}

/** Retires a user's other open tokens of one purpose (after a reset, older reset links stop working). */
export async function retireEmailTokens(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
}

/**
 * The open verification tokens for an address other than the user's current one, newest first:
 * the newest is the address waiting for confirmation.
 */
async function openAddressChanges(db: Db, userIds: string[]) {
  return db
    .select({
      userId: emailTokens.userId,
      email: emailTokens.email,
      expiresAt: emailTokens.expiresAt,
    })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(
      and(
        inArray(emailTokens.userId, userIds),
        eq(emailTokens.purpose, 'verify_email'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
        ne(sql`lower(${emailTokens.email})`, sql`lower(${users.email})`),
      ),
    )
    .orderBy(desc(emailTokens.createdAt));
}

/** Each user's address waiting for confirmation. */
export async function pendingEmails(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const pending = new Map<string, string>();
  for (const row of await openAddressChanges(db, userIds)) {
    if (!pending.has(row.userId)) pending.set(row.userId, row.email);
  }
  return pending;
}

/** One user's address waiting for confirmation, with when its link expires; null when none is. */
export async function pendingEmailOf(
  db: Db,
  userId: string,
): Promise<{ email: string; expiresAt: Date } | null> {
  const [newest] = await openAddressChanges(db, [userId]);
  return newest ? { email: newest.email, expiresAt: newest.expiresAt } : null;
}

/**
 * The addresses of the admins who can still sign in, oldest account first (then by address, so two
 * made in the same instant are never picked at random).
 */
export async function listActiveAdminEmails(db: Db): Promise<string[]> {
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .orderBy(asc(users.createdAt), asc(users.email));
  return admins.map((admin) => admin.email);
}

/** How mails and invites address a user. */
export interface UserContact {
  id: string;
  name: string;
  email: string;
  timeZone: string;
  phone: string | null;
}

export async function findUserContacts(db: Db, ids: string[]): Promise<UserContact[]> {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      timeZone: users.timeZone,
      phone: users.phone,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function findUserContact(db: Db, id: string): Promise<UserContact | undefined> {
  const [contact] = await findUserContacts(db, [id]);
  return contact;
}

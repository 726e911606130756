/** The signed-in sessions: one row per refresh-token family, live while its newest token is. */
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens, sessions } from './schema';

export type SessionRow = typeof sessions.$inferSelect;

/** Where a session is used from: the browser's User-Agent header and the shortened address. */
export interface SessionClient {
  userAgent: string | null;
  ip: string | null;
}

export async function insertSession(
  db: Db,
  session: { id: string; userId: string } & SessionClient,
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** A refresh: the session was used now, from this browser and address. */
export async function markSessionRefreshed(
  db: Db,
  id: string,
  client: SessionClient,
): Promise<void> {
  await db
    .update(sessions)
    .set({ ...client, lastUsedAt: sql`now()` })
    .where(eq(sessions.id, id));
}

/** A live session has a token that is neither rotated, revoked nor expired. */
const hasLiveToken = (id: typeof sessions.id) =>
  sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${id} and ${refreshTokens.rotatedAt} is null and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > now())`;

/** The user's live sessions, most recently used first. */
export async function listLiveSessions(db: Db, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), hasLiveToken(sessions.id)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** One live session of the user; undefined for another person's, an ended or an unknown one. */
export async function findLiveSession(
  db: Db,
  userId: string,
  id: string,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), hasLiveToken(sessions.id)));
  return row;
}

/** How many live sessions the user has besides `exceptId`. */
export async function countOtherLiveSessions(
  db: Db,
  userId: string,
  exceptId: string,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, exceptId), hasLiveToken(sessions.id)));
  return Number(row?.total ?? 0);
}

/**
 * What `authenticate` needs of an access token's session, in one query: whether it is still open
 * (a token of its family not revoked, decision 021) and when it was last marked used.
 */
export async function findOpenSession(
  db: Db,
  id: string,
): Promise<{ lastUsedAt: Date } | undefined> {
  const [row] = await db
    .select({ lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, id),
        sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sessions.id} and ${refreshTokens.revokedAt} is null)`,
      ),
    );
  return row;
}

/**
 * Marks a session used by an access token, at most once per `intervalMs`: the update matches
 * nothing when another request marked it meanwhile, so busy sessions cost one write in a while.
 */
export async function markSessionUsed(
  db: Db,
  id: string,
  ip: string | null,
  intervalMs: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()`, ...(ip ? { ip } : {}) })
    .where(
      and(
        eq(sessions.id, id),
        lt(sessions.lastUsedAt, sql`now() - ${`${intervalMs} milliseconds`}::interval`),
      ),
    );
}

/** Refresh-token families and redeemed anti-bot challenges. */
import { and, eq, isNull, ne, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens, usedChallenges } from './schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Db,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export async function findRefreshToken(
  db: Db,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a live token rotated at `now`; false when another request rotated or revoked it first. */
export async function markRefreshTokenRotated(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(
      and(
        eq(refreshTokens.id, id),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

export async function revokeRefreshFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user, but `exceptFamilyId` when given. */
export async function revokeUserRefreshTokens(
  db: Db,
  userId: string,
  exceptFamilyId?: string,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined,
      ),
    );
}

/** Records a challenge as redeemed; false when it already was. */
export async function redeemChallengeSignature(
  db: Db,
  signature: string,
  expiresAt: Date,
): Promise<boolean> {
  await db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, new Date()));
  const rows = await db
    .insert(usedChallenges)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: usedChallenges.signature });
  return rows.length > 0;
}

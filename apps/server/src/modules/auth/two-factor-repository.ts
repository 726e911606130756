/** Two-factor sign-in's rows: the sealed secrets, the recovery codes and the sign-in challenges. */
import { and, count, eq, gt, isNotNull, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../users';
import { recoveryCodes, twoFactorChallenges, twoFactorSecrets } from './schema';

export type TwoFactorRow = typeof twoFactorSecrets.$inferSelect;
export type TwoFactorChallengeRow = typeof twoFactorChallenges.$inferSelect;

export async function findTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  return row;
}

/** Whether the account signs in with two factors (set up and confirmed). */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactorSecrets.userId })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)));
  return row !== undefined;
}

/**
 * Keeps a new secret waiting for its first code, replacing one that was waiting; false when the
 * account already has two-factor sign-in on (that secret is never replaced this way).
 */
export async function savePendingSecret(
  db: Db,
  userId: string,
  secretCiphertext: string,
): Promise<boolean> {
  const rows = await db
    .insert(twoFactorSecrets)
    .values({ userId, secretCiphertext })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secretCiphertext, lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(twoFactorSecrets.enabledAt),
    })
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length > 0;
}

/** Turns the waiting secret on with the step of the code that confirmed it; false if none waited. */
export async function enableTwoFactor(
  db: Db,
  userId: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(twoFactorSecrets)
    .set({ enabledAt: now, lastUsedStep: step })
    .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.enabledAt)))
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length > 0;
}

/**
 * Records `step` as the last one used, only when it is later than the one recorded: of two requests
 * with the same code, one wins. False when the step was used already (or two-factor is off).
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        isNotNull(twoFactorSecrets.enabledAt),
        or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length > 0;
}

/** Removes the secret and every recovery code of the account. */
export async function deleteTwoFactor(db: Db, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}

/** The account's recovery codes become these (hashes); the old ones stop working. */
export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends a recovery code; false when it is not one of the account's unused codes. */
export async function useRecoveryCode(
  db: Db,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** A sign-in's password step, waiting for its code; expired ones are cleared on the way. */
export async function insertChallenge(
  db: Db,
  challenge: { tokenHash: string; userId: string; passwordHashDigest: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(twoFactorChallenges).where(lte(twoFactorChallenges.expiresAt, now));
  await db.insert(twoFactorChallenges).values(challenge);
}

export async function findChallenge(
  db: Db,
  tokenHash: string,
): Promise<TwoFactorChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.tokenHash, tokenHash));
  return row;
}

/**
 * Claims a challenge for a sign-in: unused, unexpired, with fewer than `maxAttempts` wrong codes.
 * Inside the sign-in's transaction, so a wrong code rolls the claim back; a second request with the
 * same challenge waits for the first and then finds it used.
 */
export async function claimChallenge(
  db: Db,
  id: string,
  now: Date,
  maxAttempts: number,
): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorChallenges.id, id),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, now),
        lt(twoFactorChallenges.failedAttempts, maxAttempts),
      ),
    )
    .returning({ id: twoFactorChallenges.id });
  return rows.length > 0;
}

export async function countChallengeFailure(db: Db, id: string): Promise<void> {
  await db
    .update(twoFactorChallenges)
    .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
    .where(eq(twoFactorChallenges.id, id));
}

/** Enabled admin accounts without two-factor sign-in on. */
export async function countAdminsWithoutTwoFactor(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        isNull(users.disabledAt),
        notExists(
          db
            .select({ userId: twoFactorSecrets.userId })
            .from(twoFactorSecrets)
            .where(
              and(eq(twoFactorSecrets.userId, users.id), isNotNull(twoFactorSecrets.enabledAt)),
            ),
        ),
      ),
    );
  return row?.total ?? 0;
}

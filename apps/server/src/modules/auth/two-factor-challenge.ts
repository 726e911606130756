/**
 * The password step of a sign-in with two factors (decision 043): an opaque random challenge, kept
 * as a hash for five minutes, bound to the account and to the password it was opened with.
 */
import { TWO_FACTOR_CHALLENGE_TTL_MS, type TwoFactorChallenge } from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { UserRow } from '../users';
import { randomToken, sha256Hex } from './secrets';
import { findChallenge, insertChallenge } from './two-factor-repository';

/** The password passed: the challenge the code must come back with. */
export async function openTwoFactorChallenge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
): Promise<TwoFactorChallenge> {
  const now = deps.clock();
  const challenge = randomToken();
  await insertChallenge(
    deps.db,
    {
      tokenHash: sha256Hex(challenge),
      userId: user.id,
      passwordHashDigest: sha256Hex(user.passwordHash),
      expiresAt: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS),
    },
    now,
  );
  return { twoFactorRequired: true, challenge };
}

/** The account a challenge names, for the per-account budget (before any code is checked). */
export async function challengeUserId(db: Db, challenge: string): Promise<string | undefined> {
  return (await findChallenge(db, sha256Hex(challenge)))?.userId;
}

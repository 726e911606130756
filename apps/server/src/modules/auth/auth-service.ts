/** Sign-up, sign-in and the refresh-token sessions. */
import { randomUUID } from 'node:crypto';
import {
  DAY_MS,
  HOUR_MS,
  AUTH_MESSAGES,
  EMAIL_VERIFICATION_TTL_HOURS,
  REFRESH_TOKEN_TTL_DAYS,
  type LoginInput,
  type TwoFactorChallenge,
  type registerSchema,
} from '@consult/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Db, Tx } from '../../db/client';
import { HttpProblem } from '../../plugins/errors';
import { signUpAttemptMail, verificationMail } from './account-mails';
import { sendPasswordLink } from './password-links';
import {
  findUserByEmail,
  findUserById,
  insertEmailToken,
  insertUser,
  type UserRow,
} from '../users';
import { signAccessToken } from './access-token';
import {
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenRotated,
  revokeRefreshFamily,
  type RefreshTokenRow,
} from './auth-repository';
import { redeemChallenge } from './challenge';
import { insertSession, markSessionRefreshed, type SessionClient } from './sessions-repository';
import {
  assertPasswordNotCommon,
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords';
import { randomToken, sha256Hex, successorToken } from './secrets';
import { openTwoFactorChallenge } from './two-factor-challenge';
import { hasTwoFactor } from './two-factor-repository';

/** What sign-up, sign-in and sessions work with. */
export type AuthDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'accountKeys' | 'clock'>;

export interface Session {
  accessToken: string;
  refreshToken: string;
}

/** Creates a verification token for `email` and queues its mail, in the caller's transaction. */
export async function sendVerification(
  deps: Pick<AuthDeps, 'mailer' | 'config'>,
  tx: Tx,
  user: Pick<UserRow, 'id' | 'name'>,
  email: string,
): Promise<void> {
  const token = randomToken();
  await insertEmailToken(tx, {
    userId: user.id,
    purpose: 'verify_email',
    tokenHash: sha256Hex(token),
    email,
    expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS),
  });
  await deps.mailer.queueMail(
    verificationMail({ appUrl: deps.config.APP_URL, to: email, name: user.name, token }),
    tx,
  );
}

/**
 * A new account, unverified, with a verification mail. An address that already has an account gets
 * a "someone tried to sign up" mail instead (a "choose your password" link when that account was
 * never confirmed), and the caller the same answer, so sign-up reveals nothing.
 */
export async function register(
  deps: AuthDeps,
  input: z.output<typeof registerSchema>,
): Promise<void> {
  assertPasswordNotCommon(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    if (!(await redeemChallenge(tx, deps.accountKeys.challenge, input.token))) {
      throw new HttpProblem(400, AUTH_MESSAGES.challengeFailed, {
        errors: { token: [AUTH_MESSAGES.challengeFailed] },
      });
    }
    const created = await insertUser(tx, {
      email: input.email,
      passwordHash,
      name: input.name,
      phone: input.phone ?? null,
      dob: input.DOB,
      timeZone: input.timeZone,
    });
    if (created) {
      await sendVerification(deps, tx, created, created.email);
      return;
    }
    const existing = await findUserByEmail(tx, input.email);
    if (!existing) return;
    if (existing.emailVerifiedAt === null && existing.disabledAt === null) {
      // Whoever opened that account never proved the mailbox, and may not be its owner: the owner
      // gets a link to choose the password, which confirms the address and ends every session.
      await sendPasswordLink(deps, tx, existing, 'sign-up');
    } else {
      await deps.mailer.queueMail(
        signUpAttemptMail({ appUrl: deps.config.APP_URL, to: existing.email, name: existing.name }),
        tx,
      );
    }
  });
}

/**
 * A refresh token of the session `familyId` (a new random one, or the successor of a rotated
 * one), and an access token naming it.
 */
async function issueTokens(
  deps: Pick<AuthDeps, 'accountKeys'>,
  db: Db,
  user: UserRow,
  familyId: string,
  refreshToken = randomToken(),
) {
  await insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: sha256Hex(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * DAY_MS),
  });
  const accessToken = await signAccessToken(deps.accountKeys.access, user, familyId);
  return { accessToken, refreshToken };
}

/**
 * A new session (new refresh-token family) for a user already authenticated, opened by `client`
 * (decision 044), written on `db`: the caller's transaction when there is one.
 */
export async function createSession(
  deps: Pick<AuthDeps, 'accountKeys'>,
  db: Db,
  user: UserRow,
  client: SessionClient,
) {
  const familyId = randomUUID();
  await insertSession(db, { id: familyId, userId: user.id, ...client });
  return issueTokens(deps, db, user, familyId);
}

/**
 * Checks the password; answers a session, or, when the account has two-factor sign-in, the
 * challenge its second step needs (no session yet: decision 043).
 */
export async function signIn(
  deps: AuthDeps,
  input: LoginInput,
  client: SessionClient,
): Promise<Session | TwoFactorChallenge> {
  const user = await findUserByEmail(deps.db, input.email.trim());
  if (!user) {
    await verifyAgainstDummy(input.password);
    throw new HttpProblem(401, AUTH_MESSAGES.incorrectCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new HttpProblem(401, AUTH_MESSAGES.incorrectCredentials);
  }
  if (user.disabledAt) throw new HttpProblem(401, AUTH_MESSAGES.accountDisabled);
  if (await hasTwoFactor(deps.db, user.id)) return openTwoFactorChallenge(deps, user);
  return createSession(deps, deps.db, user, client);
}

/**
 * How long a rotated refresh token may be shown again and still get its successor, while that
 * successor was never used (decision 050): the answer of a refresh that a navigation cut short
 * never set its cookie, so the next page refreshes with the old token a moment later.
 */
export const REFRESH_REPEAT_GRACE_MS = 30_000;

/**
 * Trades a refresh token for a new pair, marking the session used by `client`. A token that was
 * already rotated or revoked is a sign of theft: its whole family (including the newest token) is
 * revoked, but for a repeat within the grace, which gets the same successor again.
 */
export async function refreshSession(
  deps: AuthDeps,
  refreshToken: string | undefined,
  client: SessionClient,
): Promise<Session> {
  const expired = new HttpProblem(403, AUTH_MESSAGES.loginExpired);
  if (!refreshToken) throw expired;
  const stored = await findRefreshToken(deps.db, sha256Hex(refreshToken));
  if (!stored) throw expired;
  const now = deps.clock();
  const successor = successorToken(deps.accountKeys.refreshSuccessor, refreshToken);
  if (stored.rotatedAt || stored.revokedAt) {
    return answerRepeatedToken(deps, stored, successor, now, client);
  }
  if (stored.expiresAt.getTime() <= now.getTime()) throw expired;
  const user = await findUserById(deps.db, stored.userId);
  if (!user || user.disabledAt) {
    await revokeRefreshFamily(deps.db, stored.familyId);
    throw expired;
  }
  const session = await deps.db.transaction(async (tx) => {
    if (!(await markRefreshTokenRotated(tx, stored.id, now))) return null;
    await markSessionRefreshed(tx, stored.familyId, client);
    return issueTokens(deps, tx, user, stored.familyId, successor);
  });
  if (session) return session;
  // Another request rotated (or revoked) it a moment ago: the same token shown twice.
  const rotated = await findRefreshToken(deps.db, stored.tokenHash);
  return answerRepeatedToken(deps, rotated ?? stored, successor, now, client);
}

/**
 * A rotated or revoked token shown again. Within the grace after its rotation, while its successor
 * is live and was never used, the answer is that successor and a new access token: the browser
 * most likely never received the first answer. Anything else revokes the whole family.
 */
async function answerRepeatedToken(
  deps: AuthDeps,
  repeated: RefreshTokenRow,
  successor: string,
  now: Date,
  client: SessionClient,
): Promise<Session> {
  const withinGrace =
    repeated.rotatedAt !== null &&
    repeated.revokedAt === null &&
    now.getTime() - repeated.rotatedAt.getTime() <= REFRESH_REPEAT_GRACE_MS;
  const next = withinGrace ? await findRefreshToken(deps.db, sha256Hex(successor)) : undefined;
  const nextUnused =
    next !== undefined &&
    next.familyId === repeated.familyId &&
    next.rotatedAt === null &&
    next.revokedAt === null &&
    next.expiresAt.getTime() > now.getTime();
  const user = nextUnused ? await findUserById(deps.db, repeated.userId) : undefined;
  if (!user || user.disabledAt) {
    await revokeRefreshFamily(deps.db, repeated.familyId);
    throw new HttpProblem(403, AUTH_MESSAGES.loginExpired);
  }
  await markSessionRefreshed(deps.db, repeated.familyId, client);
  const accessToken = await signAccessToken(deps.accountKeys.access, user, repeated.familyId);
  return { accessToken, refreshToken: successor };
}

/** Ends the session of this refresh token, if it still exists. */
export async function signOut(deps: Pick<AuthDeps, 'db'>, refreshToken: string | undefined) {
  if (!refreshToken) return;
  const stored = await findRefreshToken(deps.db, sha256Hex(refreshToken));
  if (stored) await revokeRefreshFamily(deps.db, stored.familyId);
}

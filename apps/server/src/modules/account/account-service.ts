/** The signed-in user's profile, and the e-mail flows: verification, resend, forgotten and reset password. */
import {
  AUTH_MESSAGES,
  EMAIL_ALREADY_VERIFIED_PROBLEM_TYPE,
  EMAIL_VERIFICATION_TTL_HOURS,
  type profileUpdateSchema,
  type User,
  RESET_LINK_INVALID_PROBLEM_TYPE,
  HOUR_MS,
} from '@consult/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { HttpProblem } from '../../plugins/errors';
import {
  revokeUserRefreshTokens,
  createSession,
  sendVerification,
  type Session,
  type SessionClient,
  assertPasswordNotCommon,
  hashPassword,
  verifyPassword,
  randomToken,
  sha256Hex,
  emailInUseMail,
  sendPasswordLink,
} from '../auth';
import {
  toUserView,
  consumeEmailToken,
  findSpentEmailToken,
  findUserByEmail,
  findUserById,
  insertEmailToken,
  pendingEmailOf,
  pendingEmails,
  retireEmailTokens,
  updateUser,
  type UserRow,
} from '../users';

/** What the account's flows work with. */
export type AccountDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'accountKeys'>;

export async function viewUser(db: Db, user: UserRow): Promise<User> {
  const pending = await pendingEmails(db, [user.id]);
  return toUserView(user, pending.get(user.id) ?? null);
}

/**
 * `GET /api/user`: the signed-in user as `authenticate` loaded them, with the address waiting for
 * confirmation from the signed-in cache (decision 049). Outside a transaction only.
 */
export async function viewSignedInUser(
  deps: Pick<AppDeps, 'db' | 'signedIn' | 'clock'>,
  user: UserRow,
): Promise<User> {
  const pending = await deps.signedIn.pendingEmail(user.id, deps.clock(), () =>
    pendingEmailOf(deps.db, user.id),
  );
  return toUserView(user, pending);
}

export interface ProfileUpdateResult {
  user: User;
  /** A new session when the password changed: every other session was ended. */
  session?: Session;
}

/**
 * Applies profile changes. A new e-mail address only gets a verification link (it replaces the
 * current one once confirmed); a new password needs the current one and ends every other session.
 */
export async function updateProfile(
  deps: AccountDeps,
  user: UserRow,
  input: z.output<typeof profileUpdateSchema>,
  client: SessionClient,
): Promise<ProfileUpdateResult> {
  let passwordHash: string | undefined;
  if (input.newPassword !== undefined) {
    if (!(await verifyPassword(user.passwordHash, input.currentPassword ?? ''))) {
      throw new HttpProblem(400, AUTH_MESSAGES.currentPasswordIncorrect, {
        errors: { currentPassword: [AUTH_MESSAGES.currentPasswordIncorrect] },
      });
    }
    assertPasswordNotCommon(input.newPassword, 'newPassword');
    passwordHash = await hashPassword(input.newPassword);
  }

  return deps.db.transaction(async (tx) => {
    const updated =
      (await updateUser(tx, user.id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.phone !== undefined && { phone: input.phone }),
        ...(input.DOB !== undefined && { dob: input.DOB }),
        ...(input.timeZone !== undefined && { timeZone: input.timeZone }),
        ...(passwordHash !== undefined && { passwordHash }),
      })) ?? user;

    if (input.email !== undefined && input.email !== updated.email.toLowerCase()) {
      const owner = await findUserByEmail(tx, input.email);
      if (owner && owner.id !== user.id) {
        // Same answer as for a free address; the address's owner hears about it, nobody learns it is taken.
        await insertEmailToken(tx, {
          userId: user.id,
          purpose: 'verify_email',
          tokenHash: sha256Hex(randomToken()),
          email: input.email,
          expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS),
        });
        await deps.mailer.queueMail(
          emailInUseMail({ appUrl: deps.config.APP_URL, to: input.email }),
          tx,
        );
      } else {
        await sendVerification(deps, tx, updated, input.email);
      }
    }

    let session: Session | undefined;
    if (passwordHash !== undefined) {
      await revokeUserRefreshTokens(tx, user.id);
      session = await createSession(deps, tx, updated, client);
    }
    return { user: await viewUser(tx, updated), session };
  });
}

/** Sends a fresh verification link if there is something to confirm; silent otherwise. */
export async function resendVerification(
  deps: AccountDeps,
  target: { user: UserRow } | { email: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if ('user' in target) {
      const pending = (await pendingEmails(tx, [target.user.id])).get(target.user.id);
      if (pending) {
        if (!(await findUserByEmail(tx, pending))) {
          await sendVerification(deps, tx, target.user, pending);
        }
      } else if (target.user.emailVerifiedAt === null) {
        await sendVerification(deps, tx, target.user, target.user.email);
      }
      return;
    }
    const user = await findUserByEmail(tx, target.email);
    if (user && user.emailVerifiedAt === null && user.disabledAt === null) {
      await sendVerification(deps, tx, user, user.email);
    }
  });
}

/**
 * Confirms the address a verification token was sent to; answers with that address. The link
 * proves the mailbox, so every session of the account opened before it ends (someone who
 * registered the address first keeps nothing), except `keepSession`: the session of the person
 * who opened the link while signed in to this very account. A link used again once its address is
 * verified answers 409 `email-already-verified`: the person holding it proved that mailbox before,
 * and learns nothing about any other account.
 */
export async function verifyEmail(
  deps: AccountDeps,
  token: string,
  keepSession?: { userId: string; sessionId: string },
): Promise<string> {
  const invalid = new HttpProblem(400, AUTH_MESSAGES.verificationInvalid);
  return deps.db.transaction(async (tx) => {
    const tokenHash = sha256Hex(token);
    const used = await consumeEmailToken(tx, 'verify_email', tokenHash);
    if (!used) {
      if (await provesVerifiedAddress(tx, tokenHash)) {
        throw new HttpProblem(409, AUTH_MESSAGES.emailAlreadyVerified, {
          type: EMAIL_ALREADY_VERIFIED_PROBLEM_TYPE,
        });
      }
      throw invalid;
    }
    const user = await findUserById(tx, used.userId);
    if (!user) throw invalid;
    if (used.email.toLowerCase() !== user.email.toLowerCase()) {
      const owner = await findUserByEmail(tx, used.email);
      if (owner) throw invalid;
      await updateUser(tx, user.id, { email: used.email, emailVerifiedAt: new Date() });
      await retireEmailTokens(tx, user.id, 'verify_email');
    } else if (user.emailVerifiedAt === null) {
      await updateUser(tx, user.id, { emailVerifiedAt: new Date() });
    }
    const kept = keepSession?.userId === user.id ? keepSession.sessionId : undefined;
    await revokeUserRefreshTokens(tx, user.id, kept);
    return used.email;
  });
}

/** A spent verification token whose account has that very address, verified. */
async function provesVerifiedAddress(db: Db, tokenHash: string): Promise<boolean> {
  const spent = await findSpentEmailToken(db, 'verify_email', tokenHash);
  if (!spent) return false;
  const user = await findUserById(db, spent.userId);
  return (
    user !== undefined &&
    user.emailVerifiedAt !== null &&
    user.email.toLowerCase() === spent.email.toLowerCase()
  );
}

export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user && !user.disabledAt) await sendPasswordLink(deps, tx, user, 'forgotten');
  });
}

/** Sets a new password from a reset link; every session of the account ends. */
export async function resetPassword(
  deps: AccountDeps,
  token: string,
  password: string,
): Promise<void> {
  assertPasswordNotCommon(password, 'password');
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, 'reset_password', sha256Hex(token));
    const user = used ? await findUserById(tx, used.userId) : undefined;
    if (!used || !user)
      throw new HttpProblem(400, AUTH_MESSAGES.resetInvalid, {
        type: RESET_LINK_INVALID_PROBLEM_TYPE,
      });
    // The link reached the mailbox, which proves the address as well as a verification link would.
    const provesAddress = used.email.toLowerCase() === user.email.toLowerCase();
    await updateUser(tx, user.id, {
      passwordHash,
      ...(provesAddress && user.emailVerifiedAt === null && { emailVerifiedAt: new Date() }),
    });
    await retireEmailTokens(tx, user.id, 'reset_password');
    await revokeUserRefreshTokens(tx, user.id);
  });
}

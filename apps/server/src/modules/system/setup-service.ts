/**
 * First run: with no admin and no ADMIN_EMAIL, a one-time code lets the person who started the
 * server create the owner account. Only a random salt is stored; the code is an HMAC of it under
 * a key derived from JWT_SECRET, so the same link works after a restart and the database alone
 * never reveals it. The code stops working the moment any admin exists, however it was made.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  SETUP_CODE_INVALID_PROBLEM_TYPE,
  SETUP_DONE_PROBLEM_TYPE,
  SETUP_MESSAGES,
  setupPathFor,
  type setupSchema,
} from '@consult/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { HttpProblem } from '../../plugins/errors';
import { insertAuditEntry } from '../audit';
import { setSiteCurrency } from '../bookings';
import { writeReceiptBusinessName } from '../payments';
import { writeOwnerFacts } from '../site';
import { findUserByEmail, insertUser, updateUser } from '../users';
import {
  revokeUserRefreshTokens,
  createSession,
  type AuthDeps,
  type Session,
  type SessionClient,
  assertPasswordNotCommon,
  hashPassword,
  randomToken,
} from '../auth';
import {
  adminExists,
  deleteSetupSalt,
  ensureSetupSalt,
  findSetupSalt,
  lockSetupSalt,
} from './setup-repository';

type SetupDeps = Pick<AppDeps, 'db' | 'config' | 'accountKeys'>;
type CompleteSetupDeps = SetupDeps &
  Pick<AppDeps, 'clock' | 'log' | 'ownerTimeZone' | 'siteCurrencyFollowers'>;

function codeFor(key: string, salt: string): string {
  return createHmac('sha256', key).update(salt).digest('base64url').slice(0, 32);
}

/** Equal-length digests compared in constant time, so a guess learns nothing from the timing. */
function sameCode(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

export async function isSetupNeeded(deps: Pick<AppDeps, 'db'>): Promise<boolean> {
  return !(await adminExists(deps.db));
}

/**
 * The full setup link to print at start, or null when there is nothing to set up (an admin
 * exists, or ADMIN_EMAIL makes one). Removes a salt left over from before an admin existed.
 */
export async function prepareSetupLink(deps: SetupDeps): Promise<string | null> {
  if (await adminExists(deps.db)) {
    await deleteSetupSalt(deps.db);
    return null;
  }
  if (deps.config.ADMIN_EMAIL) return null;
  const salt = await ensureSetupSalt(deps.db, randomToken());
  return new URL(setupPathFor(codeFor(deps.accountKeys.setup, salt)), deps.config.APP_URL).href;
}

/** 409 once an admin exists; 403 when the code is not the one the salt makes. */
async function assertSetupOpen(
  deps: Pick<AppDeps, 'accountKeys'>,
  db: Db,
  salt: string | undefined,
  code: string,
): Promise<void> {
  if (await adminExists(db)) {
    throw new HttpProblem(409, SETUP_MESSAGES.alreadyDone, { type: SETUP_DONE_PROBLEM_TYPE });
  }
  if (!salt || !sameCode(codeFor(deps.accountKeys.setup, salt), code)) {
    throw new HttpProblem(403, SETUP_MESSAGES.codeInvalid, {
      type: SETUP_CODE_INVALID_PROBLEM_TYPE,
      errors: { code: [SETUP_MESSAGES.codeInvalid] },
    });
  }
}

/**
 * Creates the first admin, verified, and signs them in, and makes the site theirs: their facts
 * replace the demo consultant's on every public page and on receipts (decision 036). An address
 * that already has an account (the newcomer tried sign-up first) becomes that admin with the new
 * password: whoever holds the code runs the server.
 */
export async function completeSetup(
  deps: CompleteSetupDeps & Pick<AuthDeps, 'accountKeys'>,
  input: z.output<typeof setupSchema>,
  client: SessionClient,
): Promise<Session> {
  assertPasswordNotCommon(input.password, 'password');
  // The cheap refusals come before the costly hash, so guesses cost the server little; they are
  // made again under the lock, as another setup may finish meanwhile.
  await assertSetupOpen(deps, deps.db, await findSetupSalt(deps.db), input.code);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    await assertSetupOpen(deps, tx, await lockSetupSalt(tx), input.code);
    const now = new Date();
    const fields = { name: input.name, role: 'admin' as const, emailVerifiedAt: now, passwordHash };
    const existing = await findUserByEmail(tx, input.email);
    let user;
    if (existing) {
      user = await updateUser(tx, existing.id, { ...fields, disabledAt: null });
      await revokeUserRefreshTokens(tx, existing.id);
    } else {
      user = await insertUser(tx, { ...fields, email: input.email });
    }
    if (!user) throw new Error('the first admin could not be written');
    if (input.currency) await setSiteCurrency(deps, tx, user.id, input.currency);
    await deleteSetupSalt(tx);
    await insertAuditEntry(tx, {
      actorId: user.id,
      action: 'setup.owner',
      target: user.id,
      details: {
        before: existing ? { name: existing.name, role: existing.role } : null,
        after: { email: user.email, name: user.name, role: user.role },
      },
    });
    const businessName = input.businessName ?? user.name;
    await writeOwnerFacts(
      deps,
      tx,
      user.id,
      {
        consultantName: user.name,
        businessName,
        email: user.email,
        city: input.city,
        phone: input.phone,
      },
      { keepExampleText: input.keepExampleText },
    );
    await writeReceiptBusinessName(deps, tx, user.id, businessName);
    return createSession(deps, tx, user, client);
  });
}

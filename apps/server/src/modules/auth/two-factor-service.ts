/**
 * Two-factor sign-in (decision 043): set-up from the profile, recovery codes, turning it off, and the
 * sign-in's second step. Secrets are sealed at rest and never leave once confirmed; each code and
 * recovery code is accepted once.
 */
import {
  AUTH_MESSAGES,
  looksLikeTotpCode,
  RECOVERY_CODE_COUNT,
  recoveryCodeSchema,
  TWO_FACTOR_CHALLENGE_INVALID_PROBLEM_TYPE,
  TWO_FACTOR_CHALLENGE_MAX_ATTEMPTS,
  TWO_FACTOR_MESSAGES,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { auditChange, insertAuditEntry } from '../audit';
import { findUserById, type UserRow } from '../users';
import { twoFactorChangedMail } from './account-mails';
import { revokeUserRefreshTokens } from './auth-repository';
import { createSession, type Session } from './auth-service';
import { verifyPassword } from './passwords';
import { sha256Hex } from './secrets';
import {
  checkTotpCode,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealSecret,
  totpUri,
  type TotpCheck,
} from './two-factor-codes';
import {
  claimChallenge,
  claimTotpStep,
  countChallengeFailure,
  countRecoveryCodesLeft,
  deleteTwoFactor,
  enableTwoFactor,
  findChallenge,
  findTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  useRecoveryCode,
  type TwoFactorRow,
} from './two-factor-repository';
import { isTwoFactorRequired } from './two-factor-requirement';
import type { SessionClient } from './sessions-repository';

export type TwoFactorDeps = Pick<
  AppDeps,
  'db' | 'log' | 'clock' | 'accountKeys' | 'consultantName' | 'mailer' | 'config'
>;

/** The account's holder is told of every change to their two-factor sign-in, in its transaction. */
function queueTwoFactorNotice(
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  tx: Tx,
  user: Pick<UserRow, 'email' | 'name'>,
  change: 'on' | 'off' | 'reset',
) {
  const notice = twoFactorChangedMail({
    appUrl: deps.config.APP_URL,
    to: user.email,
    name: user.name,
    change,
  });
  return deps.mailer.queueMail(notice, tx);
}

/** A code that failed; routes count these against the account's and the address's budgets. */
export class WrongTwoFactorCode extends HttpProblem {}

function wrongCode(status: 400 | 401, field: string, message: string): WrongTwoFactorCode {
  return new WrongTwoFactorCode(status, message, { errors: { [field]: [message] } });
}

function totpMessage(check: Extract<TotpCheck, { ok: false }>): string {
  return check.reason === 'used' ? TWO_FACTOR_MESSAGES.codeUsed : TWO_FACTOR_MESSAGES.codeWrong;
}

export async function twoFactorStatus(
  deps: Pick<AppDeps, 'db' | 'log'>,
  user: UserRow,
): Promise<TwoFactorStatus> {
  const [row, recoveryCodesLeft, required] = await Promise.all([
    findTwoFactor(deps.db, user.id),
    countRecoveryCodesLeft(deps.db, user.id),
    isTwoFactorRequired(deps.db, user, deps.log),
  ]);
  const enabledAt = row?.enabledAt ?? null;
  return {
    enabled: enabledAt !== null,
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt === null ? 0 : recoveryCodesLeft,
    required,
  };
}

/** The QR code library, loaded by the first setup, not at start (decision 051): 1 MB of heap. */
const qrCode = async () => (await import('qrcode')).default;

/**
 * A new secret waiting for its first code (a set-up started before is replaced). This is the only
 * answer that carries the secret: once confirmed it never leaves the server again.
 */
export async function startTwoFactorSetup(
  deps: TwoFactorDeps,
  user: UserRow,
): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  const saved = await savePendingSecret(
    deps.db,
    user.id,
    sealSecret(deps.accountKeys.twoFactor, user.id, secret),
  );
  if (!saved) throw new HttpProblem(409, TWO_FACTOR_MESSAGES.alreadyOn);
  const issuer = await deps.consultantName(deps.db);
  const otpauthUrl = totpUri(secret, { issuer, account: user.email });
  const qrSvg = await (
    await qrCode()
  ).toString(otpauthUrl, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return { otpauthUrl, secret, qrSvg };
}

/** The secret of a row, or null when it no longer opens (JWT_SECRET changed): logged, never shown. */
function secretOf(deps: TwoFactorDeps, row: TwoFactorRow): string | null {
  const secret = openSecret(deps.accountKeys.twoFactor, row.userId, row.secretCiphertext);
  if (secret === null) {
    deps.log.warn(
      { userId: row.userId },
      'two-factor secret does not open (was JWT_SECRET changed?); recovery codes still work',
    );
  }
  return secret;
}

/** Checks a current code against the account's secret and spends its time step, in `db`. */
async function spendTotpCode(
  deps: TwoFactorDeps,
  db: Db,
  row: TwoFactorRow,
  code: string,
  now: Date,
): Promise<TotpCheck> {
  const secret = secretOf(deps, row);
  if (secret === null) return { ok: false, reason: 'wrong' };
  const check = checkTotpCode(secret, code, now, row.lastUsedStep);
  if (!check.ok) return check;
  // Two requests with one code: the step is claimed once.
  if (!(await claimTotpStep(db, row.userId, check.step))) return { ok: false, reason: 'used' };
  return check;
}

/** A fresh set of recovery codes for the account, in `db`; answers them as shown once. */
async function issueRecoveryCodes(db: Db, userId: string): Promise<RecoveryCodes> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    db,
    userId,
    codes.map((code) => hashRecoveryCode(userId, code)),
  );
  return { recoveryCodes: codes };
}

/** The first code confirms the set-up: two-factor sign-in is on, with ten recovery codes. */
export async function confirmTwoFactorSetup(
  deps: TwoFactorDeps,
  user: UserRow,
  code: string,
): Promise<RecoveryCodes> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const row = await findTwoFactor(tx, user.id);
    if (row?.enabledAt) throw new HttpProblem(409, TWO_FACTOR_MESSAGES.alreadyOn);
    if (!row) throw new HttpProblem(409, TWO_FACTOR_MESSAGES.noSetupWaiting);
    const secret = secretOf(deps, row);
    if (secret === null) throw new HttpProblem(409, TWO_FACTOR_MESSAGES.noSetupWaiting);
    const check = checkTotpCode(secret, code, now, null);
    if (!check.ok) throw wrongCode(400, 'code', totpMessage(check));
    if (!(await enableTwoFactor(tx, user.id, check.step, now))) {
      throw new HttpProblem(409, TWO_FACTOR_MESSAGES.alreadyOn);
    }
    const codes = await issueRecoveryCodes(tx, user.id);
    await insertAuditEntry(tx, {
      actorId: user.id,
      action: 'user.two_factor_on',
      target: user.id,
      details: { ...auditChange({ twoFactor: false }, { twoFactor: true }) },
    });
    await queueTwoFactorNotice(deps, tx, user, 'on');
    return codes;
  });
}

async function enabledRowOr409(db: Db, userId: string): Promise<TwoFactorRow> {
  const row = await findTwoFactor(db, userId);
  if (!row?.enabledAt) throw new HttpProblem(409, TWO_FACTOR_MESSAGES.notOn);
  return row;
}

/** "Show new codes": a current code proves the authenticator is at hand; the old codes stop working. */
export async function renewRecoveryCodes(
  deps: TwoFactorDeps,
  user: UserRow,
  code: string,
): Promise<RecoveryCodes> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const row = await enabledRowOr409(tx, user.id);
    const check = await spendTotpCode(deps, tx, row, code, now);
    if (!check.ok) throw wrongCode(400, 'code', totpMessage(check));
    const codes = await issueRecoveryCodes(tx, user.id);
    await insertAuditEntry(tx, {
      actorId: user.id,
      action: 'user.recovery_codes',
      target: user.id,
      details: { recoveryCodes: RECOVERY_CODE_COUNT },
    });
    return codes;
  });
}

/**
 * Turns two-factor sign-in off with the password and a current code or an unused recovery code (one
 * who lost the phone turns it off with a recovery code, then sets up the new phone).
 */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  user: UserRow,
  input: { password: string; code: string },
): Promise<TwoFactorStatus> {
  const now = deps.clock();
  await enabledRowOr409(deps.db, user.id);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw wrongCode(400, 'password', TWO_FACTOR_MESSAGES.passwordWrong);
  }
  await deps.db.transaction(async (tx) => {
    const row = await enabledRowOr409(tx, user.id);
    /** Said as the audit log shows it. */
    let confirmedWith: 'authenticator code' | 'recovery code';
    if (looksLikeTotpCode(input.code)) {
      const check = await spendTotpCode(deps, tx, row, input.code.replace(/\s+/g, ''), now);
      if (!check.ok) throw wrongCode(400, 'code', totpMessage(check));
      confirmedWith = 'authenticator code';
    } else {
      const parsed = recoveryCodeSchema.safeParse(input.code);
      const spent =
        parsed.success &&
        (await useRecoveryCode(tx, user.id, hashRecoveryCode(user.id, parsed.data), now));
      if (!spent) throw wrongCode(400, 'code', TWO_FACTOR_MESSAGES.codeOrRecoveryCodeWrong);
      confirmedWith = 'recovery code';
    }
    await deleteTwoFactor(tx, user.id);
    await insertAuditEntry(tx, {
      actorId: user.id,
      action: 'user.two_factor_off',
      target: user.id,
      details: { ...auditChange({ twoFactor: true }, { twoFactor: false }), confirmedWith },
    });
    await queueTwoFactorNotice(deps, tx, user, 'off');
  });
  return twoFactorStatus(deps, user);
}

function challengeInvalid(): HttpProblem {
  return new HttpProblem(401, TWO_FACTOR_MESSAGES.challengeInvalid, {
    type: TWO_FACTOR_CHALLENGE_INVALID_PROBLEM_TYPE,
  });
}

/**
 * The sign-in's second step: the challenge of the password step (unused, under five minutes old,
 * the password unchanged since) and a current code or an unused recovery code give the session a
 * sign-in without two factors would have given. A wrong code counts against the challenge, which
 * dies after five.
 */
export async function completeTwoFactorSignIn(
  deps: TwoFactorDeps,
  input: { challenge: string; code?: string; recoveryCode?: string },
  client: SessionClient,
): Promise<Session> {
  const now = deps.clock();
  const challenge = await findChallenge(deps.db, sha256Hex(input.challenge));
  if (!challenge) throw challengeInvalid();
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await claimChallenge(tx, challenge.id, now, TWO_FACTOR_CHALLENGE_MAX_ATTEMPTS))) {
        throw challengeInvalid();
      }
      const user = await findUserById(tx, challenge.userId);
      const row = await findTwoFactor(tx, challenge.userId);
      if (
        !user ||
        user.disabledAt ||
        sha256Hex(user.passwordHash) !== challenge.passwordHashDigest ||
        !row?.enabledAt
      ) {
        throw challengeInvalid();
      }
      if (input.code !== undefined) {
        const check = await spendTotpCode(deps, tx, row, input.code, now);
        if (!check.ok) throw wrongCode(401, 'code', totpMessage(check));
      } else {
        const hash = hashRecoveryCode(user.id, input.recoveryCode ?? '');
        if (!(await useRecoveryCode(tx, user.id, hash, now))) {
          throw wrongCode(401, 'recoveryCode', TWO_FACTOR_MESSAGES.recoveryCodeWrong);
        }
        await insertAuditEntry(tx, {
          actorId: user.id,
          action: 'user.recovery_code_sign_in',
          target: user.id,
          details: { recoveryCodesLeft: await countRecoveryCodesLeft(tx, user.id) },
        });
      }
      return createSession(deps, tx, user, client);
    });
  } catch (error) {
    if (error instanceof WrongTwoFactorCode) await countChallengeFailure(deps.db, challenge.id);
    throw error;
  }
}

/** The account `id` names, for the owner's routes: 404 when unknown or not an id. */
async function accountOr404(db: Db, id: string): Promise<UserRow> {
  const user = isUuid(id) ? await findUserById(db, id) : undefined;
  if (!user) throw new HttpProblem(404, AUTH_MESSAGES.userNotFound);
  return user;
}

/** Another account's two-factor sign-in as the owner sees it on /admin/users. */
export async function ownerTwoFactorView(
  deps: Pick<AppDeps, 'db' | 'log'>,
  id: string,
): Promise<TwoFactorStatus> {
  return twoFactorStatus(deps, await accountOr404(deps.db, id));
}

/**
 * The owner turns another account's two-factor sign-in off (a lost phone and lost codes, or a
 * set-up the person did not make): audited in the owner's name, and every session of the account
 * ends. One's own is turned off on one's profile, with the password and a code.
 */
export async function ownerResetTwoFactor(
  deps: Pick<AppDeps, 'db' | 'log' | 'mailer' | 'config'>,
  actor: UserRow,
  id: string,
): Promise<void> {
  const user = await accountOr404(deps.db, id);
  if (user.id === actor.id) throw new HttpProblem(400, TWO_FACTOR_MESSAGES.ownOnProfile);
  await deps.db.transaction(async (tx) => {
    await enabledRowOr409(tx, user.id);
    await deleteTwoFactor(tx, user.id);
    await revokeUserRefreshTokens(tx, user.id);
    await insertAuditEntry(tx, {
      actorId: actor.id,
      action: 'user.two_factor_reset',
      target: user.id,
      details: { ...auditChange({ twoFactor: true }, { twoFactor: false }) },
    });
    await queueTwoFactorNotice(deps, tx, user, 'reset');
  });
}

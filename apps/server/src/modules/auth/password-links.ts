/** Links that let the owner of a mailbox choose the account's password: reset, or first choice. */
import { HOUR_MS, PASSWORD_RESET_TTL_HOURS } from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { randomToken, sha256Hex } from './secrets';
import { insertEmailToken, type UserRow } from '../users';
import { passwordResetMail, setPasswordMail } from './account-mails';

/**
 * Creates a single-use reset token for the account's address and queues its mail, in the caller's
 * transaction. `reason` picks the wording: a forgotten password, or an account someone else may
 * have opened with this address (sign-up on an unverified address). Either way the link proves the
 * mailbox, sets the password and ends every session (see resetPassword).
 */
export async function sendPasswordLink(
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  tx: Tx,
  user: Pick<UserRow, 'id' | 'name' | 'email'>,
  reason: 'forgotten' | 'sign-up',
): Promise<void> {
  const token = randomToken();
  await insertEmailToken(tx, {
    userId: user.id,
    purpose: 'reset_password',
    tokenHash: sha256Hex(token),
    email: user.email,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_HOURS * HOUR_MS),
  });
  const mail = reason === 'forgotten' ? passwordResetMail : setPasswordMail;
  await deps.mailer.queueMail(
    mail({ appUrl: deps.config.APP_URL, to: user.email, name: user.name, token }),
    tx,
  );
}

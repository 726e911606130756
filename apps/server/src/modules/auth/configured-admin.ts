/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start: that account exists, is a verified, enabled admin and signs
 * in with that password. Idempotent; safe when several nodes start at once.
 */
import type { AppDeps } from '../../app-deps';
import { hashPassword, verifyPassword } from './passwords';
import { revokeUserRefreshTokens } from './auth-repository';
import { findUserByEmail, insertUser, updateUser } from '../users';

export async function ensureConfiguredAdmin(
  deps: Pick<AppDeps, 'db' | 'log' | 'config'>,
): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = deps.config;
  if (!email || !password) return;
  await deps.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (!existing) {
      const created = await insertUser(tx, {
        email: email.toLowerCase(),
        passwordHash: await hashPassword(password),
        name: 'Administrator',
        role: 'admin',
        emailVerifiedAt: new Date(),
      });
      // Undefined when another node starting at the same moment created it first.
      if (created) deps.log.info({ email }, 'created the configured admin account');
      return;
    }
    const samePassword = await verifyPassword(existing.passwordHash, password);
    await updateUser(tx, existing.id, {
      role: 'admin',
      disabledAt: null,
      emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
      ...(!samePassword && { passwordHash: await hashPassword(password) }),
    });
    if (!samePassword) await revokeUserRefreshTokens(tx, existing.id);
    if (existing.role !== 'admin' || !samePassword || existing.disabledAt) {
      deps.log.info({ email }, 'updated the configured admin account');
    }
  });
}

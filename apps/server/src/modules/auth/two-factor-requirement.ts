/**
 * The owner's requirement of two-factor sign-in for admin accounts (decision 043): one settings
 * document, changed on /admin/config with an audit entry, and the check every admin route makes.
 */
import {
  securitySettingsSchema,
  TWO_FACTOR_MESSAGES,
  type SecuritySettings,
  type SecuritySettingsView,
} from '@consult/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { HttpProblem } from '../../plugins/errors';
import { auditChange, insertAuditChange } from '../audit';
import { findSetting, findSettingForUpdate, upsertSetting } from '../../db/settings-repository';
import type { UserRow } from '../users';
import { countAdminsWithoutTwoFactor, hasTwoFactor } from './two-factor-repository';

export const SECURITY_SETTINGS_KEY = 'security';

const DEFAULT_SECURITY_SETTINGS: SecuritySettings = { requireTwoFactorForAdmins: false };

/** A stored document that no longer parses counts as the defaults (logged), never a 500. */
function parseSettings(stored: unknown, log?: FastifyBaseLogger): SecuritySettings {
  if (stored === undefined) return DEFAULT_SECURITY_SETTINGS;
  const parsed = securitySettingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  log?.warn(
    { issues: parsed.error.issues.slice(0, 5) },
    'security settings invalid; defaults used',
  );
  return DEFAULT_SECURITY_SETTINGS;
}

export async function loadSecuritySettings(
  db: Db,
  log?: FastifyBaseLogger,
): Promise<SecuritySettings> {
  return parseSettings(await findSetting(db, SECURITY_SETTINGS_KEY), log);
}

export async function securitySettingsView(
  deps: Pick<AppDeps, 'db' | 'log'>,
): Promise<SecuritySettingsView> {
  const [settings, adminsWithoutTwoFactor] = await Promise.all([
    loadSecuritySettings(deps.db, deps.log),
    countAdminsWithoutTwoFactor(deps.db),
  ]);
  return { ...settings, adminsWithoutTwoFactor };
}

/**
 * The owner's save. Turning the requirement on needs the acting admin's own two-factor sign-in
 * first: otherwise the save would shut its author out of the admin area at once.
 */
export async function updateSecuritySettings(
  deps: Pick<AppDeps, 'db' | 'log'>,
  actor: UserRow,
  input: SecuritySettings,
): Promise<SecuritySettingsView> {
  await deps.db.transaction(async (tx) => {
    const before = parseSettings(await findSettingForUpdate(tx, SECURITY_SETTINGS_KEY), deps.log);
    if (
      input.requireTwoFactorForAdmins &&
      !before.requireTwoFactorForAdmins &&
      !(await hasTwoFactor(tx, actor.id))
    ) {
      throw new HttpProblem(400, TWO_FACTOR_MESSAGES.ownFirst, {
        errors: { requireTwoFactorForAdmins: [TWO_FACTOR_MESSAGES.ownFirst] },
      });
    }
    const saved = securitySettingsSchema.parse(input);
    await upsertSetting(tx, SECURITY_SETTINGS_KEY, saved);
    await insertAuditChange(tx, {
      actorId: actor.id,
      action: 'security.settings',
      target: SECURITY_SETTINGS_KEY,
      change: auditChange(before, saved),
    });
  });
  return securitySettingsView(deps);
}

/** Whether the owner's requirement applies to this account: an admin, with the requirement on. */
export async function isTwoFactorRequired(
  db: Db,
  user: Pick<UserRow, 'role'>,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  if (user.role !== 'admin') return false;
  return (await loadSecuritySettings(db, log)).requireTwoFactorForAdmins;
}

/** An admin the owner's requirement holds back until they set two-factor sign-in up. */
export async function needsTwoFactorSetup(
  db: Db,
  user: Pick<UserRow, 'id' | 'role'>,
): Promise<boolean> {
  if (!(await isTwoFactorRequired(db, user))) return false;
  return !(await hasTwoFactor(db, user.id));
}

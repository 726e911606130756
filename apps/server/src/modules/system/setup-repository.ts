/** Queries of the first run: whether an admin exists, and the stored salt of the setup code. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/settings-schema';
import { users } from '../users';

/** The settings key of the salt; the row is removed once the first admin exists. */
export const SETUP_SETTING_KEY = 'first_run_setup';

/** Any admin, enabled or not: a disabled admin still means the site has an owner. */
export async function adminExists(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  return row !== undefined;
}

function readSalt(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('salt' in value)) return undefined;
  return typeof value.salt === 'string' ? value.salt : undefined;
}

/** Writes the salt unless one is kept already, and returns the kept one (several nodes agree). */
export async function ensureSetupSalt(db: Db, salt: string): Promise<string> {
  await db
    .insert(settings)
    .values({ key: SETUP_SETTING_KEY, value: { salt } })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SETUP_SETTING_KEY));
  return readSalt(row?.value) ?? salt;
}

/** The salt as it is now, unlocked: for refusing a wrong code before any costly work. */
export async function findSetupSalt(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SETUP_SETTING_KEY));
  return readSalt(row?.value);
}

/** The salt, its row locked until the transaction ends, so two setups run one after the other. */
export async function lockSetupSalt(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SETUP_SETTING_KEY))
    .for('update');
  return readSalt(row?.value);
}

export async function deleteSetupSalt(db: Db): Promise<void> {
  await db.delete(settings).where(eq(settings.key, SETUP_SETTING_KEY));
}

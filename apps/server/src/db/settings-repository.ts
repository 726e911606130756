/** Reads and writes the owner's settings documents (one JSON value per key). */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { settings } from './settings-schema';

export async function findSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  return row?.value;
}

/** The value, its row locked until the transaction ends: read-modify-write without lost updates. */
export async function findSettingForUpdate(tx: Tx, key: string): Promise<unknown> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .for('update');
  return row?.value;
}

/** Writes the value only when the key has none yet; true when it was written. */
export async function insertSettingIfAbsent(db: Db, key: string, value: unknown): Promise<boolean> {
  const rows = await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoNothing({ target: settings.key })
    .returning({ key: settings.key });
  return rows.length > 0;
}

/** Writes the value, replacing the key's current one. */
export async function upsertSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** The portrait's stored variants (site_images). */
import { and, eq, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteImages } from './schema';

export interface StoredVariant {
  contentType: string;
  bytes: Uint8Array;
}

export interface NewVariant {
  width: number;
  height: number;
  contentType: string;
  bytes: Uint8Array;
}

/** Writes a photo's variants; an identical photo uploaded before keeps its rows (same hash, same bytes). */
export async function insertPortraitVariants(
  db: Db,
  id: string,
  variants: NewVariant[],
): Promise<void> {
  await db
    .insert(siteImages)
    .values(variants.map((variant) => ({ id, ...variant })))
    .onConflictDoNothing({ target: [siteImages.id, siteImages.width] });
}

export async function findPortraitVariant(
  db: Db,
  id: string,
  width: number,
): Promise<StoredVariant | undefined> {
  const [row] = await db
    .select({ contentType: siteImages.contentType, bytes: siteImages.bytes })
    .from(siteImages)
    .where(and(eq(siteImages.id, id), eq(siteImages.width, width)));
  return row;
}

/** Removes photos created before `before` except the ones in `keep`; the number of variants removed. */
export async function deletePortraitsExcept(db: Db, keep: string[], before: Date): Promise<number> {
  const conditions = [lt(siteImages.createdAt, before)];
  if (keep.length > 0) conditions.push(notInArray(siteImages.id, keep));
  const rows = await db
    .delete(siteImages)
    .where(and(...conditions))
    .returning({ id: siteImages.id });
  return rows.length;
}

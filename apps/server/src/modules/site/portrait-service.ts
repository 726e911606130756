/**
 * The portrait photo: upload (re-encoded variants, audited), removal from the site content, and the
 * variants the pages load. An upload alone changes nothing public: saving the content with the
 * photo's id does (decision 033).
 */
import {
  DAY_MS,
  PORTRAIT_WIDTHS,
  sitePortraitSchema,
  type PortraitUploaded,
  type SitePortrait,
} from '@consult/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { insertAuditEntry } from '../audit';
import {
  detectPortraitType,
  portraitIdOf,
  renderPortraitVariants,
  type PortraitSourceType,
} from './portrait-images';
import {
  deletePortraitsExcept,
  findPortraitVariant,
  insertPortraitVariants,
  type StoredVariant,
} from './portrait-repository';
import { findSettingForUpdate, upsertSetting } from '../../db/settings-repository';
import { SITE_SETTINGS_KEY } from './site-service';

/**
 * How long an upload the content does not use is kept: long enough to finish editing and for pages
 * still open elsewhere to load the previous photo; removed at a later upload.
 */
export const UNUSED_PORTRAIT_KEEP_MS = DAY_MS;

const storedPortraitSchema = z.object({ portrait: sitePortraitSchema.nullable().optional() });

/** The portrait the stored site document names, read without touching its other keys. */
function portraitOf(document: unknown): SitePortrait | null {
  const parsed = storedPortraitSchema.safeParse(document);
  return parsed.success ? (parsed.data.portrait ?? null) : null;
}

export async function uploadPortrait(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actorId: string,
  upload: { bytes: Buffer; alt: string },
): Promise<PortraitUploaded> {
  // Refused before any write: nothing of a bad file is stored.
  const variants = await renderPortraitVariants(upload.bytes);
  const id = portraitIdOf(upload.bytes);
  const sourceType = detectPortraitType(upload.bytes) as PortraitSourceType;
  await deps.db.transaction(async (tx) => {
    await insertPortraitVariants(tx, id, variants);
    // Locked, as a save of the content locks it: a photo the owner is just putting on the site
    // cannot be removed as unused in between.
    const current = portraitOf(await findSettingForUpdate(tx, SITE_SETTINGS_KEY));
    const keep = [id, ...(current ? [current.id] : [])];
    const cutoff = new Date(deps.clock().getTime() - UNUSED_PORTRAIT_KEEP_MS);
    const removedVariants = await deletePortraitsExcept(tx, keep, cutoff);
    await insertAuditEntry(tx, {
      actorId,
      action: 'site.portrait_upload',
      target: `portrait:${id}`,
      details: {
        sourceType,
        sourceBytes: upload.bytes.length,
        widths: variants.map((variant) => variant.width),
        ...(removedVariants > 0 && { removedUnusedVariants: removedVariants }),
      },
    });
  });
  const largest = variants[variants.length - 1]!;
  return {
    portrait: {
      id,
      alt: upload.alt.trim(),
      widths: variants.map((variant) => variant.width),
      width: largest.width,
      height: largest.height,
      type: 'image/webp',
    },
  };
}

/** Takes the photo off the site (the initials art returns); audited when there was one. */
export async function removePortrait(deps: Pick<AppDeps, 'db'>, actorId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const document = await findSettingForUpdate(tx, SITE_SETTINGS_KEY);
    const before = portraitOf(document);
    if (!before || typeof document !== 'object' || document === null) return;
    await upsertSetting(tx, SITE_SETTINGS_KEY, { ...document, portrait: null });
    await insertAuditEntry(tx, {
      actorId,
      action: 'site.portrait_remove',
      target: `portrait:${before.id}`,
      details: { before: { portrait: before }, after: { portrait: null } },
    });
  });
}

export function isPortraitWidth(width: number): boolean {
  return (PORTRAIT_WIDTHS as readonly number[]).includes(width);
}

export async function readPortraitVariant(
  db: Db,
  id: string,
  width: number,
): Promise<StoredVariant | undefined> {
  if (!isPortraitWidth(width)) return undefined;
  return findPortraitVariant(db, id, width);
}

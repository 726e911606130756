/** The public site's content: seeded once with the demo consultant, read by GET /api/site and the server render. */
import { siteContentSchema, type SiteContent } from '@consult/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { demoSiteContent } from './demo-site-content';
import { findSetting, insertSettingIfAbsent } from './settings-repository';

export const SITE_SETTINGS_KEY = 'site';

/** Idempotent: several nodes starting at once write the row at most once, and an edited site is kept. */
export async function seedSiteContent(db: Db): Promise<boolean> {
  return db.transaction((tx) => insertSettingIfAbsent(tx, SITE_SETTINGS_KEY, demoSiteContent));
}

/**
 * The public part of the site document. Keys the public schema does not know (private notes, future
 * settings) are dropped; a document that no longer parses falls back to the demo content, so the
 * home page never breaks on a bad edit.
 */
export async function getPublicSiteContent(db: Db, log?: FastifyBaseLogger): Promise<SiteContent> {
  const stored = await findSetting(db, SITE_SETTINGS_KEY);
  const parsed = siteContentSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  log?.warn({ issues: parsed.error.issues.slice(0, 5) }, 'site content invalid; serving the demo');
  return demoSiteContent;
}

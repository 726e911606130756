/** The public site's content: seeded once with the demo consultant, read by GET /api/site and the server render. */
import { siteDocumentSchema, type SiteContent, type SiteDocument } from '@consult/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { demoSiteContent } from './demo-site-content';
import { findSetting, insertSettingIfAbsent } from '../../db/settings-repository';

export const SITE_SETTINGS_KEY = 'site';

/** Idempotent: several nodes starting at once write the row at most once, and an edited site is kept. */
export async function seedSiteContent(db: Db): Promise<boolean> {
  return db.transaction((tx) => insertSettingIfAbsent(tx, SITE_SETTINGS_KEY, demoSiteContent));
}

/**
 * The public part of the site document. Keys the public schema does not know (private notes, future
 * settings, the services an older document carried) are dropped; a document that no longer parses
 * falls back to the demo content, so the home page never breaks on a bad edit. The pages take the
 * services from the services table (getPublicSiteContent).
 */
export async function getSiteDocument(db: Db, log?: FastifyBaseLogger): Promise<SiteDocument> {
  const parsed = siteDocumentSchema.safeParse(await findSetting(db, SITE_SETTINGS_KEY));
  if (parsed.success) return parsed.data;
  log?.warn({ issues: parsed.error.issues.slice(0, 5) }, 'site content invalid; serving the demo');
  return demoSiteContent;
}

/** The site as the pages show it: the document with the services the owner configured. */
export async function getPublicSiteContent(
  deps: Pick<AppDeps, 'db' | 'log' | 'siteServices'>,
): Promise<SiteContent> {
  const [content, services] = await Promise.all([
    getSiteDocument(deps.db, deps.log),
    deps.siteServices.offeredServices(deps.db),
  ]);
  // The services table, not the document's copy: the pages offer what can be booked.
  return { ...content, services };
}

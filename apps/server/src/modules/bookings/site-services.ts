/** The site's pages offer the services of the services table (`SiteServiceCatalogue`, declared by the site). */
import type { SiteService } from '@consult/shared';
import type { SiteServiceCatalogue } from '../site';
import { listServices, type ServiceRow } from './services-repository';

function toSiteService(row: ServiceRow): SiteService {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    description: row.description,
    durationMinutes: row.durationMinutes,
    priceMinor: row.priceMinor,
    currency: row.currency,
    meetingMode: row.meetingMode,
    questions: row.questions,
  };
}

export const siteServiceCatalogue: SiteServiceCatalogue = {
  offeredServices: async (db) => (await listServices(db, { activeOnly: true })).map(toSiteService),
};

/**
 * The services the public pages offer. The services table belongs to bookings, which sits above the
 * site in the order of layers (decision 053): the site declares what it reads, `modules/bookings`
 * implements it, and `app.ts` hands it over in `AppDeps` (`deps.siteServices`).
 */
import type { SiteService } from '@consult/shared';
import type { Db } from '../../db/client';

export interface SiteServiceCatalogue {
  /** The active services, in the owner's order. */
  offeredServices: (db: Db) => Promise<SiteService[]>;
}

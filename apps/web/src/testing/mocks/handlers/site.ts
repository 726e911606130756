import type { PublicSite, SiteDocument } from '@consult/shared';
import { publicSite, siteDocument } from '../data';
import { answer, apiPath, http } from '../http';

export const siteHandlers = [
  http.get(apiPath('/site'), () => answer<PublicSite>(publicSite)),
  http.get(apiPath('/admin/site'), () => answer<SiteDocument>(siteDocument)),
];

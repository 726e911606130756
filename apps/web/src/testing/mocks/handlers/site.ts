import type { PublicSite } from '@consult/shared';
import { publicSite } from '../data';
import { answer, apiPath, http } from '../http';

export const siteHandlers = [http.get(apiPath('/site'), () => answer<PublicSite>(publicSite))];

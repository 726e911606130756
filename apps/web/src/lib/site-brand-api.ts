/**
 * The consultant's name for the brand mark of the screens outside the public site (sign-in, /dash,
 * /admin), which do not load the site content through the public routes, and whether the server
 * delivers mail at all (`mailDelivery`), so no screen promises a mail that will not come.
 */
import type { MailDelivery, PublicSite } from '@consult/shared';
import { api } from './api';

export const siteBrandApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteBrand: build.query<{ name: string; initials: string; mailDelivery: MailDelivery }, void>(
      {
        query: () => '/site',
        transformResponse: (site: PublicSite) => ({
          name: site.consultant.name,
          initials: site.consultant.initials,
          mailDelivery: site.mailDelivery,
        }),
        // The site editor's save invalidates it, so the admin's own header shows a new name at once.
        providesTags: ['Site'],
      },
    ),
  }),
});

export const { useGetSiteBrandQuery } = siteBrandApi;

/**
 * True when mail leaves the server (SMTP), false when it goes nowhere (no SMTP_URL), undefined
 * while unknown. Screens say "check your inbox" only when true.
 */
export function useMailDelivered(): boolean | undefined {
  const { data } = useGetSiteBrandQuery();
  return data ? data.mailDelivery === 'smtp' : undefined;
}

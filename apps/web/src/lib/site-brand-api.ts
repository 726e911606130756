/**
 * The consultant's name for the brand mark of the screens outside the public site (sign-in, /dash,
 * /admin), which do not load the site content through the public routes.
 */
import type { SiteContent } from '@consult/shared';
import { api } from './api';

export const siteBrandApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteBrand: build.query<{ name: string; initials: string }, void>({
      query: () => '/site',
      transformResponse: (site: SiteContent) => ({
        name: site.consultant.name,
        initials: site.consultant.initials,
      }),
      // The site editor's save invalidates it, so the admin's own header shows a new name at once.
      providesTags: ['Site'],
    }),
  }),
});

export const { useGetSiteBrandQuery } = siteBrandApi;

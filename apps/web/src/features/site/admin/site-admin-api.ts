/** The owner's site content: read and save (GET/PUT /api/admin/site). */
import type { SiteDocument, SiteEditInput } from '@consult/shared';
import { api } from '../../../lib/api';

const CONTENT = { type: 'Site' as const, id: 'CONTENT' };

export const siteAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminSite: build.query<SiteDocument, void>({
      query: () => '/admin/site',
      providesTags: [CONTENT],
    }),
    saveAdminSite: build.mutation<SiteDocument, SiteEditInput>({
      query: (body) => ({ url: '/admin/site', method: 'PUT', body }),
      // Every 'Site' query: the editor's copy and the brand mark of the app's headers.
      invalidatesTags: ['Site'],
    }),
  }),
});

export const { useGetAdminSiteQuery, useSaveAdminSiteMutation } = siteAdminApi;

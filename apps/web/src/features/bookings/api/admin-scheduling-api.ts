/** The owner's changes to services and scheduling settings; reads are in lib/owner-scheduling-api. */
import type {
  ConsultationService,
  SchedulingSettings,
  SchedulingSettingsInput,
  ServiceInput,
  SiteCurrency,
} from '@consult/shared';
import { api } from '../../../lib/api';

const SERVICES = { type: 'Scheduling' as const, id: 'SERVICES' };

export const adminSchedulingApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveSchedulingSettings: build.mutation<SchedulingSettings, SchedulingSettingsInput>({
      query: (body) => ({ url: '/admin/scheduling', method: 'PUT', body }),
      invalidatesTags: [
        { type: 'Scheduling', id: 'SETTINGS' },
        { type: 'Scheduling', id: 'PREVIEW' },
      ],
    }),
    createService: build.mutation<ConsultationService, ServiceInput>({
      query: (body) => ({ url: '/admin/services', method: 'POST', body }),
      invalidatesTags: [SERVICES],
    }),
    updateService: build.mutation<ConsultationService, { id: string; input: ServiceInput }>({
      query: ({ id, input }) => ({
        url: `/admin/services/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: input,
      }),
      // A changed duration changes the preview's slots too.
      invalidatesTags: [SERVICES, { type: 'Scheduling', id: 'PREVIEW' }],
    }),
    /** The services and packages that follow the site's currency move with it; codes gain amounts. */
    saveSiteCurrency: build.mutation<SiteCurrency, SiteCurrency>({
      query: (body) => ({ url: '/admin/site-currency', method: 'PUT', body }),
      invalidatesTags: [SERVICES, { type: 'Scheduling', id: 'CURRENCY' }, 'Package', 'Coupon'],
    }),
    deleteService: build.mutation<null, string>({
      query: (id) => ({ url: `/admin/services/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [SERVICES],
    }),
  }),
});

export const {
  useSaveSchedulingSettingsMutation,
  useCreateServiceMutation,
  useUpdateServiceMutation,
  useDeleteServiceMutation,
  useSaveSiteCurrencyMutation,
} = adminSchedulingApi;

/**
 * The owner's scheduling as the admin screens read it: the settings (zone, hours, rules), every
 * service and the slot preview. Both the bookings screens (zone, rescheduling, booking for a client)
 * and the configuration screen use them, so they live here rather than in one feature.
 */
import type {
  SchedulingSettings,
  ServicesList,
  SiteCurrency,
  SiteCurrencyPreview,
  SlotPreview,
  SlotPreviewRequest,
} from '@consult/shared';
import { api } from '../../../lib/api';

export const ownerSchedulingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSchedulingSettings: build.query<SchedulingSettings, void>({
      query: () => '/admin/scheduling',
      providesTags: [{ type: 'Scheduling', id: 'SETTINGS' }],
    }),
    listAdminServices: build.query<ServicesList, void>({
      query: () => '/admin/services',
      providesTags: [{ type: 'Scheduling', id: 'SERVICES' }],
    }),
    /** The currency new services and the services that follow the site are priced in. */
    getSiteCurrency: build.query<SiteCurrency, void>({
      query: () => '/admin/site-currency',
      providesTags: [{ type: 'Scheduling', id: 'CURRENCY' }],
    }),
    /**
     * What a change of the site's currency would move (services, packages, codes' amounts) and what
     * would stay in another currency; for the site's own currency, what the public pages show now.
     */
    getSiteCurrencyPreview: build.query<SiteCurrencyPreview, string>({
      query: (currency) => `/admin/site-currency/preview?currency=${encodeURIComponent(currency)}`,
      providesTags: [
        { type: 'Scheduling', id: 'CURRENCY' },
        { type: 'Scheduling', id: 'SERVICES' },
        'Package',
        'Coupon',
      ],
    }),
    /** A read, though sent as POST: the draft settings travel in the body. */
    previewSlots: build.query<SlotPreview, SlotPreviewRequest>({
      query: (body) => ({ url: '/admin/scheduling/preview', method: 'POST', body }),
      // Existing bookings take their time out of the preview, so any booking change refreshes it.
      providesTags: [
        { type: 'Scheduling', id: 'PREVIEW' },
        { type: 'Booking', id: 'LIST' },
      ],
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useGetSchedulingSettingsQuery,
  useListAdminServicesQuery,
  useGetSiteCurrencyQuery,
  useGetSiteCurrencyPreviewQuery,
  usePreviewSlotsQuery,
} = ownerSchedulingApi;

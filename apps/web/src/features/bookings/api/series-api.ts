/**
 * Recurring sessions (issue 25): every date of a series with its state, booking the free ones at
 * once (loaded with the booking flow's "Repeat" choice only, never with /consultation's page), and
 * cancelling a session with the following ones (/dash/bookings).
 */
import type {
  AdminCreateSeriesInput,
  CancelledSeries,
  CancelSeriesInput,
  CreatedSeries,
  CreateSeriesInput,
  SeriesPreview,
  SeriesPreviewInput,
} from '@consult/shared';
import { api } from '../../../lib/api';
import { BOOKING_CANCELLED, BOOKING_CREATED } from './booking-change-tags';

export const seriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A POST that changes nothing: a mutation, so each choice asks anew (the dates fill up).
    previewSeries: build.mutation<SeriesPreview, SeriesPreviewInput>({
      query: (body) => ({ url: '/bookings/series/preview', method: 'POST', body }),
    }),
    createSeries: build.mutation<CreatedSeries, CreateSeriesInput>({
      query: (body) => ({ url: '/bookings/series', method: 'POST', body }),
      invalidatesTags: BOOKING_CREATED,
    }),
    /** A session of the series and the following ones (`from`), each by the cutoff. */
    cancelSeries: build.mutation<CancelledSeries, { id: string } & CancelSeriesInput>({
      query: ({ id, ...body }) => ({
        url: `/bookings/series/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        body,
      }),
      invalidatesTags: BOOKING_CANCELLED,
    }),
    /** The owner's series for a client (/admin/bookings), paid by hand or the client's credits. */
    createAdminSeries: build.mutation<CreatedSeries, AdminCreateSeriesInput>({
      query: (body) => ({ url: '/admin/bookings/series', method: 'POST', body }),
      invalidatesTags: BOOKING_CREATED,
    }),
    cancelAdminSeries: build.mutation<CancelledSeries, { id: string } & CancelSeriesInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/bookings/series/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        body,
      }),
      invalidatesTags: BOOKING_CANCELLED,
    }),
  }),
});

export const {
  usePreviewSeriesMutation,
  useCreateSeriesMutation,
  useCancelSeriesMutation,
  useCreateAdminSeriesMutation,
  useCancelAdminSeriesMutation,
} = seriesApi;

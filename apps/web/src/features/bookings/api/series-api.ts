/**
 * Recurring sessions (issue 25): every date of a series with its state, and booking the free ones
 * at once. Loaded with the booking flow's "Repeat" choice only, never with /consultation's page.
 */
import type {
  CreatedSeries,
  CreateSeriesInput,
  SeriesPreview,
  SeriesPreviewInput,
} from '@consult/shared';
import { api } from '../../../lib/api';
import { BOOKING_CREATED } from './booking-change-tags';

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
  }),
});

export const { usePreviewSeriesMutation, useCreateSeriesMutation } = seriesApi;

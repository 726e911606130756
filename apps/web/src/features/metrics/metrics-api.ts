/** The owner's metrics of a range and the range's bookings as CSV. */
import type { DayRange, Metrics } from '@consult/shared';
import { api } from '../../lib/api';

export const metricsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMetrics: build.query<Metrics, DayRange>({
      query: (range) => ({ url: '/admin/metrics', params: { from: range.from, to: range.to } }),
      // Changes of bookings and payments change the figures.
      providesTags: ['Metrics', 'Booking', 'Payment'],
    }),
    // A mutation, not a query: the file is fetched on the click and never cached.
    getBookingsCsv: build.mutation<string, DayRange>({
      query: (range) => ({
        url: '/admin/metrics/bookings.csv',
        params: { from: range.from, to: range.to },
        responseHandler: 'text',
      }),
    }),
  }),
});

export const { useGetMetricsQuery, useGetBookingsCsvMutation } = metricsApi;

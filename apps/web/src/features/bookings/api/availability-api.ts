/** GET /api/availability: a service's free slot starts for a range of days in the visitor's zone. */
import type { Availability, AvailabilityQuery } from '@consult/shared';
import { api } from '../../../lib/api';

export const availabilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAvailability: build.query<Availability, AvailabilityQuery>({
      query: (params) => ({ url: '/availability', params }),
      // Free times change as others book: a cached month is refetched when it is shown again.
      keepUnusedDataFor: 0,
      providesTags: ['Booking'],
    }),
  }),
});

export const { useGetAvailabilityQuery } = availabilityApi;

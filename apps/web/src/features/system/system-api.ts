import type { SystemStatus } from '@consult/shared';
import { api } from '../../lib/api';

export const adminSystemApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSystemStatus: build.query<SystemStatus, void>({
      query: () => '/admin/system',
      // Health is only useful fresh: never show a minute-old reading as current.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSystemStatusQuery } = adminSystemApi;

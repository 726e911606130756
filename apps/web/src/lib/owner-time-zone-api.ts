/**
 * The owner's time zone, the clock of every admin screen (decision 054): read once for the admin
 * area, from its own small answer rather than the whole scheduling settings, and read again when the
 * owner saves the settings (the scheduling save invalidates `Scheduling` SETTINGS).
 */
import type { OwnerTimeZone } from '@consult/shared';
import { api } from './api';

export const ownerTimeZoneApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOwnerTimeZone: build.query<OwnerTimeZone, void>({
      query: () => '/admin/owner-time-zone',
      providesTags: [{ type: 'Scheduling', id: 'SETTINGS' }],
    }),
  }),
});

/**
 * The owner's zone once known; `undefined` while it loads. Should it fail, the screens read UTC (as
 * they did when the settings could not be read) rather than stay blank.
 */
export function useOwnerTimeZone(): string | undefined {
  const { data, isLoading } = ownerTimeZoneApi.useGetOwnerTimeZoneQuery();
  if (isLoading) return undefined;
  return data?.timeZone ?? 'UTC';
}

/** The whole query, for a screen that shows its own loading and error states. */
export const { useGetOwnerTimeZoneQuery } = ownerTimeZoneApi;

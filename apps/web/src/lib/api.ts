/** The one RTK Query API of the app. Features add their endpoints with `api.injectEndpoints`. */
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { API_BASE, CACHE_RETENTION_SECONDS } from '@consult/shared';
import type { RootState } from '../app/store';

export const baseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  credentials: 'include',
  prepareHeaders(headers, { getState }) {
    const token = (getState() as RootState).auth.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    headers.set('content-type', 'application/json');
    return headers;
  },
});

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Task', 'User', 'Booking', 'Payment', 'Metrics'],
  keepUnusedDataFor: CACHE_RETENTION_SECONDS,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

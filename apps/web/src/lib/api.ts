/** The one RTK Query API of the app. Features add their endpoints with `api.injectEndpoints`. */
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { toast } from 'sonner';
import {
  API_BASE,
  AUTH_MESSAGES,
  CACHE_RETENTION_SECONDS,
  EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
  paths,
} from '@consult/shared';
import type { RootState } from '../app/store';
import { loggedOut, setCredentials } from '../features/auth/auth-slice';
import { navigateTo } from './navigation';
import { REFRESH_LOCK } from './session-lock';

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

const REFRESH_URL = '/auth/refresh';

function readAccessToken(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('accessToken' in data)) return null;
  return typeof data.accessToken === 'string' ? data.accessToken : null;
}

/*
 * Every refresh (the guards' GET at entry, the POST after a 403, the start-up restore) goes through
 * this one promise, and across tabs through one Web Lock: the refresh token rotates on use and
 * reusing a rotated one revokes the whole session, so two refreshes racing with the same cookie
 * would sign the person out.
 */
let refreshInFlight: Promise<boolean> | null = null;

export function refreshSession(
  method: 'GET' | 'POST',
  queryApi: BaseQueryApi,
  extraOptions: object = {},
): Promise<boolean> {
  refreshInFlight ??= (async () => {
    try {
      const refresh = () => baseQuery({ url: REFRESH_URL, method }, queryApi, extraOptions);
      // Tabs share the cookie: a lock makes a second tab wait and then send the rotated one.
      const result =
        typeof navigator !== 'undefined' && navigator.locks
          ? await navigator.locks.request(REFRESH_LOCK, refresh)
          : await refresh();
      const accessToken = result.error ? null : readAccessToken(result.data);
      if (!accessToken) return false;
      queryApi.dispatch(setCredentials({ accessToken }));
      return true;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

function isRefreshCall(args: string | FetchArgs) {
  const url = typeof args === 'string' ? args : args.url;
  return url.startsWith(REFRESH_URL);
}

/** A 403 that says "verify your e-mail first": the session is fine, so no refresh is tried. */
function isEmailNotVerified(error: FetchBaseQueryError) {
  const data: unknown = error.data;
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === EMAIL_NOT_VERIFIED_PROBLEM_TYPE
  );
}

/** The session ended for good: leave the signed-in area first, so no guard starts its own refresh. */
async function endExpiredSession(queryApi: BaseQueryApi) {
  if (!(queryApi.getState() as RootState).auth.token) return;
  const from = `${window.location.pathname}${window.location.search}`;
  toast.error(AUTH_MESSAGES.loginExpired);
  await navigateTo(paths.signIn, { replace: true, state: { from } });
  queryApi.dispatch(loggedOut());
  queryApi.dispatch(api.util.resetApiState());
}

/**
 * The base query with re-authentication (seed spec §4): a 403 triggers one refresh, shared by every
 * request that failed meanwhile; on success the request is retried with the new token, on failure
 * the session is cleared and the browser goes to /signin with 'Your login has expired.'.
 */
export const baseQueryWithReauth: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError
> = async (args, queryApi, extraOptions) => {
  const tokenSent = (queryApi.getState() as RootState).auth.token;
  const result = await baseQuery(args, queryApi, extraOptions);
  if (result.error?.status !== 403 || isRefreshCall(args) || isEmailNotVerified(result.error)) {
    return result;
  }

  const tokenNow = (queryApi.getState() as RootState).auth.token;
  // Another request already refreshed since this one left: retry with the new token at once.
  const refreshed =
    tokenNow && tokenNow !== tokenSent && !refreshInFlight
      ? true
      : await refreshSession('POST', queryApi, extraOptions);
  if (refreshed) return baseQuery(args, queryApi, extraOptions);
  await endExpiredSession(queryApi);
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['Task', 'User', 'Booking', 'Payment', 'Metrics', 'Scheduling'],
  keepUnusedDataFor: CACHE_RETENTION_SECONDS,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

/** The seed's user calls count as success only on 200 (§5); a missing status is an error. */
export const userCallSucceeded = (response: Response) => response.status === 200;
/** The user update also accepts 201 (§5). */
export const userUpdateSucceeded = (response: Response) =>
  response.status === 200 || response.status === 201;

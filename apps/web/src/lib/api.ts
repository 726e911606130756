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
  CROSS_SITE_PROBLEM_TYPE,
  EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
  paths,
  SETUP_CODE_INVALID_PROBLEM_TYPE,
  TWO_FACTOR_SETUP_REQUIRED_PROBLEM_TYPE,
} from '@consult/shared';
import { loggedOut, setCredentials, type StateWithSession } from './session/auth-slice';
import { navigateTo } from './navigation';
import { REFRESH_LOCK } from './session/session-lock';

export const baseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  credentials: 'include',
  prepareHeaders(headers, { getState, arg }) {
    const token = (getState() as StateWithSession).auth.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    // A form with a file (the portrait upload) goes as multipart; fetch writes its boundary.
    const body: unknown = typeof arg === 'object' ? arg.body : undefined;
    if (!(body instanceof FormData)) headers.set('content-type', 'application/json');
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
 * one promise, and across tabs through one Web Lock: the refresh token rotates on use and reusing a
 * rotated one revokes the whole session, so two refreshes racing with the same cookie would sign
 * the person out.
 */
interface Refresh {
  method: 'GET' | 'POST';
  /** On the wire: before that (waiting for another tab's lock) its method can still change. */
  sent: boolean;
  done: Promise<boolean>;
}
let refreshInFlight: Refresh | null = null;

/**
 * GET restores a session the store does not have (the guards, the start-up restore); POST renews
 * one the server refused (after a 403). A POST shares a GET only when that GET is already on the
 * wire; one still waiting for the lock goes out as the POST.
 */
export function refreshSession(
  method: 'GET' | 'POST',
  queryApi: BaseQueryApi,
  extraOptions: object = {},
): Promise<boolean> {
  if (refreshInFlight) {
    if (method === 'POST' && !refreshInFlight.sent) refreshInFlight.method = 'POST';
    return refreshInFlight.done;
  }
  // A guard rendered with the state of a moment ago (a route transition) may ask to restore a
  // session that has just arrived: there is nothing to restore, and a refresh would rotate it.
  if (method === 'GET' && (queryApi.getState() as StateWithSession).auth.token) {
    return Promise.resolve(true);
  }
  const refresh: Refresh = { method, sent: false, done: Promise.resolve(false) };
  refreshInFlight = refresh;
  refresh.done = (async () => {
    try {
      const send = () => {
        refresh.sent = true;
        return baseQuery({ url: REFRESH_URL, method: refresh.method }, queryApi, extraOptions);
      };
      // Tabs share the cookie: a lock makes a second tab wait and then send the rotated one.
      const result =
        typeof navigator !== 'undefined' && navigator.locks
          ? await navigator.locks.request(REFRESH_LOCK, send)
          : await send();
      const accessToken = result.error ? null : readAccessToken(result.data);
      if (!accessToken) return false;
      queryApi.dispatch(setCredentials({ accessToken }));
      return true;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refresh.done;
}

/**
 * Whether the session restore under way (the start-up restore, a guard's) ends signed in; false at
 * once when none is under way. A choice made while the page is still restoring the session waits
 * for it instead of taking the visitor for signed out.
 */
export function sessionRestored(): Promise<boolean> {
  return refreshInFlight?.done ?? Promise.resolve(false);
}

function isRefreshCall(args: string | FetchArgs) {
  const url = typeof args === 'string' ? args : args.url;
  return url.startsWith(REFRESH_URL);
}

/** 403s that are not about the session: a refresh would not help, so none is tried. */
const NOT_SESSION_PROBLEMS: readonly unknown[] = [
  EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
  CROSS_SITE_PROBLEM_TYPE,
  SETUP_CODE_INVALID_PROBLEM_TYPE,
  TWO_FACTOR_SETUP_REQUIRED_PROBLEM_TYPE,
];

function problemType(error: FetchBaseQueryError): unknown {
  const data: unknown = error.data;
  return typeof data === 'object' && data !== null && 'type' in data ? data.type : undefined;
}

function isNotSessionProblem(error: FetchBaseQueryError) {
  return NOT_SESSION_PROBLEMS.includes(problemType(error));
}

/**
 * The owner requires two-factor sign-in for admins and this admin has none: every admin call is
 * refused until it is on, so the admin goes where it is set up (decision 043).
 */
async function sendToTwoFactorSetup() {
  if (window.location.pathname !== paths.admin.profile) {
    await navigateTo(paths.admin.profile, { replace: true });
  }
}

/** The session ended for good: leave the signed-in area first, so no guard starts its own refresh. */
async function endExpiredSession(queryApi: BaseQueryApi) {
  if (!(queryApi.getState() as StateWithSession).auth.token) return;
  const from = `${window.location.pathname}${window.location.search}`;
  toast.error(AUTH_MESSAGES.loginExpired);
  await navigateTo(paths.signIn, { replace: true, state: { from } });
  queryApi.dispatch(loggedOut());
  queryApi.dispatch(api.util.resetApiState());
}

/**
 * The base query with re-authentication: a 403 triggers one refresh, shared by every
 * request that failed meanwhile; on success the request is retried with the new token, on failure
 * the session is cleared and the browser goes to /signin with 'Your login has expired.'.
 */
export const baseQueryWithReauth: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError
> = async (args, queryApi, extraOptions) => {
  const tokenSent = (queryApi.getState() as StateWithSession).auth.token;
  const result = await baseQuery(args, queryApi, extraOptions);
  if (result.error && problemType(result.error) === TWO_FACTOR_SETUP_REQUIRED_PROBLEM_TYPE) {
    await sendToTwoFactorSetup();
  }
  if (result.error?.status !== 403 || isRefreshCall(args) || isNotSessionProblem(result.error)) {
    return result;
  }

  const tokenNow = (queryApi.getState() as StateWithSession).auth.token;
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
  tagTypes: [
    'Task',
    'User',
    'Session',
    'Booking',
    'Payment',
    'Metrics',
    'Scheduling',
    'Message',
    'Site',
    'Outbox',
    'Calendar',
    'Package',
    'Coupon',
    'Waitlist',
  ],
  keepUnusedDataFor: CACHE_RETENTION_SECONDS,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

/** The user calls count as success only on 200; any other status, or none, is an error. */
export const userCallSucceeded = (response: Response) => response.status === 200;
/** The user update also counts 201 as success. */
export const userUpdateSucceeded = (response: Response) =>
  response.status === 200 || response.status === 201;

import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPageFetch } from '../../testing/page-fetch';
import { api } from '../../lib/api';
import { authApi } from './auth-api';
import { authSlice, setCredentials } from '../../lib/session/auth-slice';

/*
 * Re-authentication (a 403 renews the session with POST, a guard restores a missing one with GET)
 * against a fake server at the network edge (fetch): the store, the API layer and the endpoints are
 * the app's own.
 */

function tokenFor(label: string) {
  const payload = btoa(
    JSON.stringify({ user: { id: 'u1', email: 'client@example.test', role: 'user' }, label }),
  );
  return `e30.${payload.replace(/=+$/, '')}.${label}`;
}
const STALE = tokenFor('stale');
const FRESH = tokenFor('fresh');

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}
function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** What the server saw, as `METHOD path` and the label of the bearer token, if any. */
let requests: string[];
/** When set, the refresh answers only once it resolves. */
let refreshGate: Deferred | null;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 400 ? 'application/json' : 'application/problem+json' },
  });
}

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname;
  const bearer = request.headers.get('authorization')?.replace('Bearer ', '');
  if (path === '/api/auth/refresh') {
    // The cookie is what counts here; the token the request may carry does not.
    requests.push(`${request.method} ${path}`);
    await refreshGate?.promise;
    return json(200, { accessToken: FRESH });
  }
  requests.push(`${request.method} ${path}${bearer ? ` ${bearer.split('.')[2]}` : ''}`);
  if (path === '/api/user') {
    return bearer === FRESH
      ? json(200, { id: 'u1', email: 'client@example.test' })
      : json(403, { status: 403, title: 'Forbidden', detail: 'Your login has expired.' });
  }
  return json(404, { status: 404 });
}

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    currentUserForTest: build.query<unknown, void>({ query: () => '/user' }),
  }),
});

function createStore() {
  return configureStore({
    reducer: { auth: authSlice.reducer, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

describe('re-authentication after a 403', () => {
  beforeEach(() => {
    requests = [];
    refreshGate = null;
    stubPageFetch(fakeServer);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('renews the session with POST /api/auth/refresh and retries with the new token', async () => {
    const store = createStore();
    store.dispatch(setCredentials({ accessToken: STALE }));
    const result = await store.dispatch(probeApi.endpoints.currentUserForTest.initiate());
    expect(result.data).toEqual({ id: 'u1', email: 'client@example.test' });
    expect(requests).toEqual([
      'GET /api/user stale',
      'POST /api/auth/refresh',
      'GET /api/user fresh',
    ]);
    expect(store.getState().auth.token).toBe(FRESH);
  });

  it('still uses POST when a guard asks to restore a session that has just arrived', async () => {
    // /dash after a reload: the start-up restore has stored a token, and a guard rendered a moment
    // earlier asks for a restore of its own; it must not put a GET on the wire for the 403 to join.
    const store = createStore();
    store.dispatch(setCredentials({ accessToken: STALE }));
    const restored = store.dispatch(authApi.endpoints.restoreSession.initiate());
    const user = await store.dispatch(probeApi.endpoints.currentUserForTest.initiate());
    expect(await restored.unwrap()).toBe(true);
    expect(user.data).toEqual({ id: 'u1', email: 'client@example.test' });
    expect(requests).toEqual([
      'GET /api/user stale',
      'POST /api/auth/refresh',
      'GET /api/user fresh',
    ]);
  });

  it('shares a GET restore that is already on the wire instead of sending a second refresh', async () => {
    const store = createStore();
    refreshGate = deferred();
    const restored = store.dispatch(authApi.endpoints.restoreSession.initiate());
    await vi.waitFor(() => expect(requests).toEqual(['GET /api/auth/refresh']));
    // A sign-in elsewhere in the page stored a token that the server then refuses.
    store.dispatch(setCredentials({ accessToken: STALE }));
    const user = store.dispatch(probeApi.endpoints.currentUserForTest.initiate());
    await vi.waitFor(() => expect(requests).toContain('GET /api/user stale'));
    refreshGate.resolve();
    expect((await user).data).toEqual({ id: 'u1', email: 'client@example.test' });
    expect(await restored.unwrap()).toBe(true);
    expect(requests).toEqual([
      'GET /api/auth/refresh',
      'GET /api/user stale',
      'GET /api/user fresh',
    ]);
  });

  it('sends POST when the GET restore is still waiting for another tab to finish refreshing', async () => {
    const otherTab = deferred();
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, callback: () => Promise<unknown>) => {
          await otherTab.promise;
          return callback();
        },
      },
    });
    const store = createStore();
    const restored = store.dispatch(authApi.endpoints.restoreSession.initiate());
    store.dispatch(setCredentials({ accessToken: STALE }));
    const user = store.dispatch(probeApi.endpoints.currentUserForTest.initiate());
    await vi.waitFor(() => expect(requests).toEqual(['GET /api/user stale']));
    otherTab.resolve();
    expect((await user).data).toEqual({ id: 'u1', email: 'client@example.test' });
    expect(await restored.unwrap()).toBe(true);
    expect(requests).toEqual([
      'GET /api/user stale',
      'POST /api/auth/refresh',
      'GET /api/user fresh',
    ]);
  });
});

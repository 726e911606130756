import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_PROBLEM_TYPE, REFRESH_COOKIE } from '@consult/shared';
import { cookieValue, signedInUser } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';

const SITE = 'http://localhost:3000';
const FOREIGN = [
  ['another origin', { origin: 'https://evil.example' }],
  ['an opaque origin', { origin: 'null' }],
  ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
  ['a same-site fetch from a sibling host', { 'sec-fetch-site': 'same-site' }],
] as const;

describe('requests from another site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: SITE } });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    refreshToken?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      cookies: refreshToken ? { [REFRESH_COOKIE]: refreshToken } : {},
    });

  it.each(FOREIGN)(
    'refuses sign-out and refresh from %s, and sets or clears no cookie',
    async (_what, headers) => {
      const session = await signedInUser(t.app);
      for (const [method, url] of [
        ['POST', '/api/auth/logout'],
        ['POST', '/api/auth/refresh'],
        ['GET', '/api/auth/refresh'],
      ] as const) {
        const res = await call(method, url, headers, session.refreshToken);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ type: CROSS_SITE_PROBLEM_TYPE, status: 403 });
        expect(res.headers['set-cookie'], `${method} ${url}`).toBeUndefined();
      }
      // The session is untouched: the same refresh token still works from the site itself.
      const own = await call('POST', '/api/auth/refresh', { origin: SITE }, session.refreshToken);
      expect(own.statusCode).toBe(200);
      expect(cookieValue(own, REFRESH_COOKIE)).toBeDefined();
    },
  );

  it('takes the address the request was sent to as the site too', async () => {
    const session = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      cookies: { [REFRESH_COOKIE]: session.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:4000' },
      cookies: { [REFRESH_COOKIE]: cookieValue(res, REFRESH_COOKIE)! },
    });
    expect(spoofed.statusCode).toBe(403);
  });

  it('refuses other changes from another site too, before looking at them', async () => {
    const session = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { ...session.headers, origin: 'https://evil.example' },
      payload: { name: 'Changed elsewhere' },
    });
    expect(res.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: session.headers });
    expect(me.json().name).not.toBe('Changed elsewhere');
  });

  it('lets the site itself, and clients that send neither header, in', async () => {
    const session = await signedInUser(t.app);
    const own = await call(
      'POST',
      '/api/auth/refresh',
      {
        origin: SITE,
        'sec-fetch-site': 'same-origin',
      },
      session.refreshToken,
    );
    expect(own.statusCode).toBe(200);
    const script = await call('POST', '/api/auth/logout', {}, cookieValue(own, REFRESH_COOKIE));
    expect(script.statusCode).toBeLessThan(300);
    // A link followed from elsewhere may still read public pages and data.
    const site = await call('GET', '/api/site', { 'sec-fetch-site': 'cross-site' });
    expect(site.statusCode).toBe(200);
    // A person who types the address navigates with Sec-Fetch-Site: none.
    const typed = await call('GET', '/api/auth/refresh', { 'sec-fetch-site': 'none' });
    expect(typed.json().type).not.toBe(CROSS_SITE_PROBLEM_TYPE);
  });
});

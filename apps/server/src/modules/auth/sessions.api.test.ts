import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  REFRESH_COOKIE,
  SESSION_HINT_COOKIE,
  SESSION_MESSAGES,
  signedInSessionsSchema,
  type SignedInSession,
} from '@consult/shared';
import { cookieValue, createUser, freshIp, TEST_PASSWORD } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import type { UserRow } from '../users/users-repository';
import { SESSION_USE_MARK_INTERVAL_MS } from './authorize';
import { AUTH_RATE_LIMITS } from './rate-limits';
import { refreshTokens, sessions } from './schema';

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WINDOWS_FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('signed-in sessions: list, end one, end the others', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  interface Device {
    accessToken: string;
    refreshToken: string;
    headers: { authorization: string; 'user-agent': string };
    userAgent: string;
    ip: string;
  }

  /** Signs `user` in from a browser of its own: its user agent and address. */
  async function signInFrom(
    user: UserRow,
    userAgent: string,
    ip: string = freshIp(),
  ): Promise<Device> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    const accessToken = res.json<{ accessToken: string }>().accessToken;
    return {
      accessToken,
      refreshToken: cookieValue(res, REFRESH_COOKIE)!,
      headers: { authorization: `Bearer ${accessToken}`, 'user-agent': userAgent },
      userAgent,
      ip,
    };
  }

  const listSessions = (device: Device) =>
    t.app.inject({
      method: 'GET',
      url: '/api/user/sessions',
      headers: device.headers,
      remoteAddress: device.ip,
    });

  async function sessionsSeenBy(device: Device): Promise<SignedInSession[]> {
    const res = await listSessions(device);
    expect(res.statusCode, res.body).toBe(200);
    return signedInSessionsSchema.parse(res.json()).sessions;
  }

  const endSession = (device: Device, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${id}`,
      headers: device.headers,
      remoteAddress: device.ip,
    });

  const endOthers = (device: Device) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/sessions/revoke-others',
      headers: device.headers,
      remoteAddress: device.ip,
    });

  const refresh = (device: Device) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { [REFRESH_COOKIE]: device.refreshToken },
      headers: { 'user-agent': device.userAgent, 'content-type': 'application/json' },
      remoteAddress: device.ip,
    });

  const profile = (device: Device) =>
    t.app.inject({ method: 'GET', url: '/api/user', headers: device.headers });

  /** The id of a device's session, read from its access token's `sid`. */
  function sessionIdOf(device: Device): string {
    const payload = JSON.parse(
      Buffer.from(device.accessToken.split('.')[1]!, 'base64url').toString(),
    );
    return (payload as { sid: string }).sid;
  }

  it('lists the sessions of two browsers with device, shortened address, times and this device marked', async () => {
    const user = await createUser(t.app);
    const before = Date.now();
    const mac = await signInFrom(user, MAC_CHROME, '203.0.113.57');
    const windows = await signInFrom(user, WINDOWS_FIREFOX, '2001:db8:85a3:8d3:1319:8a2e:370:7348');
    // Someone else's session is never among them.
    const stranger = await signInFrom(await createUser(t.app), IPHONE_SAFARI);

    const seen = await sessionsSeenBy(mac);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({
      id: sessionIdOf(mac),
      userAgent: MAC_CHROME,
      device: 'Chrome on macOS',
      ip: '203.0.113.x',
      current: true,
    });
    expect(seen[1]).toMatchObject({
      id: sessionIdOf(windows),
      userAgent: WINDOWS_FIREFOX,
      device: 'Firefox on Windows',
      ip: '2001:db8:85a3:…',
      current: false,
    });
    for (const session of seen) {
      expect(Date.parse(session.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(session.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    }
    expect(seen.map((session) => session.id)).not.toContain(sessionIdOf(stranger));

    // The other browser sees the same two, with itself marked.
    const fromWindows = await sessionsSeenBy(windows);
    expect(fromWindows.map((s) => [s.id, s.current])).toEqual([
      [sessionIdOf(windows), true],
      [sessionIdOf(mac), false],
    ]);

    // No full address is kept anywhere.
    const rows = await t.app.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.ip).sort()).toEqual(['2001:db8:85a3:…', '203.0.113.x']);
  });

  it('ends another session: its refresh fails and its access token is refused at once', async () => {
    const user = await createUser(t.app);
    const mine = await signInFrom(user, MAC_CHROME);
    const other = await signInFrom(user, IPHONE_SAFARI);
    expect((await profile(other)).statusCode).toBe(200);

    const res = await endSession(mine, sessionIdOf(other));
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    // Not this browser's session: its cookies stay.
    expect(res.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)).toBeUndefined();

    const refused = await profile(other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(AUTH_MESSAGES.loginExpired);
    expect((await refresh(other)).statusCode).toBe(403);

    expect((await profile(mine)).statusCode).toBe(200);
    expect((await sessionsSeenBy(mine)).map((s) => s.id)).toEqual([sessionIdOf(mine)]);
    // An ended session is not found any more.
    expect((await endSession(mine, sessionIdOf(other))).statusCode).toBe(404);
  });

  it('ending this browser’s own session signs it out and clears its cookies', async () => {
    const user = await createUser(t.app);
    const mine = await signInFrom(user, MAC_CHROME);
    const res = await endSession(mine, sessionIdOf(mine));
    expect(res.statusCode).toBe(204);
    expect(cookieValue(res, REFRESH_COOKIE)).toBe('');
    expect(cookieValue(res, SESSION_HINT_COOKIE)).toBe('');
    expect((await profile(mine)).statusCode).toBe(403);
    expect((await refresh(mine)).statusCode).toBe(403);
  });

  it('signs out everywhere else: every other session ends, this one goes on', async () => {
    const user = await createUser(t.app);
    const mine = await signInFrom(user, MAC_CHROME);
    const phone = await signInFrom(user, IPHONE_SAFARI);
    const laptop = await signInFrom(user, WINDOWS_FIREFOX);
    const someoneElse = await signInFrom(await createUser(t.app), WINDOWS_FIREFOX);

    const res = await endOthers(mine);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });

    for (const ended of [phone, laptop]) {
      expect((await profile(ended)).statusCode).toBe(403);
      expect((await refresh(ended)).statusCode).toBe(403);
    }
    expect((await profile(mine)).statusCode).toBe(200);
    expect((await profile(someoneElse)).statusCode).toBe(200);
    expect((await sessionsSeenBy(mine)).map((s) => s.id)).toEqual([sessionIdOf(mine)]);

    expect((await endOthers(mine)).json()).toEqual({ ended: 0 });
  });

  it('answers 404 for another person’s session and leaves it working, and for any id that names none of the person’s', async () => {
    const user = await createUser(t.app);
    const mine = await signInFrom(user, MAC_CHROME);
    const theirs = await signInFrom(await createUser(t.app), IPHONE_SAFARI);

    const res = await endSession(mine, sessionIdOf(theirs));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: SESSION_MESSAGES.notFound });
    expect((await profile(theirs)).statusCode).toBe(200);
    expect((await refresh(theirs)).statusCode).toBe(200);

    expect((await endSession(mine, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await endSession(mine, 'not-a-session')).statusCode).toBe(404);
    expect((await endSession(mine, '%00')).statusCode).toBe(404);
    // Past the router's parameter length (100, as the schema says): refused, never a 500.
    expect((await endSession(mine, 'x'.repeat(101))).statusCode).toBe(414);
    expect((await profile(mine)).statusCode).toBe(200);
  });

  it('lists only live sessions: not expired, not signed out', async () => {
    const user = await createUser(t.app);
    const mine = await signInFrom(user, MAC_CHROME);
    const expired = await signInFrom(user, IPHONE_SAFARI);
    const signedOut = await signInFrom(user, WINDOWS_FIREFOX);
    await t.app.deps.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.familyId, sessionIdOf(expired)));
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { [REFRESH_COOKIE]: signedOut.refreshToken },
      headers: { 'content-type': 'application/json' },
    });
    expect(logout.statusCode).toBe(204);

    expect((await sessionsSeenBy(mine)).map((s) => s.id)).toEqual([sessionIdOf(mine)]);
    expect((await endSession(mine, sessionIdOf(expired))).statusCode).toBe(404);
  });

  it('a refresh marks the session used with the browser and address of the refresh', async () => {
    const user = await createUser(t.app);
    const phone = await signInFrom(user, IPHONE_SAFARI, '198.51.100.20');
    const id = sessionIdOf(phone);
    const long = new Date(Date.now() - 3 * 60 * 60 * 1000);
    await t.app.deps.db
      .update(sessions)
      .set({ lastUsedAt: long, createdAt: long })
      .where(eq(sessions.id, id));

    const moved = { ...phone, ip: '192.0.2.33', userAgent: MAC_CHROME };
    const res = await refresh(moved);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.app.deps.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row).toMatchObject({ ip: '192.0.2.x', userAgent: MAC_CHROME, createdAt: long });
    expect(Date.now() - row!.lastUsedAt.getTime()).toBeLessThan(60_000);
  });

  it('requests with an access token mark the session used at most every few minutes', async () => {
    const user = await createUser(t.app);
    const lastUsed = async (id: string) =>
      (await t.app.deps.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
    // Each session's mark is set before its first request: a server holds what it read of a
    // session (decision 049), as it would after any earlier request.
    const usedRecently = await signInFrom(user, MAC_CHROME, '198.51.100.7');
    const recently = new Date(Date.now() - SESSION_USE_MARK_INTERVAL_MS / 2);
    await t.app.deps.db
      .update(sessions)
      .set({ lastUsedAt: recently })
      .where(eq(sessions.id, sessionIdOf(usedRecently)));
    expect((await profile(usedRecently)).statusCode).toBe(200);
    expect((await lastUsed(sessionIdOf(usedRecently))).lastUsedAt).toEqual(recently);

    const usedLongAgo = await signInFrom(user, MAC_CHROME, '198.51.100.7');
    const longAgo = new Date(Date.now() - SESSION_USE_MARK_INTERVAL_MS - 60_000);
    await t.app.deps.db
      .update(sessions)
      .set({ lastUsedAt: longAgo })
      .where(eq(sessions.id, sessionIdOf(usedLongAgo)));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: usedLongAgo.headers,
      remoteAddress: '192.0.2.200',
    });
    expect(res.statusCode).toBe(200);
    const row = await lastUsed(sessionIdOf(usedLongAgo));
    expect(Date.now() - row.lastUsedAt.getTime()).toBeLessThan(60_000);
    expect(row.ip).toBe('192.0.2.x');

    // Marked now, it is not written again by the next requests.
    await t.app.deps.db
      .update(sessions)
      .set({ lastUsedAt: longAgo })
      .where(eq(sessions.id, sessionIdOf(usedLongAgo)));
    expect((await profile(usedLongAgo)).statusCode).toBe(200);
    expect((await lastUsed(sessionIdOf(usedLongAgo))).lastUsedAt).toEqual(longAgo);
  });

  it('needs a token (401) and a live one (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/sessions' })).statusCode).toBe(401);
    const noToken = await t.app.inject({ method: 'POST', url: '/api/user/sessions/revoke-others' });
    expect(noToken.statusCode).toBe(401);
    const user = await createUser(t.app);
    const device = await signInFrom(user, MAC_CHROME);
    await endSession(device, sessionIdOf(device));
    expect((await listSessions(device)).statusCode).toBe(403);
  });

  it('writes an admin’s endings to the audit log, and no client’s', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const desk = await signInFrom(admin, MAC_CHROME);
    const phone = await signInFrom(admin, IPHONE_SAFARI);
    const tablet = await signInFrom(admin, WINDOWS_FIREFOX);
    expect((await endSession(desk, sessionIdOf(phone))).statusCode).toBe(204);
    expect((await endOthers(desk)).json()).toEqual({ ended: 1 });
    expect((await profile(tablet)).statusCode).toBe(403);

    const entries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.id));
    expect(entries.map((e) => [e.action, e.target, e.details])).toEqual(
      expect.arrayContaining([
        ['session.end', sessionIdOf(phone), { device: 'Safari on iPhone', thisDevice: false }],
        ['session.end_others', admin.id, { ended: 1 }],
      ]),
    );

    const client = await createUser(t.app);
    const mine = await signInFrom(client, MAC_CHROME);
    const other = await signInFrom(client, IPHONE_SAFARI);
    expect((await endSession(mine, sessionIdOf(other))).statusCode).toBe(204);
    const clientEntries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, client.id)));
    expect(clientEntries).toHaveLength(0);
  });

  it('keeps a budget on ending sessions per account (429 with Retry-After)', async () => {
    const user = await createUser(t.app);
    const device = await signInFrom(user, MAC_CHROME);
    for (let i = 0; i < AUTH_RATE_LIMITS.sessionEndsPerAccount.max; i += 1) {
      expect((await endOthers(device)).statusCode).toBe(200);
    }
    const over = await endOthers(device);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    // Listing costs nothing from that budget.
    expect((await listSessions(device)).statusCode).toBe(200);
  });

  it('a session whose browser no parser knows, or that sent no user agent, reads as an unknown device', async () => {
    const user = await createUser(t.app);
    const robot = await signInFrom(user, 'curl/8.5.0');
    expect(await sessionsSeenBy(robot)).toMatchObject([
      { userAgent: 'curl/8.5.0', device: SESSION_MESSAGES.unknownDevice },
    ]);
    await t.app.deps.db
      .update(sessions)
      .set({ userAgent: null })
      .where(eq(sessions.userId, user.id));
    expect(await sessionsSeenBy(robot)).toMatchObject([
      { userAgent: null, device: SESSION_MESSAGES.unknownDevice },
    ]);
  });

  it('documents the three routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(doc.paths['/api/user/sessions'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/user/sessions/{id}'] ?? {})).toContain('delete');
    expect(Object.keys(doc.paths['/api/user/sessions/revoke-others'] ?? {})).toContain('post');
  });
});

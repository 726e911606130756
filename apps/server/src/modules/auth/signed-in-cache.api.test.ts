/**
 * The signed-in cache (decision 049) never outlives what it holds: each test first makes sure the
 * user is held (a signed-in read that the cache answered), then changes something through the API
 * or straight in the database, and the very next request sees the change.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE, userSchema } from '@consult/shared';
import { createUser, signIn, signedInUser, TEST_PASSWORD } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { refreshTokens, sessions, twoFactorSecrets } from './schema';

describe('signed-in cache: a change counts from the next request', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  const profile = (authorization: string) =>
    t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization } });

  /** A signed-in read that leaves the user held by the cache. */
  async function held(account: { user: { id: string }; headers: { authorization: string } }) {
    expect((await profile(account.headers.authorization)).statusCode).toBe(200);
    expect(t.app.deps.signedIn.holds(account.user.id)).toBe(true);
    // And once more while held.
    expect((await profile(account.headers.authorization)).statusCode).toBe(200);
  }

  it('signing out', async () => {
    const client = await signedInUser(t.app);
    await held(client);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { [REFRESH_COOKIE]: client.refreshToken },
    });
    expect(res.statusCode).toBe(204);
    expect((await profile(client.headers.authorization)).statusCode).toBe(403);
  });

  it('ending a session from another device', async () => {
    const user = await createUser(t.app);
    const laptop = { user, ...(await signIn(t.app, user.email)) };
    const phone = { user, ...(await signIn(t.app, user.email)) };
    await held(laptop);
    await held(phone);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/user/sessions',
      headers: phone.headers,
    });
    const other = (listed.json() as { sessions: { id: string; current: boolean }[] }).sessions.find(
      (session) => !session.current,
    );
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${other!.id}`,
      headers: phone.headers,
    });
    expect(ended.statusCode).toBe(204);
    expect((await profile(laptop.headers.authorization)).statusCode).toBe(403);
    expect((await profile(phone.headers.authorization)).statusCode).toBe(200);
  });

  it('changing the password', async () => {
    const user = await createUser(t.app);
    const laptop = { user, ...(await signIn(t.app, user.email)) };
    const phone = { user, ...(await signIn(t.app, user.email)) };
    await held(phone);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: laptop.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another long enough password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await profile(phone.headers.authorization)).statusCode).toBe(403);
  });

  it('a role the owner takes away, and an account the owner disables', async () => {
    const colleague = await signedInUser(t.app, { role: 'admin' });
    await held(colleague);
    const admin = () =>
      t.app.inject({ method: 'GET', url: '/api/admin/users', headers: colleague.headers });
    expect((await admin()).statusCode).toBe(200);
    const demoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${colleague.user.id}`,
      headers: owner.headers,
      payload: { role: 'user' },
    });
    expect(demoted.statusCode).toBe(200);
    expect((await admin()).statusCode).toBe(403);
    const seen = await profile(colleague.headers.authorization);
    expect(userSchema.parse(seen.json()).role).toBe('user');

    await held(colleague);
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${colleague.user.id}`,
      headers: owner.headers,
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await profile(colleague.headers.authorization)).statusCode).toBe(403);
  });

  it("the owner's reset of an account's two-factor sign-in", async () => {
    const client = await signedInUser(t.app);
    await t.app.deps.db.insert(twoFactorSecrets).values({
      userId: client.user.id,
      secretCiphertext: 'sealed',
      enabledAt: new Date(),
    });
    await held(client);
    const reset = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${client.user.id}/2fa`,
      headers: owner.headers,
    });
    expect(reset.statusCode).toBe(204);
    expect((await profile(client.headers.authorization)).statusCode).toBe(403);
  });

  it('deleting the account', async () => {
    const client = await signedInUser(t.app);
    await held(client);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: client.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await profile(client.headers.authorization)).statusCode).toBe(403);
  });

  it('a new address waiting for confirmation', async () => {
    const client = await signedInUser(t.app);
    await held(client);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: client.headers,
      payload: { email: 'moved@example.test' },
    });
    expect(changed.statusCode).toBe(200);
    const seen = userSchema.parse((await profile(client.headers.authorization)).json());
    expect(seen.pendingEmail).toBe('moved@example.test');
  });

  it('writes made outside the app: a revoked token, a deleted session, a disabled account', async () => {
    const revoked = await signedInUser(t.app);
    await held(revoked);
    await t.app.deps.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.userId, revoked.user.id));
    expect((await profile(revoked.headers.authorization)).statusCode).toBe(403);

    const deleted = await signedInUser(t.app);
    await held(deleted);
    await t.app.deps.db.delete(sessions).where(eq(sessions.userId, deleted.user.id));
    expect((await profile(deleted.headers.authorization)).statusCode).toBe(403);

    const disabled = await signedInUser(t.app);
    await held(disabled);
    await t.app.deps.db.execute(
      sql`update users set disabled_at = now() where id = ${disabled.user.id}`,
    );
    expect((await profile(disabled.headers.authorization)).statusCode).toBe(403);
  });

  it('holds nothing while it cannot hear changes, and starts empty when it can again', async () => {
    const client = await signedInUser(t.app);
    await held(client);
    t.app.deps.signedIn.onListening(false);
    try {
      expect(t.app.deps.signedIn.size).toBe(0);
      expect((await profile(client.headers.authorization)).statusCode).toBe(200);
      expect(t.app.deps.signedIn.holds(client.user.id)).toBe(false);
    } finally {
      t.app.deps.signedIn.onListening(true);
    }
    await held(client);
  });
});

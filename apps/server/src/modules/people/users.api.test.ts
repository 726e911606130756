import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  ERASED_CLIENT_NAME,
  PRIVACY_MESSAGES,
  systemStatusSchema,
  usersPageSchema,
} from '@consult/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, signedInUser, signIn, type SignedIn } from '../../test/accounts';
import { insertTestBooking, insertTestService } from '../../test/bookings';
import { auditLog } from '../audit/schema';
import { users } from '../users/schema';

describe('admin: accounts and system health', () => {
  let t: TestApp;
  let admin: SignedIn & { user: Awaited<ReturnType<typeof createUser>> };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, { email: 'boss@example.test', name: 'Boss', role: 'admin' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: object,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });

  describe('authorization', () => {
    it('answers 401 without a token and 403 "Admins only." to a non-admin on every admin route', async () => {
      const client = await signedInUser(t.app);
      const routes: ['GET' | 'PATCH' | 'DELETE', string][] = [
        ['GET', '/api/admin/users'],
        ['GET', `/api/admin/users/${client.user.id}`],
        ['PATCH', `/api/admin/users/${client.user.id}`],
        ['DELETE', `/api/admin/users/${client.user.id}`],
        ['GET', '/api/admin/system'],
      ];
      for (const [method, url] of routes) {
        const anonymous = await call(method, url, {}, method === 'PATCH' ? {} : undefined);
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        const res = await call(
          method,
          url,
          client.headers,
          method === 'PATCH' ? { role: 'admin' } : undefined,
        );
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().detail).toBe(AUTH_MESSAGES.adminsOnly);
      }
      const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, client.user.id));
      expect(row!.role).toBe('user');
    });
  });

  describe('GET /api/admin/users', () => {
    it('pages newest first and searches name or e-mail, treating % and _ literally', async () => {
      const names = ['Zed Alpha', 'Zed Beta', 'Zed 100%_sure'];
      for (const [index, name] of names.entries()) {
        const user = await createUser(t.app, {
          name,
          email: `${name.replace(/\W/g, '').toLowerCase()}@zed.test`,
        });
        // Created a second apart: accounts made within one clock tick would tie on created_at.
        await t.app.deps.db
          .update(users)
          .set({ createdAt: new Date(Date.now() - (names.length - index) * 1000) })
          .where(eq(users.id, user.id));
      }
      const all = usersPageSchema.parse(
        (await call('GET', '/api/admin/users?search=zed', admin.headers)).json(),
      );
      expect(all.totalUsers).toBe(3);
      expect(all.users.map((u) => u.name)).toEqual(['Zed 100%_sure', 'Zed Beta', 'Zed Alpha']);

      const page2 = (
        await call('GET', '/api/admin/users?search=ZED&page=2&pageSize=2', admin.headers)
      ).json();
      expect(page2).toMatchObject({ currentPage: 2, totalPages: 2, totalUsers: 3 });
      expect(page2.users.map((u: { name: string }) => u.name)).toEqual(['Zed Alpha']);

      const literal = (await call('GET', '/api/admin/users?search=%25_', admin.headers)).json();
      expect(literal.users.map((u: { name: string }) => u.name)).toEqual(['Zed 100%_sure']);
      const byEmail = (await call('GET', '/api/admin/users?search=zedbeta@', admin.headers)).json();
      expect(byEmail.totalUsers).toBe(1);
      // A NUL in the search is ignored, not a failed query.
      const nul = await call('GET', '/api/admin/users?search=zedbeta%00@', admin.headers);
      expect(nul.statusCode).toBe(200);
      expect(nul.json().totalUsers).toBe(1);

      const defaults = (await call('GET', '/api/admin/users', admin.headers)).json();
      expect(defaults.currentPage).toBe(1);
      expect(defaults.users.length).toBeLessThanOrEqual(20);
      expect(JSON.stringify(defaults)).not.toMatch(/argon2|password/i);

      expect((await call('GET', '/api/admin/users?pageSize=101', admin.headers)).statusCode).toBe(
        400,
      );
      const empty = (
        await call('GET', '/api/admin/users?search=nothing-matches-this', admin.headers)
      ).json();
      expect(empty).toEqual({ users: [], currentPage: 1, totalPages: 1, totalUsers: 0 });
    });
  });

  describe('one account', () => {
    it('shows an account and answers 404 for an unknown or malformed id', async () => {
      const user = await createUser(t.app, { name: 'Shown' });
      const res = await call('GET', `/api/admin/users/${user.id}`, admin.headers);
      expect(res.json()).toMatchObject({ _id: user.id, name: 'Shown', role: 'user' });
      for (const id of ['7d1b2c4e-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const missing = await call('GET', `/api/admin/users/${id}`, admin.headers);
        expect(missing.statusCode).toBe(404);
        expect(missing.json().detail).toBe(AUTH_MESSAGES.userNotFound);
      }
    });

    it('promotes, disables (ending its sessions) and re-enables an account, with an audit entry', async () => {
      const target = await signedInUser(t.app);
      const promoted = await call('PATCH', `/api/admin/users/${target.user.id}`, admin.headers, {
        role: 'admin',
      });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json().role).toBe('admin');

      const disabled = await call('PATCH', `/api/admin/users/${target.user.id}`, admin.headers, {
        disabled: true,
      });
      expect(disabled.json().disabled).toBe(true);
      const refresh = await t.app.inject({
        method: 'GET',
        url: '/api/auth/refresh',
        cookies: { refreshToken: target.refreshToken },
      });
      expect(refresh.statusCode).toBe(403);
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: target.headers });
      expect(me.statusCode).toBe(403);

      const enabled = await call('PATCH', `/api/admin/users/${target.user.id}`, admin.headers, {
        disabled: false,
      });
      expect(enabled.json()).toMatchObject({ disabled: false, role: 'admin' });
      await signIn(t.app, target.user.email);

      const entries = await t.app.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, target.user.id));
      expect(entries.map((e) => e.action)).toEqual(['user.update', 'user.update', 'user.update']);
      expect(entries[0]!.actorId).toBe(admin.user.id);

      await call('PATCH', `/api/admin/users/${target.user.id}`, admin.headers, { role: 'user' });
      expect((await call('GET', '/api/admin/users', target.headers)).statusCode).toBe(403);
    });

    it('deletes an account: 204, then 404', async () => {
      const user = await createUser(t.app);
      const res = await call('DELETE', `/api/admin/users/${user.id}`, admin.headers);
      expect(res.statusCode).toBe(204);
      expect((await call('DELETE', `/api/admin/users/${user.id}`, admin.headers)).statusCode).toBe(
        404,
      );
      expect((await call('GET', `/api/admin/users/${user.id}`, admin.headers)).statusCode).toBe(
        404,
      );
    });

    it('erases an account with bookings instead of removing it: the booking stays, under "Deleted client"', async () => {
      const client = await createUser(t.app);
      const service = await insertTestService(t.database.db);
      const booking = await insertTestBooking(t.database.db, {
        service,
        clientId: client.id,
        startAt: new Date('2021-03-04T10:00:00Z'),
        state: 'completed',
      });
      const res = await call('DELETE', `/api/admin/users/${client.id}`, admin.headers);
      expect(res.statusCode, res.body).toBe(204);
      const kept = await call('GET', `/api/admin/users/${client.id}`, admin.headers);
      expect(kept.json()).toMatchObject({
        name: ERASED_CLIENT_NAME,
        disabled: true,
        bookings: [expect.objectContaining({ id: booking.id, state: 'completed' })],
      });
      expect(kept.json().email).not.toBe(client.email);
      // Nothing new is kept about a client who is gone.
      const note = await call('POST', `/api/admin/users/${client.id}/notes`, admin.headers, {
        text: 'Called about the invoice',
      });
      expect(note.statusCode).toBe(409);
      expect(note.json().detail).toBe(PRIVACY_MESSAGES.accountErased);
      const task = await call('POST', '/api/admin/tasks', admin.headers, {
        clientId: client.id,
        title: 'Send the signed form',
      });
      expect(task.statusCode).toBe(400);
      expect(task.json().errors.clientId).toEqual([PRIVACY_MESSAGES.accountErased]);
      // Deleting it again changes nothing.
      const again = await call('DELETE', `/api/admin/users/${client.id}`, admin.headers);
      expect(again.statusCode).toBe(204);
      expect((await call('GET', `/api/admin/users/${client.id}`, admin.headers)).json()).toEqual(
        kept.json(),
      );
    });

    it('never demotes, disables or deletes the last admin', async () => {
      const url = `/api/admin/users/${admin.user.id}`;
      for (const [method, body] of [
        ['PATCH', { role: 'user' }],
        ['PATCH', { disabled: true }],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(method, url, admin.headers, body);
        expect(res.statusCode).toBe(409);
        expect(res.json().detail).toBe(AUTH_MESSAGES.lastAdmin);
      }
      // With a second admin, the first one may step down.
      const second = await createUser(t.app, { role: 'admin' });
      const down = await call('PATCH', url, admin.headers, { role: 'user' });
      expect(down.statusCode).toBe(200);
      const back = await signedInUser(t.app, { role: 'admin' });
      await call('PATCH', url, back.headers, { role: 'admin' });
      await call('DELETE', `/api/admin/users/${second.id}`, back.headers);
      await call('DELETE', `/api/admin/users/${back.user.id}`, admin.headers);
    });
  });

  describe('GET /api/admin/system', () => {
    it('reports version, database, mail queue, jobs, memory and event-loop delay', async () => {
      const res = await call('GET', '/api/admin/system', admin.headers);
      expect(res.statusCode).toBe(200);
      const body = systemStatusSchema.parse(res.json());
      expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(body.node).toBe(process.version);
      expect(body.database).toMatchObject({ ok: true, kind: t.database.kind });
      expect(body.database.sizeBytes).toBeGreaterThan(0);
      expect(body.database.migrationsApplied).toBeGreaterThanOrEqual(1);
      expect(body.jobs.jobs.map((j) => j.name)).toContain('mail-outbox');
      expect(body.memory.rssBytes).toBeGreaterThan(0);
      expect(body.eventLoopDelayMs.max).toBeGreaterThanOrEqual(0);
    });
  });
});

describe('the configured admin (ADMIN_EMAIL + ADMIN_PASSWORD)', () => {
  it('is created verified at start, and promoted with its password reset on a later start', async () => {
    const env = { ADMIN_EMAIL: 'owner@example.test', ADMIN_PASSWORD: 'first admin password' };
    const t = await createTestApp({ env });
    try {
      await t.app.ready();
      const [row] = await t.app.deps.db
        .select()
        .from(users)
        .where(eq(users.email, 'owner@example.test'));
      expect(row).toMatchObject({ role: 'admin', disabledAt: null });
      expect(row!.emailVerifiedAt).not.toBeNull();
      await signIn(t.app, 'owner@example.test', 'first admin password');

      // What a restart with other settings does, on the same database.
      const { ensureConfiguredAdmin } = await import('../auth/configured-admin');
      await t.app.deps.db
        .update(users)
        .set({ role: 'user', disabledAt: new Date() })
        .where(eq(users.id, row!.id));
      const restarted = Object.create(t.app.deps, {
        config: { value: { ...t.app.deps.config, ADMIN_PASSWORD: 'second admin password' } },
      });
      await ensureConfiguredAdmin(restarted);
      await ensureConfiguredAdmin(restarted);
      const all = await t.app.deps.db
        .select()
        .from(users)
        .where(eq(users.email, 'owner@example.test'));
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({ role: 'admin', disabledAt: null });
      await signIn(t.app, 'owner@example.test', 'second admin password');
    } finally {
      await t.close();
    }
  });
});

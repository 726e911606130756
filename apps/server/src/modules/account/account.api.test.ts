import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  EMAIL_ALREADY_VERIFIED_PROBLEM_TYPE,
  REFRESH_COOKIE,
  userSchema,
  RESET_LINK_INVALID_PROBLEM_TYPE,
  TEXT_MESSAGES,
} from '@consult/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../test/smtp-peer';
import { cookieValue, createUser, freshIp, signedInUser, signIn } from '../../test/accounts';
import { AUTH_RATE_LIMITS } from '../auth/rate-limits';
import { emailTokens, users } from '../users/schema';

describe('accounts: profile, e-mail verification and password reset', () => {
  let t: TestApp;
  let peer: SmtpPeer;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url } });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: freshIp(),
    });
  }

  async function mailTo(address: string, subject: string): Promise<ReceivedMail> {
    await t.app.deps.afterResponse.drain();
    await t.app.deps.mailer.deliverDue();
    return peer.waitForMail((m) => m.to.includes(address) && m.subject === subject);
  }

  function tokenOf(mail: ReceivedMail, path: string): string {
    const link = mail.links.find((l) => l.startsWith(`http://localhost:3000${path}?token=`));
    if (!link) throw new Error(`no ${path} link in "${mail.text}"`);
    return new URL(link).searchParams.get('token')!;
  }

  const refresh = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: token } });

  describe('GET /api/user', () => {
    it('answers the user object, with _id and id, and no password hash', async () => {
      const { user, headers } = await signedInUser(t.app, { email: 'me@example.test', name: 'Me' });
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers });
      expect(res.statusCode).toBe(200);
      const body = userSchema.strict().parse(res.json());
      expect(body).toMatchObject({
        _id: user.id,
        id: user.id,
        email: 'me@example.test',
        name: 'Me',
        phone: null,
        DOB: '1990-04-23',
        timeZone: 'Europe/Berlin',
        role: 'user',
        emailVerified: true,
        pendingEmail: null,
        disabled: false,
      });
      expect(res.body).not.toContain('argon2');
    });
  });

  describe('PATCH /api/user', () => {
    const patch = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/user', headers, payload });

    it('asks for sign-in before it looks at the request', async () => {
      const res = await patch({}, { name: '', dob: 'yesterday' });
      expect(res.statusCode).toBe(401);
    });

    it('changes the profile fields and drops role, _id and unknown fields', async () => {
      const { user, headers } = await signedInUser(t.app);
      const res = await patch(headers, {
        name: 'New Name',
        phone: '+44 20 7946 0958',
        DOB: '1985-12-31',
        timeZone: 'America/New_York',
        role: 'admin',
        _id: '00000000-0000-0000-0000-000000000000',
        emailVerified: false,
        anything: 1,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: user.id,
        name: 'New Name',
        phone: '+442079460958',
        DOB: '1985-12-31',
        timeZone: 'America/New_York',
        role: 'user',
        emailVerified: true,
      });
      expect((await patch(headers, { phone: null })).json().phone).toBeNull();
      const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.role).toBe('user');
    });

    it('refuses a name with direction overrides or a line break, and keeps the old one', async () => {
      const { user, headers } = await signedInUser(t.app);
      for (const name of ['Bob \u202Egnp.exe\u202C', 'Bob\nAdmin', 'Bo\u200Bb']) {
        const res = await patch(headers, { name });
        expect(res.statusCode, JSON.stringify(name)).toBe(400);
        expect(res.json().errors.name).toEqual([TEXT_MESSAGES.singleLine]);
      }
      const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.name).toBe(user.name);
    });

    it('gives field errors for bad values', async () => {
      const { headers } = await signedInUser(t.app);
      const res = await patch(headers, { name: '', DOB: '1990-02-30', phone: '0300' });
      expect(res.statusCode).toBe(400);
      const { errors } = res.json();
      expect(errors.name).toEqual([AUTH_MESSAGES.nameRequired]);
      expect(errors.DOB).toEqual([AUTH_MESSAGES.dobInvalid]);
      expect(errors.phone[0]).toBe(AUTH_MESSAGES.phoneStart);
    });

    it('drops NUL characters from a name instead of failing on them (PostgreSQL refuses NUL)', async () => {
      const { headers } = await signedInUser(t.app);
      const res = await patch(headers, { name: 'Nul\u0000 Name' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().name).toBe('Nul Name');
      const onlyNul = await patch(headers, { name: '\u0000' });
      expect(onlyNul.statusCode).toBe(400);
      expect(onlyNul.json().errors.name).toEqual([AUTH_MESSAGES.nameRequired]);
    });

    it('needs the right current password to set a new one, and ends the other sessions', async () => {
      const { user, headers, refreshToken: other } = await signedInUser(t.app);
      const missing = await patch(headers, { newPassword: 'a brand new passphrase' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors.currentPassword).toEqual([
        AUTH_MESSAGES.currentPasswordRequired,
      ]);
      const wrong = await patch(headers, {
        currentPassword: 'nope',
        newPassword: 'a brand new passphrase',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().detail).toBe(AUTH_MESSAGES.currentPasswordIncorrect);
      expect(wrong.json().errors.currentPassword).toEqual([AUTH_MESSAGES.currentPasswordIncorrect]);

      const ok = await patch(headers, {
        currentPassword: user.password,
        newPassword: 'a brand new passphrase',
      });
      expect(ok.statusCode).toBe(200);
      const mine = cookieValue(ok, REFRESH_COOKIE);
      expect(mine).toBeTruthy();
      expect((await refresh(other)).statusCode).toBe(403);
      expect((await refresh(mine!)).statusCode).toBe(200);
      await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/401/);
      await signIn(t.app, user.email, 'a brand new passphrase');
    });

    it('refuses a common new password', async () => {
      const { user, headers } = await signedInUser(t.app);
      const res = await patch(headers, {
        currentPassword: user.password,
        newPassword: 'PASSWORD1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.newPassword).toEqual([AUTH_MESSAGES.passwordTooCommon]);
    });

    it('keeps the address until the new one is confirmed through the mailed link', async () => {
      const { user, headers } = await signedInUser(t.app, { email: 'old@example.test' });
      const res = await patch(headers, { email: 'New@Example.test' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        email: 'old@example.test',
        pendingEmail: 'new@example.test',
      });

      const mail = await mailTo('new@example.test', 'Confirm your e-mail address');
      // Confirmed from the signed-in browser (it sends its token): that session goes on.
      const verified = await post(
        '/api/user/verifyEmail',
        { token: tokenOf(mail, '/verifyEmail') },
        headers,
      );
      expect(verified.json()).toEqual({
        message: AUTH_MESSAGES.emailVerified,
        email: 'new@example.test',
      });
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers });
      expect(me.json()).toMatchObject({
        id: user.id,
        email: 'new@example.test',
        pendingEmail: null,
      });
    });

    it('does not reveal that the new address belongs to someone else', async () => {
      await createUser(t.app, { email: 'occupied@example.test' });
      const { headers } = await signedInUser(t.app);
      const res = await patch(headers, { email: 'occupied@example.test' });
      expect(res.statusCode).toBe(200);
      expect(res.json().pendingEmail).toBe('occupied@example.test');
      const mail = await mailTo(
        'occupied@example.test',
        'Your address was entered on another account',
      );
      expect(mail.links.some((l) => l.includes('/verifyEmail'))).toBe(false);
    });
  });

  describe('budgets on the mail a request can cause', () => {
    const patchFrom = (headers: Record<string, string>, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/user',
        headers,
        payload,
        remoteAddress: freshIp(),
      });
    const tokensOf = async (userId: string) =>
      t.app.deps.db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'verify_email')));

    it('an account can ask for a few address changes an hour, from any address; then 429 changes nothing', async () => {
      const { user, headers } = await signedInUser(t.app);
      const { max } = AUTH_RATE_LIMITS.mailPerAccount;
      for (let i = 0; i < max; i += 1) {
        const res = await patchFrom(headers, { email: `change-${i}-${user.id}@example.test` });
        expect(res.statusCode).toBe(200);
      }
      const over = await patchFrom(headers, {
        name: 'Bait',
        email: `over-${user.id}@example.test`,
      });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(await tokensOf(user.id)).toHaveLength(max);
      const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.name).toBe(user.name);

      // Changes that send nothing cost nothing.
      const rename = await patchFrom(headers, { name: 'Still Allowed' });
      expect(rename.statusCode).toBe(200);
      const sameAddress = await patchFrom(headers, { email: user.email.toUpperCase() });
      expect(sameAddress.statusCode).toBe(200);
    });

    it('an address gets a few mails whatever mix of accounts and routes asks for them', async () => {
      const target = await createUser(t.app, { email: `target-${freshIp()}@example.test` });
      const [first, second] = [await signedInUser(t.app), await signedInUser(t.app)];
      expect((await patchFrom(first.headers, { email: target.email })).statusCode).toBe(200);
      expect((await patchFrom(second.headers, { email: target.email })).statusCode).toBe(200);
      expect((await post('/api/user/forgotPassword', { email: target.email })).statusCode).toBe(
        200,
      );
      const third = await signedInUser(t.app);
      const flooded = await patchFrom(third.headers, { email: target.email });
      expect(flooded.statusCode).toBe(429);
      expect(await tokensOf(third.user.id)).toHaveLength(0);
      const resend = await post('/api/user/resendEmailVerification', { email: target.email });
      expect(resend.statusCode).toBe(429);
    });
  });

  describe('verification links', () => {
    it('work once, and not after 24 hours', async () => {
      const user = await createUser(t.app, { verified: false, email: 'unverified@example.test' });
      const res = await post('/api/user/resendEmailVerification', { email: user.email });
      expect(res.statusCode).toBe(200);
      const token = tokenOf(
        await mailTo(user.email, 'Confirm your e-mail address'),
        '/verifyEmail',
      );
      expect((await post('/api/user/verifyEmail', { token })).statusCode).toBe(200);
      const again = await post('/api/user/verifyEmail', { token });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        type: EMAIL_ALREADY_VERIFIED_PROBLEM_TYPE,
        detail: AUTH_MESSAGES.emailAlreadyVerified,
      });

      const late = await createUser(t.app, { verified: false, email: 'late@example.test' });
      const { headers } = await signIn(t.app, late.email);
      expect((await post('/api/user/resendEmailVerification', {}, headers)).statusCode).toBe(200);
      const lateToken = tokenOf(
        await mailTo(late.email, 'Confirm your e-mail address'),
        '/verifyEmail',
      );
      await t.app.deps.db
        .update(emailTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailTokens.userId, late.id));
      const expired = await post('/api/user/verifyEmail', { token: lateToken });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().detail).toBe(AUTH_MESSAGES.verificationInvalid);
      expect((await post('/api/user/verifyEmail', { token: 'made-up' })).statusCode).toBe(400);
    });

    it('say a used link is spent, not verified, once the account has another address or is unverified again', async () => {
      const user = await createUser(t.app, { verified: false, email: 'mover@example.test' });
      expect(
        (await post('/api/user/resendEmailVerification', { email: user.email })).statusCode,
      ).toBe(200);
      const token = tokenOf(
        await mailTo(user.email, 'Confirm your e-mail address'),
        '/verifyEmail',
      );
      expect((await post('/api/user/verifyEmail', { token })).statusCode).toBe(200);
      expect((await post('/api/user/verifyEmail', { token })).statusCode).toBe(409);

      await t.app.deps.db
        .update(users)
        .set({ email: 'moved@example.test' })
        .where(eq(users.id, user.id));
      const moved = await post('/api/user/verifyEmail', { token });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().detail).toBe(AUTH_MESSAGES.verificationInvalid);

      await t.app.deps.db
        .update(users)
        .set({ email: user.email, emailVerifiedAt: null })
        .where(eq(users.id, user.id));
      expect((await post('/api/user/verifyEmail', { token })).statusCode).toBe(400);
    });

    it('resend answers the same for unknown, verified and unverified addresses', async () => {
      const verified = await createUser(t.app);
      const unverified = await createUser(t.app, { verified: false });
      const answers = await Promise.all(
        ['ghost@example.test', verified.email, unverified.email].map((email) =>
          post('/api/user/resendEmailVerification', { email }),
        ),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: AUTH_MESSAGES.verificationResent });
      }
      const missing = await post('/api/user/resendEmailVerification', {});
      expect(missing.statusCode).toBe(400);
    });

    it('resend is limited per address, with Retry-After', async () => {
      const email = 'spam-target@example.test';
      for (let i = 0; i < 3; i += 1) {
        expect((await post('/api/user/resendEmailVerification', { email })).statusCode).toBe(200);
      }
      const res = await post('/api/user/resendEmailVerification', { email });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('forgotten password', () => {
    it('answers the same whether or not the address has an account', async () => {
      const user = await createUser(t.app);
      const known = await post('/api/user/forgotPassword', { email: user.email });
      const unknown = await post('/api/user/forgotPassword', { email: 'nobody-here@example.test' });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: AUTH_MESSAGES.resetLinkSent });
      expect(unknown.json()).toEqual(known.json());
      const bad = await post('/api/user/forgotPassword', { email: 'not-an-address' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.email).toEqual([AUTH_MESSAGES.emailInvalid]);
    });

    it('resets with the mailed link once; every session ends', async () => {
      const { user, refreshToken } = await signedInUser(t.app, { email: 'forgetful@example.test' });
      await post('/api/user/forgotPassword', { email: 'Forgetful@example.test' });
      const mail = await mailTo(user.email, 'Reset your password');
      expect(mail.html).toContain('http://localhost:3000/resetPassword?token=');
      const token = tokenOf(mail, '/resetPassword');
      const url = `/api/user/resetPassword?token=${encodeURIComponent(token)}`;

      const mismatch = await post(url, {
        password: 'my new long password',
        confirmPassword: 'different',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().errors.confirmPassword).toEqual([AUTH_MESSAGES.passwordsDoNotMatch]);

      const ok = await post(url, {
        password: 'my new long password',
        confirmPassword: 'my new long password',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: AUTH_MESSAGES.passwordChanged });
      expect((await refresh(refreshToken)).statusCode).toBe(403);
      await signIn(t.app, user.email, 'my new long password');

      const again = await post(url, {
        password: 'another long password',
        confirmPassword: 'another long password',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().detail).toBe(AUTH_MESSAGES.resetInvalid);
    });

    it('refuses an expired reset link', async () => {
      const user = await createUser(t.app, { email: 'slow@example.test' });
      await post('/api/user/forgotPassword', { email: user.email });
      const token = tokenOf(await mailTo(user.email, 'Reset your password'), '/resetPassword');
      await t.app.deps.db
        .update(emailTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'reset_password')));
      const res = await post(`/api/user/resetPassword?token=${token}`, {
        password: 'my new long password',
        confirmPassword: 'my new long password',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(AUTH_MESSAGES.resetInvalid);
      expect(res.json().type).toBe(RESET_LINK_INVALID_PROBLEM_TYPE);
      await signIn(t.app, user.email, user.password);
    });
  });
});

describe('answers that must not tell whether an address has an account', () => {
  let t: TestApp;
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const queued: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      adjustDeps: (deps) => ({
        ...deps,
        mailer: {
          ...deps.mailer,
          // Holds every mail back until the test releases it: the work after the answer waits.
          queueMail: async (mail, db) => {
            await gate;
            queued.push(mail.to);
            return deps.mailer.queueMail(mail, db);
          },
        },
      }),
    });
  });
  afterAll(() => t.close());

  it.each([
    ['POST', '/api/user/forgotPassword'],
    ['POST', '/api/user/resendEmailVerification'],
  ])(
    '%s %s answers before any work, the same for a known and an unknown address',
    async (_m, url) => {
      const known = await createUser(t.app, { verified: false });
      gate = new Promise((resolve) => (release = resolve));
      queued.length = 0;
      const answers = [];
      for (const email of [known.email, 'nobody-here@example.test']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: { email },
          remoteAddress: freshIp(),
        });
        answers.push([res.statusCode, res.body]);
      }
      // Both answered while the mail work was still held back.
      expect(queued).toEqual([]);
      expect(answers[0]).toEqual(answers[1]);
      release();
      await t.app.deps.afterResponse.drain();
      expect(queued).toEqual([known.email]);
    },
  );
});

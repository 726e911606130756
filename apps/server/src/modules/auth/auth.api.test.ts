import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  isTopCommonPassword,
  REFRESH_COOKIE,
  SESSION_HINT_COOKIE,
} from '@consult/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import {
  cookieValue,
  createUser,
  freshIp,
  signedInUser,
  signIn,
  solvedChallengeToken,
} from '../../test/accounts';
import { mailOutbox } from '../mail/schema';
import { users } from '../users/schema';
import { REFRESH_REPEAT_GRACE_MS } from './auth-service';
import { refreshTokens } from './schema';
import { sha256Hex } from './secrets';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('accounts: sign-up, sign-in and sessions', () => {
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

  async function registerBody(overrides: Record<string, unknown> = {}) {
    return {
      name: 'Ayesha Khan',
      email: `new-${Math.random().toString(36).slice(2, 8)}@example.test`,
      password: 'a long and unusual passphrase',
      DOB: '1991-02-03',
      phone: '+92 300 1234567',
      timeZone: 'Asia/Karachi',
      token: await solvedChallengeToken(t.app),
      ...overrides,
    };
  }

  function post(url: string, payload: unknown, extra: Record<string, unknown> = {}) {
    return t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      remoteAddress: freshIp(),
      ...extra,
    });
  }

  describe('GET /api/auth/challenge', () => {
    it('answers a signed ALTCHA v2 challenge that expires in about ten minutes', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/challenge' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.parameters.algorithm).toBe('PBKDF2/SHA-256');
      expect(typeof body.signature).toBe('string');
      const secondsLeft = body.parameters.expiresAt - Date.now() / 1000;
      expect(secondsLeft).toBeGreaterThan(590);
      expect(secondsLeft).toBeLessThanOrEqual(600);
    });
  });

  describe('POST /api/auth/register', () => {
    it('creates an unverified user and mails a verification link that confirms the address', async () => {
      const body = await registerBody();
      const res = await post('/api/auth/register', body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.registered });

      const [row] = await t.app.deps.db.select().from(users).where(eq(users.email, body.email));
      expect(row).toMatchObject({ name: 'Ayesha Khan', phone: '+923001234567', dob: '1991-02-03' });
      expect(row!.role).toBe('user');
      expect(row!.emailVerifiedAt).toBeNull();
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=32768,t=4,p=1\$/);

      await t.app.deps.afterResponse.drain();
      await t.app.deps.mailer.deliverDue();
      const mail = await peer.waitForMail((m) => m.to.includes(body.email));
      expect(mail.subject).toBe('Confirm your e-mail address');
      const link = mail.links.find((l) => l.startsWith('http://localhost:3000/verifyEmail?token='));
      expect(link).toBeDefined();
      expect(mail.html).toContain(link!.replaceAll('&', '&amp;'));
      const token = new URL(link!).searchParams.get('token')!;

      const verified = await post('/api/user/verifyEmail', { token });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ message: AUTH_MESSAGES.emailVerified, email: body.email });
      const [after] = await t.app.deps.db.select().from(users).where(eq(users.email, body.email));
      expect(after!.emailVerifiedAt).not.toBeNull();
    });

    it('ignores a role in the body: the new account is a plain user', async () => {
      const body = await registerBody({ role: 'admin', _id: 'x' });
      expect((await post('/api/auth/register', body)).statusCode).toBe(201);
      const [row] = await t.app.deps.db.select().from(users).where(eq(users.email, body.email));
      expect(row!.role).toBe('user');
    });

    it('answers the same for an address that has an account, and tells its owner by mail', async () => {
      const owner = await createUser(t.app, { email: 'taken@example.test' });
      const res = await post(
        '/api/auth/register',
        await registerBody({ email: 'Taken@Example.test' }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.registered });
      const rows = await t.app.deps.db.select().from(users).where(eq(users.email, owner.email));
      expect(rows).toHaveLength(1);
      await t.app.deps.afterResponse.drain();
      await t.app.deps.mailer.deliverDue();
      const mail = await peer.waitForMail((m) => m.to.includes(owner.email));
      expect(mail.subject).toBe('Someone tried to sign up with your address');
      expect(mail.text).toContain('http://localhost:3000/forgotPassword');
    });

    it('on an address whose account was never confirmed, mails its owner a link to choose the password that ends the first registrant`s sessions', async () => {
      const email = `victim-${Math.random().toString(36).slice(2, 8)}@example.test`;
      // Someone registers the address first and signs in with their own password.
      const first = await registerBody({ email, password: 'the squatter passphrase' });
      expect((await post('/api/auth/register', first)).statusCode).toBe(201);
      const squatter = await signIn(t.app, email, 'the squatter passphrase');

      // The owner of the mailbox signs up: same answer, and a "choose your password" link.
      const second = await post('/api/auth/register', await registerBody({ email }));
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual({ message: AUTH_MESSAGES.registered });
      await t.app.deps.mailer.deliverDue();
      const mail = await peer.waitForMail(
        (m) => m.to.includes(email) && m.subject === 'Choose your password',
      );
      const link = mail.links.find((l) =>
        l.startsWith('http://localhost:3000/resetPassword?token='),
      );
      expect(link).toBeDefined();
      const token = new URL(link!).searchParams.get('token')!;
      const chosen = await post(`/api/user/resetPassword?token=${encodeURIComponent(token)}`, {
        password: 'the owner passphrase',
        confirmPassword: 'the owner passphrase',
      });
      expect(chosen.statusCode).toBe(200);

      // The squatter keeps nothing: no access token, no refresh, no password.
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: squatter.headers });
      expect(me.statusCode).toBe(403);
      const refreshed = await post('/api/auth/refresh', undefined, {
        cookies: { [REFRESH_COOKIE]: squatter.refreshToken },
      });
      expect(refreshed.statusCode).toBe(403);
      const again = await post('/api/auth', { email, password: 'the squatter passphrase' });
      expect(again.statusCode).toBe(401);
      const owner = await signIn(t.app, email, 'the owner passphrase');
      const view = await t.app.inject({ method: 'GET', url: '/api/user', headers: owner.headers });
      expect(view.json().emailVerified).toBe(true);
    });

    it('refuses a missing, forged or reused anti-bot token', async () => {
      const body = await registerBody();
      const forged = await post('/api/auth/register', { ...body, token: 'bm90IGEgdG9rZW4=' });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().detail).toBe(AUTH_MESSAGES.challengeFailed);

      const missing = await post('/api/auth/register', { ...body, token: undefined });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors.token).toEqual([AUTH_MESSAGES.challengeFailed]);

      expect((await post('/api/auth/register', body)).statusCode).toBe(201);
      const reused = await post('/api/auth/register', { ...body, email: 'other@example.test' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().detail).toBe(AUTH_MESSAGES.challengeFailed);
    });

    it('refuses a challenge whose solution was altered', async () => {
      const token = await solvedChallengeToken(t.app);
      const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      payload.solution.counter += 1;
      payload.solution.derivedKey = '00'.repeat(32);
      const altered = Buffer.from(JSON.stringify(payload)).toString('base64');
      const res = await post('/api/auth/register', await registerBody({ token: altered }));
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(AUTH_MESSAGES.challengeFailed);
    });

    it('gives per-field messages for bad fields', async () => {
      const res = await post(
        '/api/auth/register',
        await registerBody({
          email: 'nope',
          password: 'short',
          DOB: '2999-01-01',
          timeZone: 'Mars/Base',
        }),
      );
      expect(res.statusCode).toBe(400);
      const { errors } = res.json();
      expect(errors.email).toEqual([AUTH_MESSAGES.emailInvalid]);
      expect(errors.password).toEqual([AUTH_MESSAGES.passwordTooShort]);
      expect(errors.DOB).toEqual([AUTH_MESSAGES.dobOutOfRange]);
      expect(errors.timeZone).toEqual([AUTH_MESSAGES.timeZoneInvalid]);
    });

    it('refuses a common password from the full server list, whatever its case', async () => {
      // Entry 2,015 of the server's list, far beyond the browser's top 200.
      expect(isTopCommonPassword('Espresso')).toBe(false);
      const res = await post('/api/auth/register', await registerBody({ password: 'Espresso' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.password).toEqual([AUTH_MESSAGES.passwordTooCommon]);
    });
  });

  describe('POST /api/auth', () => {
    it('signs in: an access token carrying the user, and the two session cookies', async () => {
      const user = await createUser(t.app, { email: 'sam@example.test' });
      const res = await post('/api/auth', { email: 'SAM@example.test', password: user.password });
      expect(res.statusCode).toBe(200);
      const { accessToken } = res.json();
      const [, payload] = accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      expect(claims.user).toEqual({ id: user.id, email: user.email, role: 'user' });
      expect(claims.exp - claims.iat).toBe(15 * 60);

      const refresh = res.cookies.find((c) => c.name === REFRESH_COOKIE)!;
      expect(refresh).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/api/auth',
        maxAge: 2_592_000,
      });
      expect(refresh.secure).toBeFalsy();
      const hint = res.cookies.find((c) => c.name === SESSION_HINT_COOKIE)!;
      expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', maxAge: 2_592_000 });
      expect(hint.httpOnly).toBeFalsy();
    });

    it('answers 400 when a field is missing', async () => {
      for (const payload of [{ email: 'a@b.c' }, { password: 'x' }, { email: '', password: '' }]) {
        const res = await post('/api/auth', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toBe(AUTH_MESSAGES.loginFieldsRequired);
      }
    });

    it('answers the same 401 for a wrong password and an unknown address', async () => {
      const user = await createUser(t.app);
      const wrong = await post('/api/auth', { email: user.email, password: 'not the password' });
      const unknown = await post('/api/auth', {
        email: 'nobody@example.test',
        password: 'whatever',
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().detail).toBe(AUTH_MESSAGES.incorrectCredentials);
      expect(unknown.json()).toEqual({ ...wrong.json() });
      expect(cookieValue(wrong, REFRESH_COOKIE)).toBeUndefined();
    });

    it('refuses a disabled account', async () => {
      const user = await createUser(t.app, { disabled: true });
      const res = await post('/api/auth', { email: user.email, password: user.password });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(AUTH_MESSAGES.accountDisabled);
    });

    it('locks an account after 5 failed attempts from one address, with Retry-After', async () => {
      const user = await createUser(t.app);
      const ip = freshIp();
      for (let i = 0; i < 5; i += 1) {
        const res = await post(
          '/api/auth',
          { email: user.email, password: 'wrong password' },
          { remoteAddress: ip },
        );
        expect(res.statusCode).toBe(401);
      }
      const locked = await post(
        '/api/auth',
        { email: user.email, password: user.password },
        { remoteAddress: ip },
      );
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['content-type']).toContain('application/problem+json');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
      // Another address for the same account is not locked out by this one.
      const elsewhere = await post('/api/auth', { email: user.email, password: user.password });
      expect(elsewhere.statusCode).toBe(200);
    });

    it('does not count successful sign-ins against the budget', async () => {
      const user = await createUser(t.app);
      const ip = freshIp();
      for (let i = 0; i < 8; i += 1) {
        const res = await post(
          '/api/auth',
          { email: user.email, password: user.password },
          { remoteAddress: ip },
        );
        expect(res.statusCode).toBe(200);
      }
    });

    it('limits one address to 30 failed sign-ins whatever the e-mails', async () => {
      const ip = freshIp();
      for (let i = 0; i < 30; i += 1) {
        const res = await post(
          '/api/auth',
          { email: `x${i}@example.test`, password: 'pw' },
          { remoteAddress: ip },
        );
        expect(res.statusCode).toBe(401);
      }
      const res = await post(
        '/api/auth',
        { email: 'y@example.test', password: 'pw' },
        { remoteAddress: ip },
      );
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    });
  });

  describe('access tokens on a protected route', () => {
    const get = (authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: authorization ? { authorization } : {},
      });

    it('answers 401 without a token', async () => {
      const res = await get();
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(AUTH_MESSAGES.authenticationRequired);
    });

    it('answers 403 for tampered, expired, unsigned, foreign-key and other-algorithm tokens', async () => {
      const { user, accessToken } = await signedInUser(t.app);
      const key = new TextEncoder().encode(JWT_SECRET);
      const [header, payload, signature] = accessToken.split('.');
      const claims = { user: { id: user.id, email: user.email, role: 'admin' } };
      const tampered = `${header}.${base64url(claims)}.${signature}`;
      const expired = await new SignJWT({ user: { id: user.id, email: user.email, role: 'user' } })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(key);
      const none = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      const otherKey = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));
      const hs512 = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS512' })
        .setExpirationTime('5m')
        .sign(key);

      expect((await get(`Bearer ${accessToken}`)).statusCode).toBe(200);
      for (const token of [tampered, expired, none, otherKey, hs512, 'garbage']) {
        const res = await get(`Bearer ${token}`);
        expect(res.statusCode).toBe(403);
        expect(res.json().detail).toBe(AUTH_MESSAGES.loginExpired);
      }
    });

    it('refuses tokens without exp, iat or session, for another site, too old or from the future', async () => {
      const { user, accessToken } = await signedInUser(t.app);
      const key = new TextEncoder().encode(JWT_SECRET);
      const sid = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid;
      const now = Math.floor(Date.now() / 1000);
      const claims = { user: { id: user.id, email: user.email, role: 'user' }, sid };
      const token = (edit: (jwt: SignJWT) => SignJWT) =>
        edit(new SignJWT(claims).setProtectedHeader({ alg: 'HS256' })).sign(key);
      const proper = (jwt: SignJWT) =>
        jwt
          .setIssuer('http://localhost:3000')
          .setAudience('http://localhost:3000/api')
          .setIssuedAt(now)
          .setExpirationTime(now + 600);
      expect((await get(`Bearer ${await token(proper)}`)).statusCode).toBe(200);

      const refused = {
        'no exp (valid forever)': await token((jwt) =>
          jwt
            .setIssuer('http://localhost:3000')
            .setAudience('http://localhost:3000/api')
            .setIssuedAt(now),
        ),
        'no iat': await token((jwt) =>
          jwt
            .setIssuer('http://localhost:3000')
            .setAudience('http://localhost:3000/api')
            .setExpirationTime(now + 600),
        ),
        'no issuer or audience': await token((jwt) =>
          jwt.setIssuedAt(now).setExpirationTime(now + 600),
        ),
        'another issuer': await token((jwt) => proper(jwt).setIssuer('https://evil.example')),
        'another audience': await token((jwt) =>
          proper(jwt).setAudience('https://evil.example/api'),
        ),
        'older than its lifetime': await token((jwt) =>
          proper(jwt)
            .setIssuedAt(now - 3600)
            .setExpirationTime(now + 3600),
        ),
        'issued in the future': await token((jwt) =>
          proper(jwt)
            .setIssuedAt(now + 3600)
            .setExpirationTime(now + 4000),
        ),
        'no session': await new SignJWT({ user: claims.user })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer('http://localhost:3000')
          .setAudience('http://localhost:3000/api')
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(key),
      };
      for (const [what, bad] of Object.entries(refused)) {
        const res = await get(`Bearer ${bad}`);
        expect(res.statusCode, what).toBe(403);
        expect(res.json().detail, what).toBe(AUTH_MESSAGES.loginExpired);
      }
    });

    it('stops accepting the access token at once when its session ends', async () => {
      const logout = await signedInUser(t.app);
      expect((await get(logout.headers.authorization)).statusCode).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { [REFRESH_COOKIE]: logout.refreshToken },
      });
      expect((await get(logout.headers.authorization)).statusCode).toBe(403);

      // A password change ends every other session; the one that changed it goes on with a new token.
      const user = await createUser(t.app);
      const laptop = await signIn(t.app, user.email, user.password);
      const phone = await signIn(t.app, user.email, user.password);
      const changed = await t.app.inject({
        method: 'PATCH',
        url: '/api/user',
        headers: laptop.headers,
        payload: { currentPassword: user.password, newPassword: 'a brand new long password' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await get(phone.headers.authorization)).statusCode).toBe(403);
      expect((await get(laptop.headers.authorization)).statusCode).toBe(403);
      const fresh = await signIn(t.app, user.email, 'a brand new long password');
      expect((await get(fresh.headers.authorization)).statusCode).toBe(200);
    });

    it('ends the sessions of whoever registered an address first once its owner confirms it', async () => {
      // Someone registers the victim's address and keeps a session; the victim later confirms it.
      const squatter = await signedInUser(t.app, { email: 'victim@example.test', verified: false });
      const [token] = await t.app.deps.db
        .select()
        .from(users)
        .where(eq(users.id, squatter.user.id));
      expect(token!.emailVerifiedAt).toBeNull();
      await t.app.inject({
        method: 'POST',
        url: '/api/user/resendEmailVerification',
        headers: squatter.headers,
        payload: {},
      });
      const mail = await t.app.deps.db.select().from(mailOutbox);
      const link = mail
        .filter((m) => m.to === 'victim@example.test')
        .map((m) => /verifyEmail\?token=([\w-]+)/.exec(m.text)?.[1])
        .find(Boolean);
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/user/verifyEmail',
        payload: { token: link },
      });
      expect(verified.statusCode).toBe(200);
      expect((await get(squatter.headers.authorization)).statusCode).toBe(403);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { [REFRESH_COOKIE]: squatter.refreshToken },
      });
      expect(refreshed.statusCode).toBe(403);
    });

    it('keeps the session of the person who confirms the address while signed in to it', async () => {
      const me = await signedInUser(t.app, { email: 'keeper@example.test', verified: false });
      const other = await signIn(t.app, me.user.email, me.user.password);
      await t.app.inject({
        method: 'POST',
        url: '/api/user/resendEmailVerification',
        headers: me.headers,
        payload: {},
      });
      const link = (await t.app.deps.db.select().from(mailOutbox))
        .filter((m) => m.to === 'keeper@example.test')
        .map((m) => /verifyEmail\?token=([\w-]+)/.exec(m.text)?.[1])
        .find(Boolean);
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/user/verifyEmail',
        headers: me.headers,
        payload: { token: link },
      });
      expect(verified.statusCode).toBe(200);
      expect((await get(me.headers.authorization)).statusCode).toBe(200);
      expect((await get(other.headers.authorization)).statusCode).toBe(403);
    });

    it('answers 403 once the account is disabled or deleted', async () => {
      const a = await signedInUser(t.app);
      await t.app.deps.db
        .update(users)
        .set({ disabledAt: new Date() })
        .where(eq(users.id, a.user.id));
      expect((await get(a.headers.authorization)).json().detail).toBe(AUTH_MESSAGES.loginExpired);
      const b = await signedInUser(t.app);
      await t.app.deps.db.delete(users).where(eq(users.id, b.user.id));
      const res = await get(b.headers.authorization);
      expect(res.statusCode).toBe(403);
    });
  });

  describe('refresh and logout', () => {
    const refresh = (token: string | undefined, method: 'GET' | 'POST' = 'GET') =>
      t.app.inject({
        method,
        url: '/api/auth/refresh',
        cookies: token ? { [REFRESH_COOKIE]: token } : {},
        headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
      });

    it('rotates the refresh token on GET and POST and gives a working access token', async () => {
      const session = await signedInUser(t.app);
      const first = await refresh(session.refreshToken);
      expect(first.statusCode).toBe(200);
      const rotated = cookieValue(first, REFRESH_COOKIE)!;
      expect(rotated).toBeDefined();
      expect(rotated).not.toBe(session.refreshToken);
      expect(cookieValue(first, SESSION_HINT_COOKIE)).toBe('1');
      const second = await refresh(rotated, 'POST');
      expect(second.statusCode).toBe(200);
      const user = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: `Bearer ${second.json().accessToken}` },
      });
      expect(user.statusCode).toBe(200);
    });

    const userStatus = (accessToken: string) =>
      t.app
        .inject({
          method: 'GET',
          url: '/api/user',
          headers: { authorization: `Bearer ${accessToken}` },
        })
        .then((res) => res.statusCode);

    it('answers a rotated token shown again within the grace with the same successor, and the session lives on', async () => {
      const session = await signedInUser(t.app);
      const first = await refresh(session.refreshToken, 'POST');
      const successor = cookieValue(first, REFRESH_COOKIE)!;

      // The browser never got `first` (a navigation cut it short) and refreshes with the old cookie.
      for (const method of ['GET', 'POST'] as const) {
        const repeat = await refresh(session.refreshToken, method);
        expect(repeat.statusCode).toBe(200);
        expect(cookieValue(repeat, REFRESH_COOKIE)).toBe(successor);
        expect(cookieValue(repeat, SESSION_HINT_COOKIE)).toBe('1');
        expect(await userStatus(repeat.json().accessToken)).toBe(200);
      }

      const next = await refresh(successor);
      expect(next.statusCode).toBe(200);
      expect(cookieValue(next, REFRESH_COOKIE)).not.toBe(successor);
      expect(await userStatus(next.json().accessToken)).toBe(200);
    });

    it('gives two refreshes of the same token at once the same successor', async () => {
      const session = await signedInUser(t.app);
      const answers = await Promise.all([
        refresh(session.refreshToken, 'GET'),
        refresh(session.refreshToken, 'POST'),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
      const [a, b] = answers.map((res) => cookieValue(res, REFRESH_COOKIE));
      expect(a).toBe(b);
      expect((await refresh(a)).statusCode).toBe(200);
    });

    it('revokes the whole family when a rotated token comes back after its successor was used', async () => {
      const session = await signedInUser(t.app);
      const first = await refresh(session.refreshToken);
      const second = await refresh(cookieValue(first, REFRESH_COOKIE)!);
      const newest = cookieValue(second, REFRESH_COOKIE)!;

      const reuse = await refresh(session.refreshToken);
      expect(reuse.statusCode).toBe(403);
      expect(reuse.json().detail).toBe(AUTH_MESSAGES.loginExpired);
      const cleared = reuse.cookies.find((c) => c.name === REFRESH_COOKIE)!;
      expect(cleared.value).toBe('');
      expect(reuse.cookies.find((c) => c.name === SESSION_HINT_COOKIE)!.value).toBe('');

      expect((await refresh(newest)).statusCode).toBe(403);
      expect(await userStatus(second.json().accessToken)).toBe(403);
    });

    it('revokes the whole family when a rotated token comes back after the grace', async () => {
      const session = await signedInUser(t.app);
      const first = await refresh(session.refreshToken);
      const successor = cookieValue(first, REFRESH_COOKIE)!;
      await t.app.deps.db
        .update(refreshTokens)
        .set({ rotatedAt: new Date(Date.now() - REFRESH_REPEAT_GRACE_MS - 1000) })
        .where(eq(refreshTokens.tokenHash, sha256Hex(session.refreshToken)));

      const late = await refresh(session.refreshToken);
      expect(late.statusCode).toBe(403);
      expect(cookieValue(late, REFRESH_COOKIE)).toBe('');
      expect((await refresh(successor)).statusCode).toBe(403);
    });

    it('gives nothing for a rotated token within the grace once its session was signed out', async () => {
      const session = await signedInUser(t.app);
      const first = await refresh(session.refreshToken);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { [REFRESH_COOKIE]: cookieValue(first, REFRESH_COOKIE)! },
      });
      expect(logout.statusCode).toBe(204);
      expect((await refresh(session.refreshToken)).statusCode).toBe(403);
    });

    it('answers 403 without a cookie, with an unknown one and with an expired one', async () => {
      expect((await refresh(undefined)).statusCode).toBe(403);
      expect((await refresh('made-up-token')).statusCode).toBe(403);
      const session = await signedInUser(t.app);
      await t.app.deps.db
        .update(refreshTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.userId, session.user.id));
      expect((await refresh(session.refreshToken)).statusCode).toBe(403);
    });

    it('logs out: 204, cookies cleared, the refresh token dead; fine twice and signed out', async () => {
      const session = await signedInUser(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { [REFRESH_COOKIE]: session.refreshToken },
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(cookieValue(res, REFRESH_COOKIE)).toBe('');
      expect(cookieValue(res, SESSION_HINT_COOKIE)).toBe('');
      expect((await refresh(session.refreshToken)).statusCode).toBe(403);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { [REFRESH_COOKIE]: session.refreshToken },
      });
      expect(again.statusCode).toBe(204);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(
        204,
      );
    });
  });

  it('documents every account route in the OpenAPI document, with tags', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const expected: [string, string, string][] = [
      ['/api/auth/challenge', 'get', 'auth'],
      ['/api/auth/register', 'post', 'auth'],
      ['/api/auth', 'post', 'auth'],
      ['/api/auth/refresh', 'get', 'auth'],
      ['/api/auth/refresh', 'post', 'auth'],
      ['/api/auth/logout', 'post', 'auth'],
      ['/api/user', 'get', 'user'],
      ['/api/user', 'patch', 'user'],
      ['/api/user/resendEmailVerification', 'post', 'user'],
      ['/api/user/verifyEmail', 'post', 'user'],
      ['/api/user/forgotPassword', 'post', 'user'],
      ['/api/user/resetPassword', 'post', 'user'],
      ['/api/admin/users', 'get', 'admin'],
      ['/api/admin/users/{id}', 'get', 'admin'],
      ['/api/admin/users/{id}', 'patch', 'admin'],
      ['/api/admin/users/{id}', 'delete', 'admin'],
      ['/api/admin/system', 'get', 'admin'],
    ];
    for (const [path, method, tag] of expected) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual([tag]);
    }
    expect(Object.keys(doc.paths['/api/auth'].post.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '429']),
    );
  });

  it('never includes a password hash in any answer', async () => {
    const { headers } = await signIn(
      t.app,
      (await createUser(t.app, { email: 'hash@example.test' })).email,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  HOUR_MS,
  REFRESH_COOKIE,
  SESSION_HINT_COOKIE,
  TWO_FACTOR_CHALLENGE_INVALID_PROBLEM_TYPE,
  TWO_FACTOR_CHALLENGE_TTL_MS,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_SETUP_REQUIRED_PROBLEM_TYPE,
  type TwoFactorSetup,
} from '@consult/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cookieValue, createUser, freshIp, TEST_PASSWORD } from '../../test/accounts';
import { auditLog } from '../audit/schema';
import { mailOutbox } from '../mail/schema';
import { insertEmailToken, type UserRow } from '../users/users-repository';
import { recoveryCodes, twoFactorChallenges, twoFactorSecrets } from './schema';
import { randomToken, sha256Hex } from './secrets';

/** The app's clock runs this far ahead of the real one; tests move it to the next code's step. */
let clockAheadMs = 0;
const appNow = () => Date.now() + clockAheadMs;

function codeAt(secret: string, timestamp: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp,
  });
}

/** Moves the app's clock to the next 30-second step and answers that step's code. */
function nextCode(secret: string): string {
  clockAheadMs += 30_000;
  return codeAt(secret, appNow());
}

describe('two-factor sign-in', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      captureLogs: true,
      adjustDeps: (deps) => ({ ...deps, clock: () => new Date(appNow()) }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  function post(url: string, payload: object, extra: Record<string, unknown> = {}) {
    return t.app.inject({ method: 'POST', url, payload, remoteAddress: freshIp(), ...extra });
  }

  async function sessionOf(user: UserRow & { password: string }) {
    const res = await post('/api/auth', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    return { authorization: `Bearer ${(res.json() as { accessToken: string }).accessToken}` };
  }

  /** A user with two-factor sign-in on: their secret, recovery codes and a session's headers. */
  async function enrolledUser(overrides: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.app, overrides);
    const headers = await sessionOf(user);
    const setup = await post('/api/user/2fa/setup', {}, { headers });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const confirm = await post('/api/user/2fa/confirm', { code: nextCode(secret) }, { headers });
    expect(confirm.statusCode).toBe(200);
    const codes = (confirm.json() as { recoveryCodes: string[] }).recoveryCodes;
    return { user, headers, secret, recoveryCodes: codes };
  }

  async function challengeFor(user: { email: string }, password = TEST_PASSWORD) {
    const res = await post('/api/auth', { email: user.email, password });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { twoFactorRequired: boolean; challenge: string };
    expect(body.twoFactorRequired).toBe(true);
    return body.challenge;
  }

  async function status(headers: Record<string, string>) {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/2fa', headers });
    expect(res.statusCode).toBe(200);
    return res.json() as { enabled: boolean; recoveryCodesLeft: number; required: boolean };
  }

  async function auditActions(userId: string) {
    const rows = await t.app.deps.db.select().from(auditLog).where(eq(auditLog.target, userId));
    return rows.map((row) => ({ action: row.action, details: row.details }));
  }

  describe('enrolment', () => {
    it('makes a secret, shows it as otpauth URI, text and QR code, and turns on with a current code', async () => {
      const user = await createUser(t.app, { email: 'enrol@example.test' });
      const headers = await sessionOf(user);
      expect(await status(headers)).toEqual({
        enabled: false,
        enabledAt: null,
        recoveryCodesLeft: 0,
        required: false,
      });

      const setup = await post('/api/user/2fa/setup', {}, { headers });
      expect(setup.statusCode).toBe(200);
      expect(setup.headers['cache-control']).toBe('no-store');
      const { otpauthUrl, secret, qrSvg } = setup.json() as TwoFactorSetup;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(otpauthUrl);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(decodeURIComponent(uri.pathname)).toContain('enrol@example.test');
      expect(uri.searchParams.get('secret')).toBe(secret);
      expect(uri.searchParams.get('digits')).toBe('6');
      expect(uri.searchParams.get('period')).toBe('30');
      expect(qrSvg.startsWith('<svg')).toBe(true);

      // Kept sealed: the database never holds the secret as written.
      const [row] = await t.app.deps.db
        .select()
        .from(twoFactorSecrets)
        .where(eq(twoFactorSecrets.userId, user.id));
      expect(row!.enabledAt).toBeNull();
      expect(row!.secretCiphertext).not.toContain(secret);
      expect(Buffer.from(row!.secretCiphertext).toString()).not.toContain(secret.toLowerCase());

      const wrong = await post('/api/user/2fa/confirm', { code: '000000' }, { headers });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.code).toEqual([TWO_FACTOR_MESSAGES.codeWrong]);
      expect((await status(headers)).enabled).toBe(false);

      const confirm = await post(
        '/api/user/2fa/confirm',
        { code: nextCode(secret).replace(/(\d{3})/, '$1 ') },
        { headers },
      );
      expect(confirm.statusCode).toBe(200);
      const codes = (confirm.json() as { recoveryCodes: string[] }).recoveryCodes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes)
        expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
      const stored = await t.app.deps.db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, user.id));
      expect(stored).toHaveLength(10);
      const storedHashes = stored.map((code) => code.codeHash).join(' ');
      for (const code of codes) {
        expect(storedHashes).not.toContain(code);
        expect(storedHashes).not.toContain(code.replaceAll('-', ''));
      }

      expect(await status(headers)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
      // Once on, the secret never leaves again: no new set-up over it.
      const again = await post('/api/user/2fa/setup', {}, { headers });
      expect(again.statusCode).toBe(409);
      expect(again.body).not.toContain(secret);
      expect(await auditActions(user.id)).toContainEqual({
        action: 'user.two_factor_on',
        details: { before: { twoFactor: false }, after: { twoFactor: true } },
      });
    });

    it('refuses a confirmation with no set-up waiting', async () => {
      const user = await createUser(t.app);
      const headers = await sessionOf(user);
      const res = await post('/api/user/2fa/confirm', { code: '123456' }, { headers });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(TWO_FACTOR_MESSAGES.noSetupWaiting);
    });

    it('answers 400 for a code that is not six digits, and 401 without a session', async () => {
      const user = await createUser(t.app);
      const headers = await sessionOf(user);
      const bad = await post('/api/user/2fa/confirm', { code: '12ab56' }, { headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.code).toEqual([TWO_FACTOR_MESSAGES.codeFormat]);
      const anonymous = await post('/api/user/2fa/setup', {});
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('sign-in', () => {
    it('answers a challenge without tokens or cookies, then a session for the challenge and a code', async () => {
      const { user, secret } = await enrolledUser();
      const first = await post('/api/auth', { email: user.email, password: user.password });
      expect(first.statusCode).toBe(200);
      const body = first.json() as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['challenge', 'twoFactorRequired']);
      expect(first.headers['set-cookie']).toBeUndefined();

      const second = await post('/api/auth/2fa', {
        challenge: body.challenge,
        code: nextCode(secret),
      });
      expect(second.statusCode).toBe(200);
      const { accessToken } = second.json() as { accessToken: string };
      expect(Object.keys(second.json() as object)).toEqual(['accessToken']);
      const refresh = cookieValue(second, REFRESH_COOKIE);
      expect(refresh).toBeTruthy();
      expect(cookieValue(second, SESSION_HINT_COOKIE)).toBe('1');
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(me.json().email).toBe(user.email);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { [REFRESH_COOKIE]: refresh! },
      });
      expect(refreshed.statusCode).toBe(200);

      // The challenge worked once.
      const reused = await post('/api/auth/2fa', {
        challenge: body.challenge,
        code: nextCode(secret),
      });
      expect(reused.statusCode).toBe(401);
      expect(reused.json().type).toBe(TWO_FACTOR_CHALLENGE_INVALID_PROBLEM_TYPE);
    });

    it('refuses a wrong code with 401 and no session, and the right one still works', async () => {
      const { user, secret } = await enrolledUser();
      const challenge = await challengeFor(user);
      const code = nextCode(secret);
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const wrong = await post('/api/auth/2fa', { challenge, code: wrongCode });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().errors.code).toEqual([TWO_FACTOR_MESSAGES.codeWrong]);
      expect(wrong.headers['set-cookie']).toBeUndefined();
      const right = await post('/api/auth/2fa', { challenge, code });
      expect(right.statusCode).toBe(200);
    });

    it('refuses a code that was accepted once, within its window', async () => {
      const { user, secret } = await enrolledUser();
      const code = nextCode(secret);
      const first = await post('/api/auth/2fa', { challenge: await challengeFor(user), code });
      expect(first.statusCode).toBe(200);
      const replay = await post('/api/auth/2fa', { challenge: await challengeFor(user), code });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().errors.code).toEqual([TWO_FACTOR_MESSAGES.codeUsed]);
      // Nor the code of the step before, now that a later one was used.
      const earlier = codeAt(secret, appNow() - 30_000);
      const older = await post('/api/auth/2fa', {
        challenge: await challengeFor(user),
        code: earlier,
      });
      expect(older.statusCode).toBe(401);
      // The next step's code is a new code.
      const next = await post('/api/auth/2fa', {
        challenge: await challengeFor(user),
        code: nextCode(secret),
      });
      expect(next.statusCode).toBe(200);
    });

    it('accepts a recovery code once, as typed in any case and without dashes', async () => {
      const { user, headers, recoveryCodes: codes } = await enrolledUser();
      const typed = codes[0]!.replaceAll('-', '').toUpperCase();
      const res = await post('/api/auth/2fa', {
        challenge: await challengeFor(user),
        recoveryCode: typed,
      });
      expect(res.statusCode).toBe(200);
      expect(cookieValue(res, REFRESH_COOKIE)).toBeTruthy();
      expect((await status(headers)).recoveryCodesLeft).toBe(9);
      expect(await auditActions(user.id)).toContainEqual({
        action: 'user.recovery_code_sign_in',
        details: { recoveryCodesLeft: 9 },
      });

      const again = await post('/api/auth/2fa', {
        challenge: await challengeFor(user),
        recoveryCode: codes[0],
      });
      expect(again.statusCode).toBe(401);
      expect(again.json().errors.recoveryCode).toEqual([TWO_FACTOR_MESSAGES.recoveryCodeWrong]);
    });

    it('refuses a challenge older than five minutes', async () => {
      const { user, secret } = await enrolledUser();
      const challenge = await challengeFor(user);
      clockAheadMs += TWO_FACTOR_CHALLENGE_TTL_MS + 1000;
      const res = await post('/api/auth/2fa', { challenge, code: codeAt(secret, appNow()) });
      expect(res.statusCode).toBe(401);
      expect(res.json().type).toBe(TWO_FACTOR_CHALLENGE_INVALID_PROBLEM_TYPE);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('refuses an unknown challenge and a body with neither or both kinds of code', async () => {
      const unknown = await post('/api/auth/2fa', { challenge: randomToken(), code: '123456' });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().type).toBe(TWO_FACTOR_CHALLENGE_INVALID_PROBLEM_TYPE);
      const neither = await post('/api/auth/2fa', { challenge: randomToken() });
      expect(neither.statusCode).toBe(400);
      expect(neither.json().errors.code).toEqual([TWO_FACTOR_MESSAGES.codeRequired]);
      const both = await post('/api/auth/2fa', {
        challenge: randomToken(),
        code: '123456',
        recoveryCode: 'abcd-efgh-jkmn-pqrs',
      });
      expect(both.statusCode).toBe(400);
    });

    it('limits wrong codes per account, whatever the address they come from', async () => {
      const { user, secret } = await enrolledUser();
      const challenge = await challengeFor(user);
      for (let i = 0; i < 5; i += 1) {
        const res = await post('/api/auth/2fa', { challenge, code: '000000' });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await post('/api/auth/2fa', {
        challenge: await challengeFor(user),
        code: nextCode(secret),
      });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits wrong codes per address, across accounts', async () => {
      const address = freshIp();
      for (let i = 0; i < 6; i += 1) {
        const { user } = await enrolledUser();
        const challenge = await challengeFor(user);
        for (let j = 0; j < 5; j += 1) {
          const res = await post(
            '/api/auth/2fa',
            { challenge, code: '000000' },
            { remoteAddress: address },
          );
          expect(res.statusCode).toBe(401);
        }
      }
      const { user, secret } = await enrolledUser();
      const code = nextCode(secret);
      const blocked = await post(
        '/api/auth/2fa',
        { challenge: await challengeFor(user), code },
        { remoteAddress: address },
      );
      expect(blocked.statusCode).toBe(429);
      const elsewhere = await post('/api/auth/2fa', { challenge: await challengeFor(user), code });
      expect(elsewhere.statusCode).toBe(200);
    });

    it('ends a challenge after five wrong codes', async () => {
      const { user, secret } = await enrolledUser();
      const challenge = await challengeFor(user);
      await t.app.deps.db
        .update(twoFactorChallenges)
        .set({ failedAttempts: 5 })
        .where(eq(twoFactorChallenges.tokenHash, sha256Hex(challenge)));
      const res = await post('/api/auth/2fa', { challenge, code: nextCode(secret) });
      expect(res.statusCode).toBe(401);
      expect(res.json().type).toBe(TWO_FACTOR_CHALLENGE_INVALID_PROBLEM_TYPE);
    });

    it('refuses a disabled account at the second step', async () => {
      const { user, secret } = await enrolledUser();
      const challenge = await challengeFor(user);
      const admin = await createUser(t.app, { role: 'admin' });
      const disable = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${user.id}`,
        headers: await sessionOf(admin),
        payload: { disabled: true },
      });
      expect(disable.statusCode).toBe(200);
      const res = await post('/api/auth/2fa', { challenge, code: nextCode(secret) });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('recovery codes and turning off', () => {
    it('shows new codes for a current code; the old ones stop working', async () => {
      const { user, headers, secret, recoveryCodes: old } = await enrolledUser();
      const wrong = await post('/api/user/2fa/recovery-codes', { code: '000000' }, { headers });
      expect(wrong.statusCode).toBe(400);
      const res = await post(
        '/api/user/2fa/recovery-codes',
        { code: nextCode(secret) },
        { headers },
      );
      expect(res.statusCode).toBe(200);
      const fresh = (res.json() as { recoveryCodes: string[] }).recoveryCodes;
      expect(fresh).toHaveLength(10);
      expect(fresh).not.toContain(old[0]);
      const withOld = await post('/api/auth/2fa', {
        challenge: await challengeFor(user),
        recoveryCode: old[0],
      });
      expect(withOld.statusCode).toBe(401);
      const withNew = await post('/api/auth/2fa', {
        challenge: await challengeFor(user),
        recoveryCode: fresh[0],
      });
      expect(withNew.statusCode).toBe(200);
      expect((await auditActions(user.id)).map((entry) => entry.action)).toContain(
        'user.recovery_codes',
      );
    });

    it('turns off with the password and a current code, and sign-in needs the password only', async () => {
      const { user, headers, secret } = await enrolledUser();
      const wrongPassword = await post(
        '/api/user/2fa/disable',
        { password: 'not the password', code: nextCode(secret) },
        { headers },
      );
      expect(wrongPassword.statusCode).toBe(400);
      expect(wrongPassword.json().errors.password).toEqual([TWO_FACTOR_MESSAGES.passwordWrong]);
      const wrongCode = await post(
        '/api/user/2fa/disable',
        { password: user.password, code: '000000' },
        { headers },
      );
      expect(wrongCode.statusCode).toBe(400);
      expect(wrongCode.json().errors.code).toEqual([TWO_FACTOR_MESSAGES.codeWrong]);
      expect((await status(headers)).enabled).toBe(true);

      const res = await post(
        '/api/user/2fa/disable',
        { password: user.password, code: nextCode(secret) },
        { headers },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
      expect(
        await t.app.deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
      ).toEqual([]);
      const signIn = await post('/api/auth', { email: user.email, password: user.password });
      expect(signIn.json().accessToken).toEqual(expect.any(String));
      expect(await auditActions(user.id)).toContainEqual({
        action: 'user.two_factor_off',
        details: {
          before: { twoFactor: true },
          after: { twoFactor: false },
          confirmedWith: 'authenticator code',
        },
      });
      const again = await post(
        '/api/user/2fa/disable',
        { password: user.password, code: nextCode(secret) },
        { headers },
      );
      expect(again.statusCode).toBe(409);
    });

    it('turns off with a recovery code in place of the lost phone', async () => {
      const { user, headers, recoveryCodes: codes } = await enrolledUser();
      const res = await post(
        '/api/user/2fa/disable',
        { password: user.password, code: codes[3]! },
        { headers },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().enabled).toBe(false);
    });
  });

  describe('notices to the account holder', () => {
    const noticesTo = async (email: string) =>
      (
        await t.app.deps.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, email))
          .orderBy(mailOutbox.createdAt)
      ).map((mail) => [mail.subject, mail.text] as const);

    it('tells the holder when it is turned on, off, and off by the owner, and never sends a code', async () => {
      const { user, headers, secret, recoveryCodes: codes } = await enrolledUser();
      const off = await post(
        '/api/user/2fa/disable',
        { password: user.password, code: nextCode(secret) },
        { headers },
      );
      expect(off.statusCode).toBe(200);
      const again = await enrolledUser({ email: `again-${user.email}` });
      const owner = await createUser(t.app, { role: 'admin' });
      const reset = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${again.user.id}/2fa`,
        headers: await sessionOf(owner),
      });
      expect(reset.statusCode).toBe(204);

      const first = await noticesTo(user.email);
      expect(first.map(([subject]) => subject)).toEqual([
        'Two-factor sign-in is on',
        'Two-factor sign-in is off',
      ]);
      expect(first[0]![1]).toContain('a code from your authenticator app');
      expect(first[1]![1]).toContain('a sign-in now needs only the password');
      const second = await noticesTo(again.user.email);
      expect(second.map(([subject]) => subject)).toEqual([
        'Two-factor sign-in is on',
        'Two-factor sign-in is off',
      ]);
      expect(second[1]![1]).toContain(
        'the administrator of this site turned two-factor sign-in off',
      );
      for (const [, text] of [...first, ...second]) {
        expect(text).toContain('/forgotPassword');
        expect(text).not.toContain(secret);
        for (const code of codes) expect(text).not.toContain(code);
      }
    });

    it('sends nothing when a change is refused', async () => {
      const { user, headers } = await enrolledUser();
      const refused = await post(
        '/api/user/2fa/disable',
        { password: user.password, code: '000000' },
        { headers },
      );
      expect(refused.statusCode).toBe(400);
      expect((await noticesTo(user.email)).map(([subject]) => subject)).toEqual([
        'Two-factor sign-in is on',
      ]);
    });
  });

  describe("the owner's reset of another account", () => {
    it('shows and turns off a client’s two-factor sign-in, ends their sessions and audits it', async () => {
      const { user, headers } = await enrolledUser();
      const owner = await createUser(t.app, { role: 'admin' });
      const ownerHeaders = await sessionOf(owner);
      const url = `/api/admin/users/${user.id}/2fa`;

      const view = await t.app.inject({ method: 'GET', url, headers: ownerHeaders });
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
      const byClient = await t.app.inject({ method: 'GET', url, headers });
      expect(byClient.statusCode).toBe(403);
      const own = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${owner.id}/2fa`,
        headers: ownerHeaders,
      });
      expect(own.statusCode).toBe(400);
      expect(own.json().detail).toBe(TWO_FACTOR_MESSAGES.ownOnProfile);
      for (const id of ['not-an-id', randomUUID()]) {
        const unknown = await t.app.inject({
          method: 'DELETE',
          url: `/api/admin/users/${id}/2fa`,
          headers: ownerHeaders,
        });
        expect(unknown.statusCode).toBe(404);
      }

      const reset = await t.app.inject({ method: 'DELETE', url, headers: ownerHeaders });
      expect(reset.statusCode).toBe(204);
      const ended = await t.app.inject({ method: 'GET', url: '/api/user', headers });
      expect(ended.statusCode).toBe(403);
      const signIn = await post('/api/auth', { email: user.email, password: user.password });
      expect(signIn.json().accessToken).toEqual(expect.any(String));
      const [entry] = await t.app.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.two_factor_reset'), eq(auditLog.target, user.id)));
      expect(entry).toMatchObject({
        actorId: owner.id,
        target: user.id,
        details: { before: { twoFactor: true }, after: { twoFactor: false } },
      });
      const again = await t.app.inject({ method: 'DELETE', url, headers: ownerHeaders });
      expect(again.statusCode).toBe(409);
    });
  });

  describe('password reset', () => {
    it('leaves two-factor sign-in on, and ends a challenge opened with the old password', async () => {
      const { user, headers } = await enrolledUser();
      const challenge = await challengeFor(user);
      const token = randomToken();
      await insertEmailToken(t.app.deps.db, {
        userId: user.id,
        purpose: 'reset_password',
        tokenHash: sha256Hex(token),
        email: user.email,
        expiresAt: new Date(Date.now() + HOUR_MS),
      });
      const newPassword = 'a brand new and unusual passphrase';
      const reset = await post(`/api/user/resetPassword?token=${token}`, {
        password: newPassword,
        confirmPassword: newPassword,
      });
      expect(reset.statusCode).toBe(200);

      const [row] = await t.app.deps.db
        .select()
        .from(twoFactorSecrets)
        .where(eq(twoFactorSecrets.userId, user.id));
      expect(row!.enabledAt).not.toBeNull();
      // The reset ended every session (the status call's session too); a new sign-in asks for a code.
      const old = await t.app.inject({ method: 'GET', url: '/api/user/2fa', headers });
      expect(old.statusCode).toBe(403);
      const afterReset = await challengeFor(user, newPassword);
      expect(afterReset).toEqual(expect.any(String));
      const stale = await post('/api/auth/2fa', {
        challenge,
        recoveryCode: 'abcd-efgh-jkmn-pqrs',
      });
      expect(stale.statusCode).toBe(401);
      expect(stale.json().type).toBe(TWO_FACTOR_CHALLENGE_INVALID_PROBLEM_TYPE);
    });
  });

  describe("the owner's requirement for admins", () => {
    it('is turned on only by an admin who has it, is audited, and sends admins without it to set it up', async () => {
      const owner = await createUser(t.app, { role: 'admin' });
      const ownerHeaders = await sessionOf(owner);
      const put = (headers: Record<string, string>, requireTwoFactorForAdmins: boolean) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/admin/security-settings',
          headers,
          payload: { requireTwoFactorForAdmins },
        });

      const refused = await put(ownerHeaders, true);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.requireTwoFactorForAdmins).toEqual([
        TWO_FACTOR_MESSAGES.ownFirst,
      ]);

      const setup = await post('/api/user/2fa/setup', {}, { headers: ownerHeaders });
      const { secret } = setup.json() as { secret: string };
      await post('/api/user/2fa/confirm', { code: nextCode(secret) }, { headers: ownerHeaders });
      const other = await createUser(t.app, { role: 'admin' });
      const before = await t.app.inject({
        method: 'GET',
        url: '/api/admin/security-settings',
        headers: ownerHeaders,
      });
      expect(before.json()).toMatchObject({ requireTwoFactorForAdmins: false });
      expect(before.json().adminsWithoutTwoFactor).toBeGreaterThanOrEqual(1);

      const turnedOn = await put(ownerHeaders, true);
      expect(turnedOn.statusCode).toBe(200);
      expect(turnedOn.json().requireTwoFactorForAdmins).toBe(true);
      const [entry] = await t.app.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'security.settings'));
      expect(entry).toMatchObject({
        actorId: owner.id,
        details: {
          before: { requireTwoFactorForAdmins: false },
          after: { requireTwoFactorForAdmins: true },
        },
      });

      // An admin without it signs in, and every admin route sends them to set it up.
      const otherHeaders = await sessionOf(other);
      const blocked = await t.app.inject({
        method: 'GET',
        url: '/api/admin/users',
        headers: otherHeaders,
      });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().type).toBe(TWO_FACTOR_SETUP_REQUIRED_PROBLEM_TYPE);
      expect(await status(otherHeaders)).toMatchObject({ enabled: false, required: true });
      // Its own profile and the set-up stay open.
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: otherHeaders });
      expect(me.statusCode).toBe(200);
      const otherSetup = await post('/api/user/2fa/setup', {}, { headers: otherHeaders });
      expect(otherSetup.statusCode).toBe(200);
      const otherSecret = (otherSetup.json() as { secret: string }).secret;
      const confirmed = await post(
        '/api/user/2fa/confirm',
        { code: nextCode(otherSecret) },
        { headers: otherHeaders },
      );
      expect(confirmed.statusCode).toBe(200);
      const allowed = await t.app.inject({
        method: 'GET',
        url: '/api/admin/users',
        headers: otherHeaders,
      });
      expect(allowed.statusCode).toBe(200);

      // Clients are not held by it.
      const client = await createUser(t.app);
      const clientHeaders = await sessionOf(client);
      expect(await status(clientHeaders)).toMatchObject({ required: false });

      const turnedOff = await put(ownerHeaders, false);
      expect(turnedOff.statusCode).toBe(200);
      expect(turnedOff.json().requireTwoFactorForAdmins).toBe(false);
    });

    it('refuses a non-admin and a body without the setting', async () => {
      const client = await createUser(t.app);
      const clientHeaders = await sessionOf(client);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/security-settings',
        headers: clientHeaders,
        payload: { requireTwoFactorForAdmins: false },
      });
      expect(res.statusCode).toBe(403);
      const admin = await createUser(t.app, { role: 'admin' });
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/security-settings',
        headers: await sessionOf(admin),
        payload: { requireTwoFactorForAdmins: 'yes' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  it("tells in the client's export that it is on, without the secret or the codes", async () => {
    const { headers, secret, recoveryCodes: codes } = await enrolledUser();
    const res = await t.app.inject({ method: 'GET', url: '/api/user/export', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().twoFactor).toEqual({
      enabled: true,
      enabledAt: expect.any(String),
      recoveryCodesLeft: 10,
    });
    expect(res.body).not.toContain(secret);
    for (const code of codes) expect(res.body).not.toContain(code);
  });

  it('erases the secret and the recovery codes with the account', async () => {
    const { user, headers } = await enrolledUser();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers,
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(204);
    expect(
      await t.app.deps.db
        .select()
        .from(twoFactorSecrets)
        .where(eq(twoFactorSecrets.userId, user.id)),
    ).toEqual([]);
    expect(
      await t.app.deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
    ).toEqual([]);
  });

  it('documents every route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/api/user/2fa',
      '/api/user/2fa/setup',
      '/api/user/2fa/confirm',
      '/api/user/2fa/recovery-codes',
      '/api/user/2fa/disable',
      '/api/auth/2fa',
      '/api/admin/security-settings',
      '/api/admin/users/{id}/2fa',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('never writes a secret, code or challenge to the log', async () => {
    const { user, secret, recoveryCodes: codes } = await enrolledUser();
    const challenge = await challengeFor(user);
    await post('/api/auth/2fa', { challenge, recoveryCode: codes[1] });
    const logText = JSON.stringify(t.logs);
    expect(t.logs.length).toBeGreaterThan(0);
    expect(logText).not.toContain(secret);
    expect(logText).not.toContain(codes[1]);
    expect(logText).not.toContain(challenge);
  });
});

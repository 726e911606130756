import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  REFRESH_COOKIE,
  SETUP_CODE_INVALID_PROBLEM_TYPE,
  SETUP_DONE_PROBLEM_TYPE,
  SETUP_MESSAGES,
  setupChecklistSchema,
} from '@consult/shared';
import { cookieValue, createUser, freshIp, signIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { demoSiteContent } from '../site/demo-site-content';
import { settings } from '../../db/settings-schema';
import { findUserByEmail } from '../users/users-repository';
import { AUTH_RATE_LIMITS } from '../auth/rate-limits';
import { prepareSetupLink } from './setup-service';

const owner = {
  name: 'Nadia Rahman',
  email: 'Nadia@Example.test',
  password: 'a long owner passphrase',
};

function codeOf(link: string): string {
  return new URL(link).searchParams.get('code') ?? '';
}

describe('first-run setup', () => {
  let t: TestApp;
  let link: string;

  beforeAll(async () => {
    t = await createTestApp();
    link = (await prepareSetupLink(t.app.deps))!;
  });
  afterAll(() => t.close());

  const post = (payload: object, remoteAddress = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/setup', payload, remoteAddress });

  it('prints a full link on APP_URL that stays the same after a restart, storing no code', async () => {
    expect(link).toMatch(/^http:\/\/localhost:3000\/setup\?code=[\w-]{32}$/);
    expect(await prepareSetupLink(t.app.deps)).toBe(link);
    const stored = JSON.stringify(await t.app.deps.db.select().from(settings));
    expect(stored).not.toContain(codeOf(link));
    const status = await t.app.inject({ method: 'GET', url: '/api/setup' });
    expect(status.json()).toEqual({ needed: true });
  });

  it('refuses a wrong code with 403 and its problem type, and bad fields per field', async () => {
    const wrong = await post({ ...owner, code: 'not-the-code' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      type: SETUP_CODE_INVALID_PROBLEM_TYPE,
      detail: SETUP_MESSAGES.codeInvalid,
    });

    const bad = await post({ code: '', name: '', email: 'nope', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      code: [SETUP_MESSAGES.codeRequired],
      name: [AUTH_MESSAGES.nameRequired],
      email: [AUTH_MESSAGES.emailInvalid],
      password: [AUTH_MESSAGES.passwordTooShort],
    });
    const common = await post({ ...owner, password: 'password123', code: codeOf(link) });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual({ password: [AUTH_MESSAGES.passwordTooCommon] });
  });

  it('creates a verified admin once and signs them in like sign-in', async () => {
    const res = await post({ ...owner, code: codeOf(link) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().accessToken).toEqual(expect.any(String));
    expect(cookieValue(res, REFRESH_COOKIE)).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/setup-checklist',
      headers: { authorization: `Bearer ${res.json().accessToken}` },
    });
    expect(me.statusCode).toBe(200);

    const user = await findUserByEmail(t.app.deps.db, owner.email);
    expect(user).toMatchObject({ role: 'admin', name: owner.name, email: 'nadia@example.test' });
    expect(user!.emailVerifiedAt).not.toBeNull();
    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'setup.owner'));
    expect(entry).toMatchObject({ actorId: user!.id, target: user!.id });
    expect(JSON.stringify(entry!.details)).not.toMatch(/password|argon/i);

    const again = await post({ ...owner, email: 'second@example.test', code: codeOf(link) });
    expect(again.statusCode).toBe(409);
    expect(again.json().type).toBe(SETUP_DONE_PROBLEM_TYPE);
    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({
      needed: false,
    });
    expect(await prepareSetupLink(t.app.deps)).toBeNull();
  });
});

describe('first-run setup once an admin exists another way', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('stops the code the moment an admin is made, e.g. by promotion', async () => {
    t = await createTestApp();
    const link = (await prepareSetupLink(t.app.deps))!;
    await createUser(t.app, { role: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { ...owner, code: codeOf(link) },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(409);
  });

  it('prints no link when ADMIN_EMAIL makes the admin', async () => {
    const configured = await createTestApp({
      env: { ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'a configured passphrase' },
    });
    try {
      await configured.app.ready();
      expect(await prepareSetupLink(configured.app.deps)).toBeNull();
      // That path asks for no facts: the demo content stays as it is (decision 036).
      const site = await configured.app.inject({ method: 'GET', url: '/api/site' });
      expect(site.json()).toMatchObject({ consultant: demoSiteContent.consultant });
    } finally {
      await configured.close();
    }
  });
});

describe('first-run setup of an address that already has a client account', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('makes that account the admin with the new password, and limits attempts per address', async () => {
    t = await createTestApp();
    const link = (await prepareSetupLink(t.app.deps))!;
    const client = await createUser(t.app, { email: 'nadia@example.test', verified: false });
    const ip = freshIp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { ...owner, code: codeOf(link) },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(201);
    const user = await findUserByEmail(t.app.deps.db, owner.email);
    expect(user).toMatchObject({ id: client.id, role: 'admin' });
    expect(user!.emailVerifiedAt).not.toBeNull();

    const statuses: number[] = [];
    for (let i = 0; i < AUTH_RATE_LIMITS.setupPerIp.max; i += 1) {
      const attempt = await t.app.inject({
        method: 'POST',
        url: '/api/setup',
        payload: { ...owner, code: 'guess' },
        remoteAddress: ip,
      });
      statuses.push(attempt.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the owner’s first-run checklist', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('lists what still shows the demo or is unset, and ticks what the owner set', async () => {
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' }, startJobs: false });
    const admin = await createUser(t.app, { role: 'admin' });
    const { headers } = await signIn(t.app, admin.email);
    const checklist = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/setup-checklist', headers });
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(
        setupChecklistSchema.parse(res.json()).items.map((item) => [item.id, item.done]),
      );
    };
    expect(await checklist()).toEqual({
      business: false,
      hours: false,
      services: false,
      payments: false,
      mail: true,
    });
    const scheduling = await t.app.inject({ method: 'GET', url: '/api/admin/scheduling', headers });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/scheduling',
      headers,
      payload: scheduling.json(),
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/payment-settings',
      headers,
      payload: { provider: 'manual', manualInstructions: 'Bank transfer to IBAN DE00 1234.' },
    });
    expect(await checklist()).toMatchObject({ hours: true, payments: true, business: false });

    const client = await createUser(t.app);
    const clientSession = await signIn(t.app, client.email);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/setup-checklist',
      headers: clientSession.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});

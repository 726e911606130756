import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  adminPackageSchema,
  adminPackagesListSchema,
  PACKAGE_MESSAGES,
  packagesListSchema,
  TEXT_MESSAGES,
} from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { addService } from '../bookings/booking-test-setup';

describe('packages: the owner defines them, everybody sees the ones on sale', () => {
  let t: TestApp;
  type Person = Awaited<ReturnType<typeof signedInUser>>;
  let owner: Person;
  let client: Person;

  beforeAll(async () => {
    t = await createTestApp();
    await addService(t.app, { slug: 'coaching', priceMinor: 8000, currency: 'USD' });
    await addService(t.app, { slug: 'review', priceMinor: 4000, currency: 'USD' });
    owner = await signedInUser(t.app, { role: 'admin' });
    client = await signedInUser(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who?: Person, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers, payload });

  const fivePack = {
    title: '5 coaching sessions',
    description: 'Valid six months',
    services: ['coaching', 'review'],
    sessions: 5,
    priceMinor: 35000,
    currency: 'USD',
    validityDays: 180,
  };

  it('creates a package, lists it publicly in the contract shape, and audits the creation', async () => {
    const res = await call('POST', '/api/admin/packages', owner, fivePack);
    expect(res.statusCode, res.body).toBe(201);
    const created = adminPackageSchema.parse(res.json());
    expect(created).toMatchObject({ ...fivePack, active: true, purchases: 0 });

    const list = await call('GET', '/api/packages');
    expect(list.statusCode).toBe(200);
    const body = packagesListSchema.parse(list.json());
    const listed = body.packages.find((p) => p.id === created.id);
    expect(listed).toEqual({ id: created.id, ...fivePack });
    // The public answer says nothing of sales or state.
    expect(Object.keys(list.json().packages[0]).sort()).toEqual([
      'currency',
      'description',
      'id',
      'priceMinor',
      'services',
      'sessions',
      'title',
      'validityDays',
    ]);

    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.create'), eq(auditLog.target, created.id)));
    expect(entry?.actorId).toBe(owner.user.id);
  });

  it('prices a package without a currency in the site’s and without validity as never expiring', async () => {
    const res = await call('POST', '/api/admin/packages', owner, {
      title: 'Three reviews',
      services: ['review'],
      sessions: 3,
      priceMinor: 10000,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ currency: 'USD', validityDays: null, description: '' });
  });

  it('retires a package: it leaves the public list, stays in the owner’s, and the change is audited', async () => {
    const created = adminPackageSchema.parse(
      (
        await call('POST', '/api/admin/packages', owner, { ...fivePack, title: 'Old offer' })
      ).json(),
    );
    const res = await call('PATCH', `/api/admin/packages/${created.id}`, owner, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ active: false, title: 'Old offer' });

    const publicList = packagesListSchema.parse((await call('GET', '/api/packages')).json());
    expect(publicList.packages.map((p) => p.id)).not.toContain(created.id);
    const adminList = adminPackagesListSchema.parse(
      (await call('GET', '/api/admin/packages', owner)).json(),
    );
    expect(adminList.packages.find((p) => p.id === created.id)?.active).toBe(false);

    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.update'), eq(auditLog.target, created.id)));
    expect(entry?.details).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('changes the services covered and the price; an edit that changes nothing writes no audit entry', async () => {
    const created = adminPackageSchema.parse(
      (await call('POST', '/api/admin/packages', owner, { ...fivePack, title: 'Mixed' })).json(),
    );
    const res = await call('PATCH', `/api/admin/packages/${created.id}`, owner, {
      services: ['review'],
      priceMinor: 30000,
    });
    expect(res.json()).toMatchObject({ services: ['review'], priceMinor: 30000, currency: 'USD' });
    await call('PATCH', `/api/admin/packages/${created.id}`, owner, { priceMinor: 30000 });
    const entries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.update'), eq(auditLog.target, created.id)));
    expect(entries).toHaveLength(1);
  });

  it('answers every bad field with its message', async () => {
    const cases: [object, string, string][] = [
      [{ ...fivePack, sessions: 0 }, 'sessions', PACKAGE_MESSAGES.sessionsInvalid],
      [{ ...fivePack, sessions: 101 }, 'sessions', PACKAGE_MESSAGES.sessionsInvalid],
      [{ ...fivePack, sessions: 2.5 }, 'sessions', PACKAGE_MESSAGES.sessionsInvalid],
      [{ ...fivePack, services: [] }, 'services', PACKAGE_MESSAGES.servicesRequired],
      [
        { ...fivePack, services: ['review', 'review'] },
        'services',
        PACKAGE_MESSAGES.servicesRepeated,
      ],
      [{ ...fivePack, title: ' ' }, 'title', PACKAGE_MESSAGES.titleRequired],
      [{ ...fivePack, title: 'a\nb' }, 'title', TEXT_MESSAGES.singleLine],
      [{ ...fivePack, priceMinor: -1 }, 'priceMinor', PACKAGE_MESSAGES.priceNegative],
      [{ ...fivePack, validityDays: 0 }, 'validityDays', PACKAGE_MESSAGES.validityInvalid],
      [{ ...fivePack, validityDays: 3651 }, 'validityDays', PACKAGE_MESSAGES.validityInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/admin/packages', owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors?.[field], JSON.stringify(payload)).toContain(message);
    }
    const unknown = await call('POST', '/api/admin/packages', owner, {
      ...fivePack,
      services: ['coaching', 'no-such-service'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.services[0]).toBe(
      `${PACKAGE_MESSAGES.serviceUnknown}: no-such-service`,
    );
    const empty = await call('PATCH', `/api/admin/packages/${crypto.randomUUID()}`, owner, {});
    expect(empty.statusCode).toBe(400);
  });

  it('answers 404 for an unknown or malformed package id', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const res = await call('PATCH', `/api/admin/packages/${id}`, owner, { active: false });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(PACKAGE_MESSAGES.unknown);
    }
  });

  it('keeps the owner’s routes from strangers and clients: 401, then 403', async () => {
    expect((await call('GET', '/api/admin/packages')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/packages', client)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/packages', client, fivePack)).statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CURRENCY_MESSAGES, type ConsultationService } from '@consult/shared';
import { createUser, freshIp, signedInUser } from '../../test/accounts';
import { insertTestBooking } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { prepareSetupLink } from '../system/setup-service';
import { demoServices } from './demo-services';
import { bookings } from './schema';
import { findServiceById } from './services-repository';

const owner = {
  name: 'Nadia Rahman',
  email: 'nadia@example.test',
  password: 'a long owner passphrase',
};

const newService = (slug: string, extra: object = {}) => ({
  slug,
  title: `Session ${slug}`,
  durationMinutes: 60,
  priceMinor: 15000,
  meetingMode: 'video',
  ...extra,
});

const setup = (t: TestApp, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/setup', payload, remoteAddress: freshIp() });

/** The currencies of the services GET /api/site and GET /api/services show. */
async function publicCurrencies(t: TestApp) {
  const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json() as {
    services: { currency: string }[];
  };
  const list = (await t.app.inject({ method: 'GET', url: '/api/services' })).json() as {
    services: { currency: string }[];
  };
  return {
    site: [...new Set(site.services.map((service) => service.currency))],
    services: [...new Set(list.services.map((service) => service.currency))],
  };
}

async function adminServices(t: TestApp, headers: { authorization: string }) {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/services', headers });
  return (res.json() as { services: ConsultationService[] }).services;
}

describe('the site currency at setup', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a bad currency per field, then sets the chosen one: the demo services follow with the same amounts, audited', async () => {
    expect(await publicCurrencies(t)).toEqual({ site: ['USD'], services: ['USD'] });
    const code = new URL((await prepareSetupLink(t.app.deps))!).searchParams.get('code')!;
    const unknown = await setup(t, { ...owner, code, currency: 'XYZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ currency: [CURRENCY_MESSAGES.unknown] });
    const lower = await setup(t, { ...owner, code, currency: 'gbp' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().errors).toEqual({ currency: [CURRENCY_MESSAGES.invalid] });
    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({
      needed: true,
    });

    const res = await setup(t, { ...owner, code, currency: 'GBP' });
    expect(res.statusCode, res.body).toBe(201);
    const headers = { authorization: `Bearer ${res.json().accessToken}` };
    expect(await publicCurrencies(t)).toEqual({ site: ['GBP'], services: ['GBP'] });
    const services = await adminServices(t, headers);
    expect(
      services.map(({ slug, priceMinor, ownCurrency }) => ({ slug, priceMinor, ownCurrency })),
    ).toEqual(
      demoServices.map(({ slug, priceMinor }) => ({ slug, priceMinor, ownCurrency: false })),
    );
    const current = await t.app.inject({ method: 'GET', url: '/api/admin/site-currency', headers });
    expect(current.json()).toEqual({ currency: 'GBP' });
    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'site.currency'));
    expect(entry?.details).toEqual({ before: { currency: 'USD' }, after: { currency: 'GBP' } });
  });
});

describe('the site currency on /admin/config', () => {
  let t: TestApp;
  let headers: { authorization: string };

  const putCurrency = (currency: unknown, auth = headers) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/site-currency',
      headers: auth,
      payload: { currency },
    });
  const create = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers,
      payload,
    });
    return res;
  };
  const serviceBySlug = async (slug: string) =>
    (await adminServices(t, headers)).find((service) => service.slug === slug)!;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signedInUser(t.app, { role: 'admin' });
    headers = admin.headers;
  });
  afterAll(() => t.close());

  it('gives a new service without a currency the site’s; another currency only when asked', async () => {
    await putCurrency('GBP');
    const plain = await create(newService('new-plain'));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ currency: 'GBP', ownCurrency: false, priceMinor: 15000 });
    const same = await create(newService('new-same', { currency: 'GBP' }));
    expect(same.json()).toMatchObject({ currency: 'GBP', ownCurrency: false });
    const euro = await create(newService('new-euro', { currency: 'EUR' }));
    expect(euro.statusCode, euro.body).toBe(201);
    expect(euro.json()).toMatchObject({ currency: 'EUR', ownCurrency: true });
    expect((await publicCurrencies(t)).services).toContain('EUR');

    const bad = await create(newService('new-bad', { currency: 'XYZ' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ currency: [CURRENCY_MESSAGES.unknown] });
  });

  it('moves the following services to a new currency with the amount typed, not the explicit ones nor any booking', async () => {
    await putCurrency('GBP');
    const plain = (await create(newService('move-plain'))).json() as ConsultationService;
    const euro = (
      await create(newService('move-euro', { currency: 'EUR' }))
    ).json() as ConsultationService;
    const client = await createUser(t.app);
    const booked = await insertTestBooking(t.app.deps.db, {
      service: (await findServiceById(t.app.deps.db, plain.id))!,
      clientId: client.id,
      startAt: new Date('2030-01-07T10:00:00Z'),
    });
    expect(booked).toMatchObject({ currency: 'GBP', priceMinor: 15000 });

    const res = await putCurrency('JPY');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ currency: 'JPY' });
    // £150.00 is 15000 pence; ¥150 has no smaller unit.
    expect(await serviceBySlug('move-plain')).toMatchObject({
      currency: 'JPY',
      priceMinor: 150,
      ownCurrency: false,
    });
    expect(await serviceBySlug('move-euro')).toMatchObject({
      currency: 'EUR',
      priceMinor: euro.priceMinor,
      ownCurrency: true,
    });
    const [booking] = await t.app.deps.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(booking).toMatchObject({ currency: 'GBP', priceMinor: 15000 });
    const moved = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'service.update'), eq(auditLog.target, plain.id)));
    expect(moved.at(-1)?.details).toEqual({
      before: { currency: 'GBP', priceMinor: 15000 },
      after: { currency: 'JPY', priceMinor: 150 },
    });

    // Three decimals: ¥150 is 150.000 KWD.
    await putCurrency('KWD');
    expect(await serviceBySlug('move-plain')).toMatchObject({
      currency: 'KWD',
      priceMinor: 150_000,
    });
  });

  it('shows one currency on the public pages once a service in another currency follows the site again', async () => {
    await putCurrency('EUR');
    const other = (
      await create(newService('back-usd', { currency: 'USD' }))
    ).json() as ConsultationService;
    expect((await publicCurrencies(t)).services.sort()).toEqual(['EUR', 'USD']);
    const others = (await adminServices(t, headers)).filter((service) => service.ownCurrency);
    for (const service of others) {
      const { id, ownCurrency: _own, currency: _currency, ...input } = service;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/services/${id}`,
        headers,
        payload: input,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ currency: 'EUR', ownCurrency: false });
    }
    expect(others.map((service) => service.id)).toContain(other.id);
    expect(await publicCurrencies(t)).toEqual({ site: ['EUR'], services: ['EUR'] });
  });

  it('refuses a bad currency per field and anyone but the owner, changing nothing', async () => {
    await putCurrency('CHF');
    const unknown = await putCurrency('XYZ');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ currency: [CURRENCY_MESSAGES.unknown] });
    const missing = await putCurrency(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.currency).toEqual([CURRENCY_MESSAGES.invalid]);
    const client = await signedInUser(t.app);
    expect((await putCurrency('SEK', client.headers)).statusCode).toBe(403);
    const current = await t.app.inject({ method: 'GET', url: '/api/admin/site-currency', headers });
    expect(current.json()).toEqual({ currency: 'CHF' });
  });
});

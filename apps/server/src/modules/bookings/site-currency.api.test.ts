import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CURRENCY_MESSAGES, type ConsultationService } from '@consult/shared';
import { createUser, freshIp, signedInUser } from '../../test/accounts';
import { insertTestBooking } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { prepareSetupLink } from '../auth/setup-service';
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

describe('the site currency', () => {
  let t: TestApp;
  let headers: { authorization: string };

  const setup = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/setup', payload, remoteAddress: freshIp() });
  const publicCurrencies = async () => {
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
  };
  const adminServices = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/services', headers })).json()
      .services as ConsultationService[];
  const putCurrency = (currency: unknown, auth = headers) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/site-currency',
      headers: auth,
      payload: { currency },
    });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('starts in the demo’s US dollars, every demo service following it', async () => {
    expect(await publicCurrencies()).toEqual({ site: ['USD'], services: ['USD'] });
  });

  it('refuses an unknown or malformed currency at setup per field, and sets nothing up', async () => {
    const code = new URL((await prepareSetupLink(t.app.deps))!).searchParams.get('code')!;
    const unknown = await setup({ ...owner, code, currency: 'XYZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ currency: [CURRENCY_MESSAGES.unknown] });
    const lower = await setup({ ...owner, code, currency: 'gbp' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().errors).toEqual({ currency: [CURRENCY_MESSAGES.invalid] });
    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({
      needed: true,
    });
  });

  it('sets the currency at setup: the demo services follow it with the same amounts, audited', async () => {
    const code = new URL((await prepareSetupLink(t.app.deps))!).searchParams.get('code')!;
    const res = await setup({ ...owner, code, currency: 'GBP' });
    expect(res.statusCode, res.body).toBe(201);
    headers = { authorization: `Bearer ${res.json().accessToken}` };

    expect(await publicCurrencies()).toEqual({ site: ['GBP'], services: ['GBP'] });
    const services = await adminServices();
    expect(
      services.map(({ slug, priceMinor, ownCurrency }) => ({ slug, priceMinor, ownCurrency })),
    ).toEqual(
      demoServices.map(({ slug, priceMinor }) => ({ slug, priceMinor, ownCurrency: false })),
    );
    const current = await t.app.inject({ method: 'GET', url: '/api/admin/site-currency', headers });
    expect(current.json()).toEqual({ currency: 'GBP' });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'site.currency'));
    expect(entry?.details).toEqual({ before: { currency: 'USD' }, after: { currency: 'GBP' } });
  });

  it('gives a new service without a currency the site’s; another currency only when asked', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers,
      payload: newService('plain'),
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ currency: 'GBP', ownCurrency: false, priceMinor: 15000 });

    const same = await t.app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers,
      payload: newService('same', { currency: 'GBP' }),
    });
    expect(same.json()).toMatchObject({ currency: 'GBP', ownCurrency: false });

    const euro = await t.app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers,
      payload: newService('euro', { currency: 'EUR' }),
    });
    expect(euro.statusCode, euro.body).toBe(201);
    expect(euro.json()).toMatchObject({ currency: 'EUR', ownCurrency: true });
    expect((await publicCurrencies()).services.sort()).toEqual(['EUR', 'GBP']);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers,
      payload: newService('bad', { currency: 'XYZ' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ currency: [CURRENCY_MESSAGES.unknown] });
  });

  it('moves the following services to a new currency with the amount typed, not the explicit ones nor any booking', async () => {
    const before = await adminServices();
    const plain = before.find((service) => service.slug === 'plain')!;
    const euro = before.find((service) => service.slug === 'euro')!;
    const client = await createUser(t.app);
    const booked = await insertTestBooking(t.app.db, {
      service: (await findServiceById(t.app.db, plain.id))!,
      clientId: client.id,
      startAt: new Date('2030-01-07T10:00:00Z'),
    });
    expect(booked).toMatchObject({ currency: 'GBP', priceMinor: 15000 });

    const res = await putCurrency('JPY');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ currency: 'JPY' });

    const after = await adminServices();
    // £150.00 is 15000 pence; ¥150 has no smaller unit.
    expect(after.find((service) => service.slug === 'plain')).toMatchObject({
      currency: 'JPY',
      priceMinor: 150,
      ownCurrency: false,
    });
    expect(after.find((service) => service.slug === 'euro')).toMatchObject({
      currency: 'EUR',
      priceMinor: euro.priceMinor,
      ownCurrency: true,
    });
    const [booking] = await t.app.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(booking).toMatchObject({ currency: 'GBP', priceMinor: 15000 });

    const moved = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'service.update'), eq(auditLog.target, plain.id)));
    expect(moved.at(-1)?.details).toEqual({
      before: { currency: 'GBP', priceMinor: 15000 },
      after: { currency: 'JPY', priceMinor: 150 },
    });

    // Three decimals: ¥150 is 150.000 KWD.
    await putCurrency('KWD');
    expect((await adminServices()).find((service) => service.slug === 'plain')).toMatchObject({
      currency: 'KWD',
      priceMinor: 150_000,
    });
  });

  it('shows one currency on the public pages once the other-currency service follows the site again', async () => {
    const euro = (await adminServices()).find((service) => service.slug === 'euro')!;
    const { id: _id, ownCurrency: _own, currency: _currency, ...input } = euro;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/services/${euro.id}`,
      headers,
      payload: input,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ currency: 'KWD', ownCurrency: false });
    expect(await publicCurrencies()).toEqual({ site: ['KWD'], services: ['KWD'] });
  });

  it('refuses a bad currency per field and anyone but the owner, changing nothing', async () => {
    const unknown = await putCurrency('XYZ');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ currency: [CURRENCY_MESSAGES.unknown] });
    const missing = await putCurrency(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.currency).toEqual([CURRENCY_MESSAGES.invalid]);
    const client = await signedInUser(t.app);
    expect((await putCurrency('EUR', client.headers)).statusCode).toBe(403);
    const current = await t.app.inject({ method: 'GET', url: '/api/admin/site-currency', headers });
    expect(current.json()).toEqual({ currency: 'KWD' });
  });
});

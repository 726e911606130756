/**
 * Packages and discount codes follow a change of the site's currency (decision 037, amended):
 * what the preview names is what the change does, in one transaction, audited; purchases keep
 * the currency they were made in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  adminCouponSchema,
  adminPackageSchema,
  adminPackagesListSchema,
  COUPON_REFUSAL_MESSAGES,
  packagesListSchema,
  siteCurrencyPreviewSchema,
  userCreditsSchema,
} from '@consult/shared';
import type { LightMyRequestResponse } from 'fastify';
import { signedInUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { addService } from '../bookings/booking-test-setup';
import { coupons } from '../coupons/schema';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

describe('a change of the site’s currency moves packages and gives codes the same amount', () => {
  let t: TestApp;
  let owner: SignedIn;
  let client: SignedIn;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    who: SignedIn | null,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: who?.headers, payload });

  async function addPackage(fields: object) {
    const res = await call('POST', '/api/admin/packages', owner, {
      title: 'Five coaching sessions',
      services: ['coaching'],
      sessions: 5,
      priceMinor: 35000,
      validityDays: 180,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return adminPackageSchema.parse(res.json());
  }

  async function addCode(code: string, fields: object) {
    const res = await call('POST', '/api/admin/coupons', owner, { code, ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return adminCouponSchema.parse(res.json());
  }

  const adminPackages = async () =>
    adminPackagesListSchema.parse((await call('GET', '/api/admin/packages', owner)).json())
      .packages;
  const preview = async (currency?: string) => {
    const res = await call(
      'GET',
      `/api/admin/site-currency/preview${currency ? `?currency=${currency}` : ''}`,
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    return siteCurrencyPreviewSchema.parse(res.json());
  };
  /** The currencies /consultation shows: its services (GET /api/site) and packages (GET /api/packages). */
  async function consultationCurrencies() {
    const site = (await call('GET', '/api/site', null)).json() as {
      services: { currency: string; priceMinor: number }[];
    };
    const offers = packagesListSchema.parse((await call('GET', '/api/packages', null)).json());
    return [
      ...new Set([
        ...site.services
          .filter((service) => service.priceMinor > 0)
          .map((service) => service.currency),
        ...offers.packages.map((offer) => offer.currency),
      ]),
    ].sort();
  }

  let following: Awaited<ReturnType<typeof addPackage>>;
  let yen: Awaited<ReturnType<typeof addPackage>>;
  let ownEuro: Awaited<ReturnType<typeof addPackage>>;
  let retired: Awaited<ReturnType<typeof addPackage>>;
  let fixed: Awaited<ReturnType<typeof addCode>>;
  let euroOnly: Awaited<ReturnType<typeof addCode>>;
  let both: Awaited<ReturnType<typeof addCode>>;
  let percent: Awaited<ReturnType<typeof addCode>>;
  let boughtBefore: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t.app, { role: 'admin' });
    client = await signedInUser(t.app);
    await addService(t.app, { slug: 'coaching', priceMinor: 12000 });
    following = await addPackage({});
    // Sent with the site's currency: it follows, as a service would.
    yen = await addPackage({ title: 'Two short calls', priceMinor: 12345, currency: 'USD' });
    ownEuro = await addPackage({ title: 'Euro block', priceMinor: 20000, currency: 'EUR' });
    retired = await addPackage({ title: 'Old block', priceMinor: 9900, active: false });
    fixed = await addCode('TWENTYOFF', { amountOff: [{ currency: 'USD', amountMinor: 2000 }] });
    euroOnly = await addCode('EUROONLY', { amountOff: [{ currency: 'EUR', amountMinor: 500 }] });
    both = await addCode('BOTHSET', {
      amountOff: [
        { currency: 'USD', amountMinor: 1000 },
        { currency: 'GBP', amountMinor: 700 },
      ],
    });
    percent = await addCode('TENPERCENT', { percentOff: 10 });
    const bought = await call('POST', `/api/packages/${following.id}/purchase`, client, {});
    expect(bought.statusCode, bought.body).toBe(201);
    boughtBefore = bought.json().purchase.id;
  });
  afterAll(() => t.close());

  it('marks a package sent with the site’s currency or none as following it, another as its own', () => {
    expect(following).toMatchObject({ currency: 'USD', ownCurrency: false });
    expect(yen).toMatchObject({ currency: 'USD', ownCurrency: false });
    expect(ownEuro).toMatchObject({ currency: 'EUR', ownCurrency: true });
  });

  it('previews what a change to GBP would move, give and leave, without changing anything', async () => {
    const before = await adminPackages();
    const seen = await preview('GBP');
    expect(seen.from).toBe('USD');
    expect(seen.to).toBe('GBP');
    expect(seen.moves).toEqual(
      expect.arrayContaining([
        {
          kind: 'service',
          id: expect.any(String),
          title: 'coaching',
          from: { currency: 'USD', amountMinor: 12000 },
          to: { currency: 'GBP', amountMinor: 12000 },
        },
        {
          kind: 'package',
          id: following.id,
          title: following.title,
          from: { currency: 'USD', amountMinor: 35000 },
          to: { currency: 'GBP', amountMinor: 35000 },
        },
        expect.objectContaining({ kind: 'package', id: retired.id }),
      ]),
    );
    expect(seen.moves.map((move) => move.id)).not.toContain(ownEuro.id);
    expect(seen.others).toEqual([
      { kind: 'package', id: ownEuro.id, title: 'Euro block', currency: 'EUR' },
    ]);
    expect(seen.codeAmounts).toEqual([
      {
        id: fixed.id,
        code: 'TWENTYOFF',
        from: { currency: 'USD', amountMinor: 2000 },
        to: { currency: 'GBP', amountMinor: 2000 },
      },
    ]);
    expect(seen.codesWithoutAmount).toEqual([
      { id: euroOnly.id, code: 'EUROONLY', currencies: ['EUR'] },
    ]);
    expect(await adminPackages()).toEqual(before);
    // Without a currency: the site as it is, nothing to move; the euro package shows in EUR.
    const now = await preview();
    expect(now).toMatchObject({ from: 'USD', to: 'USD', moves: [], codeAmounts: [] });
    expect(now.others.map((other) => other.id)).toEqual([ownEuro.id]);
  });

  it('refuses a bad currency in the preview and answers 401/403 to others', async () => {
    const bad = await call('GET', '/api/admin/site-currency/preview?currency=XYZ', owner);
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/admin/site-currency/preview', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/site-currency/preview', client)).statusCode).toBe(403);
  });

  it('moves following packages with the service rule, gives codes their amount, audits each, and leaves purchases as they were', async () => {
    const res = await call('PUT', '/api/admin/site-currency', owner, { currency: 'GBP' });
    expect(res.statusCode, res.body).toBe(200);

    const byId = new Map((await adminPackages()).map((offer) => [offer.id, offer]));
    expect(byId.get(following.id)).toMatchObject({ currency: 'GBP', priceMinor: 35000 });
    expect(byId.get(retired.id)).toMatchObject({ currency: 'GBP', priceMinor: 9900 });
    expect(byId.get(ownEuro.id)).toMatchObject({ currency: 'EUR', priceMinor: 20000 });

    // One currency on /consultation, apart from the package the owner chose euros for.
    await call('PATCH', `/api/admin/packages/${ownEuro.id}`, owner, { active: false });
    expect(await consultationCurrencies()).toEqual(['GBP']);

    const amounts = new Map(
      (await t.app.deps.db.select().from(coupons)).map((row) => [row.code, row.amountOff]),
    );
    expect(amounts.get('TWENTYOFF')).toEqual([
      { currency: 'USD', amountMinor: 2000 },
      { currency: 'GBP', amountMinor: 2000 },
    ]);
    expect(amounts.get('BOTHSET')).toEqual([
      { currency: 'USD', amountMinor: 1000 },
      { currency: 'GBP', amountMinor: 700 },
    ]);
    expect(amounts.get('EUROONLY')).toEqual([{ currency: 'EUR', amountMinor: 500 }]);
    expect(amounts.get('TENPERCENT')).toBeNull();

    const entries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.target, [following.id, ownEuro.id, fixed.id, both.id, percent.id]));
    const moved = entries.filter(
      (entry) => entry.action === 'package.update' && entry.target === following.id,
    );
    // The same number: the audit keeps what changed, as a service's move does.
    expect(moved.map((entry) => entry.details)).toEqual([
      { before: { currency: 'USD' }, after: { currency: 'GBP' } },
    ]);
    expect(
      entries.filter((entry) => entry.action === 'coupon.update').map((entry) => entry.target),
    ).toEqual([fixed.id]);
    expect(
      entries.filter((entry) => entry.target === ownEuro.id && entry.action === 'package.update'),
    ).toHaveLength(1); // the owner's retiring it, not the currency change

    const credits = userCreditsSchema.parse(
      (await call('GET', '/api/user/credits', client)).json(),
    );
    expect(credits.purchases.find((purchase) => purchase.id === boughtBefore)).toMatchObject({
      currency: 'USD',
      priceMinor: 35000,
    });
  });

  it('takes the code’s GBP amount off a GBP price, and checks a code with no GBP amount as not applicable', async () => {
    const check = (code: string) =>
      call('POST', '/api/coupons/check', client, { code, package: following.id });
    const twenty = (await check('TWENTYOFF')).json();
    expect(twenty).toMatchObject({ valid: true, currency: 'GBP', totalMinor: 33000 });
    const euro = (await check('EUROONLY')).json();
    expect(euro).toMatchObject({ valid: false, reason: 'not_applicable', totalMinor: 35000 });
    const refused = await call('POST', `/api/packages/${following.id}/purchase`, client, {
      couponCode: 'EUROONLY',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({
      couponCode: [COUPON_REFUSAL_MESSAGES.not_applicable],
    });
    const bought = await call('POST', `/api/packages/${following.id}/purchase`, client, {
      couponCode: 'twentyoff',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().purchase).toMatchObject({ currency: 'GBP', priceMinor: 33000 });
  });

  it('moves a package back with its number and keeps a package the owner made its own', async () => {
    const made = await call('PATCH', `/api/admin/packages/${ownEuro.id}`, owner, {
      currency: 'GBP',
      active: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(adminPackageSchema.parse(made.json())).toMatchObject({
      currency: 'GBP',
      ownCurrency: false,
    });
    const own = await call('PATCH', `/api/admin/packages/${yen.id}`, owner, { currency: 'JPY' });
    expect(adminPackageSchema.parse(own.json())).toMatchObject({
      currency: 'JPY',
      ownCurrency: true,
    });
    expect(
      (await call('PUT', '/api/admin/site-currency', owner, { currency: 'JPY' })).statusCode,
    ).toBe(200);
    const byId = new Map((await adminPackages()).map((offer) => [offer.id, offer]));
    // Fewer decimals round half up, as services do: 35000 pence → ¥350.
    expect(byId.get(following.id)).toMatchObject({ currency: 'JPY', priceMinor: 350 });
    expect(byId.get(ownEuro.id)).toMatchObject({ currency: 'JPY', priceMinor: 200 });
    expect(byId.get(yen.id)).toMatchObject({
      currency: 'JPY',
      priceMinor: 12345,
      ownCurrency: true,
    });
    const [twenty] = await t.app.deps.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.code, 'TWENTYOFF')));
    expect(twenty?.amountOff).toContainEqual({ currency: 'JPY', amountMinor: 20 });
  });
});

describe('a change of the site’s currency that fails on the way', () => {
  let t: TestApp;
  let owner: SignedIn;

  beforeAll(async () => {
    // The last follower fails after the services, packages and codes have moved.
    t = await createTestApp({
      adjustDeps: (deps) => ({
        ...deps,
        siteCurrencyFollowers: [
          ...deps.siteCurrencyFollowers,
          {
            preview: async () => ({}),
            move: async () => {
              throw new Error('a follower failed');
            },
          },
        ],
      }),
    });
    owner = await signedInUser(t.app, { role: 'admin' });
    await addService(t.app, { slug: 'coaching', priceMinor: 12000 });
  });
  afterAll(() => t.close());

  it('leaves the site, its services, packages and codes as they were: one transaction', async () => {
    const headers = owner.headers;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/packages',
      headers,
      payload: { title: 'Block', services: ['coaching'], sessions: 3, priceMinor: 30000 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers,
      payload: { code: 'FIVEOFF', amountOff: [{ currency: 'USD', amountMinor: 500 }] },
    });
    expect(code.statusCode, code.body).toBe(201);

    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site-currency',
      headers,
      payload: { currency: 'GBP' },
    });
    expect(res.statusCode).toBe(500);
    const site = await t.app.inject({ method: 'GET', url: '/api/admin/site-currency', headers });
    expect(site.json()).toEqual({ currency: 'USD' });
    const offers = packagesListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/packages' })).json(),
    );
    expect(offers.packages.map((offer) => offer.currency)).toEqual(['USD']);
    const services = (await t.app.inject({ method: 'GET', url: '/api/services' })).json() as {
      services: { currency: string }[];
    };
    expect([...new Set(services.services.map((service) => service.currency))]).toEqual(['USD']);
    const [row] = await t.app.deps.db.select().from(coupons).where(eq(coupons.code, 'FIVEOFF'));
    expect(row?.amountOff).toEqual([{ currency: 'USD', amountMinor: 500 }]);
    const moves = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['site.currency', 'coupon.update']));
    expect(moves).toEqual([]);
  });
});

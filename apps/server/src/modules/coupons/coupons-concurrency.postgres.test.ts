/**
 * Twenty clients racing for the last use of a limited discount code (issue 24): exactly one gets
 * it (the code's row is locked while the uses are counted and the new one written, decision 063);
 * the others are refused with 409 `used_up` and buy nothing. In the contract set: locking can
 * differ between PostgreSQL servers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { COUPON_REFUSAL_MESSAGES } from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addService } from '../bookings/booking-test-setup';
import { packagePurchases } from '../packages/schema';
import { couponUses } from './schema';

describe('the last use of a discount code', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await addService(t.app, { slug: 'coaching', priceMinor: 8000, currency: 'USD' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('20 concurrent purchases with a code that has one use left: exactly one is made with it', async () => {
    const owner = await signedInUser(t.app, { role: 'admin' });
    // A package each: a purchase locks its package's row, which must not be what serialises them.
    const packageIds: string[] = [];
    for (let index = 0; index < 21; index += 1) {
      const offer = await t.app.inject({
        method: 'POST',
        url: '/api/admin/packages',
        headers: owner.headers,
        payload: {
          title: `Two sessions ${index}`,
          services: ['coaching'],
          sessions: 2,
          priceMinor: 15000,
        },
      });
      expect(offer.statusCode, offer.body).toBe(201);
      packageIds.push(offer.json().id as string);
    }
    const coupon = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: owner.headers,
      payload: { code: 'LASTONE', percentOff: 20, totalLimit: 2 },
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const buy = (headers: Record<string, string>, packageId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/packages/${packageId}/purchase`,
        headers,
        payload: { couponCode: 'lastone' },
      });
    // One use is taken already: one is left.
    expect((await buy((await signedInUser(t.app)).headers, packageIds[20]!)).statusCode).toBe(201);

    const clients = await Promise.all(Array.from({ length: 20 }, () => signedInUser(t.app)));
    const answers = await Promise.all(
      clients.map((client, index) => buy(client.headers, packageIds[index]!)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses, answers.map((res) => res.body).join('\n')).toEqual([
      201,
      ...Array.from({ length: 19 }, () => 409),
    ]);
    for (const res of answers.filter((answer) => answer.statusCode === 409)) {
      expect(res.json()).toMatchObject({
        reason: 'used_up',
        detail: COUPON_REFUSAL_MESSAGES.used_up,
      });
    }
    const uses = await t.app.deps.db
      .select()
      .from(couponUses)
      .where(eq(couponUses.couponId, coupon.json().id));
    expect(uses).toHaveLength(2);
    const purchases = await t.app.deps.db
      .select()
      .from(packagePurchases)
      .where(inArray(packagePurchases.packageId, packageIds));
    expect(purchases).toHaveLength(2);
    expect(purchases.map((purchase) => purchase.priceMinor)).toEqual([12000, 12000]);
  });
});

/**
 * Discount codes with Stripe (issue 24): the Checkout amount is the discounted one for a booking
 * and for a package purchase, the receipt of the webhook's payment shows the discount, and a use
 * held by a booking or purchase comes back when its hold or checkout expires unpaid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  adminCouponSchema,
  adminPackageSchema,
  couponCheckAnswerSchema,
  createdBookingSchema,
  paymentDetailSchema,
  purchaseAnswerSchema,
} from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { StripeDouble, type StripeEvent } from '../../test/stripe-double';
import { createStripeTestApp, type StripeTestApp } from '../../test/stripe-test-app';
import { slotAt } from '../bookings/booking-test-setup';
import { expireHolds } from '../bookings/jobs/booking-jobs';
import { payments } from '../payments/schema';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

describe('discount codes paid through Stripe (the double)', () => {
  let t: StripeTestApp;
  let owner: SignedIn;
  let packageId: string;
  let day = 2;
  let codes = 0;

  beforeAll(async () => {
    t = await createStripeTestApp({
      services: [{ slug: 'tax-review', title: 'Tax review', priceMinor: 12000 }],
    });
    owner = await signedInUser(t.app, { role: 'admin' });
    const created = await call('POST', '/api/admin/packages', owner, {
      title: 'Three reviews',
      services: ['tax-review'],
      sessions: 3,
      priceMinor: 30000,
      currency: 'USD',
    });
    packageId = adminPackageSchema.parse(created.json()).id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers, payload });

  function webhook(event: StripeEvent) {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': StripeDouble.sign(payload),
      },
      payload,
    });
  }

  async function addCoupon(fields: object) {
    codes += 1;
    const res = await call('POST', '/api/admin/coupons', owner, {
      code: `STRIPE${codes}`,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return adminCouponSchema.parse(res.json());
  }

  async function heldBooking(couponCode: string) {
    const client = await signedInUser(t.app);
    day += 1;
    const res = await call('POST', '/api/bookings', client, {
      service: 'tax-review',
      start: slotAt(day, '09:00'),
      couponCode,
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = createdBookingSchema.parse(res.json());
    const session = [...t.stripe.sessions.values()].find(
      (s) => s.client_reference_id === booking.id,
    )!;
    return { client, booking, session };
  }

  const checkFor = async (who: SignedIn, code: string) =>
    couponCheckAnswerSchema.parse(
      (await call('POST', '/api/coupons/check', who, { code, service: 'tax-review' })).json(),
    );

  it('charges the discounted amount at Checkout; the paid receipt shows the price, the discount with its code and the total', async () => {
    const coupon = await addCoupon({ percentOff: 25 });
    const { client, booking, session } = await heldBooking(coupon.code);
    expect(booking).toMatchObject({ state: 'pending_payment', priceMinor: 9000 });
    expect(session).toMatchObject({ amount_total: 9000, currency: 'usd' });
    expect((await webhook(t.stripe.pay(session.id))).statusCode).toBe(200);
    const [payment] = await t.app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ status: 'paid', amountMinor: 9000 });
    const detail = paymentDetailSchema.parse(
      (await call('GET', `/api/payments/${payment!.id}`, client)).json(),
    );
    expect(detail.receipt.discount).toEqual({
      code: coupon.code,
      originalMinor: 12000,
      discountMinor: 3000,
    });
    const view = adminCouponSchema.parse(
      (await call('GET', `/api/admin/coupons/${coupon.id}`, owner)).json(),
    );
    expect(view).toMatchObject({ redemptions: 1, reserved: 0 });
  });

  it('an expired hold gives the code’s last use back', async () => {
    const coupon = await addCoupon({
      amountOff: [{ currency: 'USD', amountMinor: 2000 }],
      totalLimit: 1,
    });
    const { booking, session } = await heldBooking(coupon.code);
    expect(session).toMatchObject({ amount_total: 10000 });
    const other = await signedInUser(t.app);
    expect(await checkFor(other, coupon.code)).toMatchObject({ valid: false, reason: 'used_up' });
    const afterHold = new Date(Date.parse(booking.holdUntil!) + 1000);
    expect(await expireHolds(t.app.deps, afterHold)).toBeGreaterThanOrEqual(1);
    expect(await checkFor(other, coupon.code)).toEqual({
      valid: true,
      discountMinor: 2000,
      totalMinor: 10000,
      currency: 'USD',
    });
    const view = adminCouponSchema.parse(
      (await call('GET', `/api/admin/coupons/${coupon.id}`, owner)).json(),
    );
    expect(view.uses.map((use) => use.state)).toEqual(['released']);
  });

  it('a package bought with a code pays the discounted amount at Checkout; a checkout expiring unpaid gives the use back', async () => {
    const coupon = await addCoupon({ percentOff: 10, totalLimit: 1 });
    const client = await signedInUser(t.app);
    const res = await call('POST', `/api/packages/${packageId}/purchase`, client, {
      couponCode: coupon.code,
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = purchaseAnswerSchema.parse(res.json());
    expect(answer.purchase).toMatchObject({ priceMinor: 27000, state: 'pending_payment' });
    const session = [...t.stripe.sessions.values()].find((s) => s.url === answer.checkoutUrl)!;
    expect(session).toMatchObject({ amount_total: 27000, currency: 'usd' });
    const refused = await call('POST', `/api/packages/${packageId}/purchase`, owner, {
      couponCode: coupon.code,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe('used_up');

    expect((await webhook(t.stripe.expire(session.id))).statusCode).toBe(200);
    const view = adminCouponSchema.parse(
      (await call('GET', `/api/admin/coupons/${coupon.id}`, owner)).json(),
    );
    expect(view).toMatchObject({ redemptions: 0, reserved: 0 });
    expect(view.uses[0]).toMatchObject({ kind: 'package', state: 'released' });
    const again = await call('POST', `/api/packages/${packageId}/purchase`, client, {
      couponCode: coupon.code,
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});

/**
 * Discount codes through the API with manual payments (issue 24): the owner's codes (audited,
 * checked), the client's check with every refusal reason, codes on bookings and package purchases,
 * the receipt's lines, a 100 % code, and refunds capped at what the discounted payment took.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  adminCouponSchema,
  adminCouponsListSchema,
  adminPackageSchema,
  adminPaymentDetailSchema,
  COUPON_CHECK_LIMITS,
  COUPON_MESSAGES,
  COUPON_REFUSAL_MESSAGES,
  COUPON_REFUSED_PROBLEM_TYPE,
  couponCheckAnswerSchema,
  createdBookingSchema,
  paymentDetailSchema,
  purchaseAnswerSchema,
  receiptLines,
  userCreditsSchema,
  type CouponRefusalReason,
} from '@consult/shared';
import type { LightMyRequestResponse } from 'fastify';
import { signedInUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { addService, openEveryDay, slotAt } from '../bookings/booking-test-setup';
import { bookings } from '../bookings/schema';
import { mailOutbox } from '../mail/schema';
import { payments } from '../payments/schema';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

type Call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  who?: SignedIn,
  payload?: object,
) => Promise<LightMyRequestResponse>;

describe('discount codes with manual payments', () => {
  let t: TestApp;
  let call: Call;
  let owner: SignedIn;
  let packageId: string;
  let day = 2;

  beforeAll(async () => {
    t = await createTestApp();
    call = (method, url, who, payload) =>
      t.app.inject({ method, url, headers: who?.headers, payload });
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'coaching', priceMinor: 8000, currency: 'USD' });
    await addService(t.app, { slug: 'review', priceMinor: 5000, currency: 'USD' });
    await addService(t.app, { slug: 'free-hello', priceMinor: 0, currency: 'USD' });
    owner = await signedInUser(t.app, { role: 'admin' });
    const created = await call('POST', '/api/admin/packages', owner, {
      title: 'Five coaching sessions',
      services: ['coaching'],
      sessions: 5,
      priceMinor: 35000,
      currency: 'USD',
    });
    expect(created.statusCode, created.body).toBe(201);
    packageId = adminPackageSchema.parse(created.json()).id;
  });
  afterAll(() => t.close());

  let codes = 0;
  /** A new code with the fields given (a fresh code name unless given). */
  async function addCoupon(fields: object) {
    codes += 1;
    const res = await call('POST', '/api/admin/coupons', owner, {
      code: `code${codes}`,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return adminCouponSchema.parse(res.json());
  }

  const check = async (who: SignedIn, body: object) => {
    const res = await call('POST', '/api/coupons/check', who, body);
    expect(res.statusCode, res.body).toBe(200);
    return couponCheckAnswerSchema.parse(res.json());
  };

  /** A client's booking of `service` on a day of its own, with the code given. */
  async function book(who: SignedIn, service: string, couponCode?: string, extra: object = {}) {
    day += 1;
    return call('POST', '/api/bookings', who, {
      service,
      start: slotAt(day, '10:00'),
      ...(couponCode !== undefined && { couponCode }),
      ...extra,
    });
  }

  function expectRefused(res: LightMyRequestResponse, reason: CouponRefusalReason) {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      type: COUPON_REFUSED_PROBLEM_TYPE,
      reason,
      detail: COUPON_REFUSAL_MESSAGES[reason],
      errors: { couponCode: [COUPON_REFUSAL_MESSAGES[reason]] },
    });
  }

  const bookingsOf = (clientId: string) =>
    t.app.deps.db.select().from(bookings).where(eq(bookings.clientId, clientId));

  describe('the owner’s codes', () => {
    it('creates a code stored upper-case, audited; the same code in other letters is a 409', async () => {
      const res = await call('POST', '/api/admin/coupons', owner, {
        code: 'Spring25',
        percentOff: 25,
      });
      expect(res.statusCode, res.body).toBe(201);
      const coupon = adminCouponSchema.parse(res.json());
      expect(coupon).toMatchObject({
        code: 'SPRING25',
        percentOff: 25,
        amountOff: null,
        appliesTo: 'all',
        totalLimit: null,
        perClientLimit: null,
        active: true,
        redemptions: 0,
        reserved: 0,
        uses: [],
      });
      const again = await call('POST', '/api/admin/coupons', owner, {
        code: 'spring25',
        percentOff: 10,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().errors.code).toEqual([COUPON_MESSAGES.codeTaken]);
      const [entry] = await t.app.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'coupon.create'), eq(auditLog.target, coupon.id)));
      expect(entry?.actorId).toBe(owner.user.id);
      expect(entry?.details).toMatchObject({ after: { code: 'SPRING25', percentOff: 25 } });
    });

    it('answers bad input with each field’s message and changes nothing', async () => {
      const res = await call('POST', '/api/admin/coupons', owner, {
        code: 'two words',
        percentOff: 0,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({
        code: [COUPON_MESSAGES.codeInvalid],
        percentOff: [COUPON_MESSAGES.percentInvalid],
      });
      const neither = await call('POST', '/api/admin/coupons', owner, { code: 'NOKIND' });
      expect(neither.statusCode).toBe(400);
      expect(neither.json().errors.percentOff).toEqual([COUPON_MESSAGES.discountKindRequired]);
      const unknownService = await call('POST', '/api/admin/coupons', owner, {
        code: 'NOSUCH',
        percentOff: 5,
        appliesTo: 'services',
        services: ['no-such-service'],
      });
      expect(unknownService.statusCode).toBe(400);
      expect(unknownService.json().errors.services[0]).toContain(COUPON_MESSAGES.serviceUnknown);
      const list = adminCouponsListSchema.parse(
        (await call('GET', '/api/admin/coupons', owner)).json(),
      );
      expect(list.coupons.map((c) => c.code)).not.toEqual(
        expect.arrayContaining(['NOKIND', 'NOSUCH']),
      );
    });

    it('changes a code (a fixed amount replaces the percentage), audited; checks the result whole', async () => {
      const coupon = await addCoupon({ percentOff: 10 });
      const res = await call('PATCH', `/api/admin/coupons/${coupon.id}`, owner, {
        amountOff: [{ currency: 'USD', amountMinor: 500 }],
        appliesTo: 'services',
        services: ['coaching'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(adminCouponSchema.parse(res.json())).toMatchObject({
        percentOff: null,
        amountOff: [{ currency: 'USD', amountMinor: 500 }],
        appliesTo: 'services',
        services: ['coaching'],
      });
      const [entry] = await t.app.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'coupon.update'), eq(auditLog.target, coupon.id)));
      expect(entry?.details).toMatchObject({
        before: { percentOff: 10, appliesTo: 'all' },
        after: { percentOff: null, appliesTo: 'services' },
      });

      const noList = await call('PATCH', `/api/admin/coupons/${coupon.id}`, owner, {
        appliesTo: 'packages',
      });
      expect(noList.statusCode).toBe(400);
      expect(noList.json().errors.packages).toEqual([COUPON_MESSAGES.packagesRequired]);
      const days = await call('PATCH', `/api/admin/coupons/${coupon.id}`, owner, {
        validFrom: '2030-05-10',
        validTo: '2030-05-01',
      });
      expect(days.statusCode).toBe(400);
      expect(days.json().errors.validTo).toEqual([COUPON_MESSAGES.validToBeforeFrom]);
      const empty = await call('PATCH', `/api/admin/coupons/${coupon.id}`, owner, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().detail).toBe(COUPON_MESSAGES.emptyChange);
      const after = adminCouponSchema.parse(
        (await call('GET', `/api/admin/coupons/${coupon.id}`, owner)).json(),
      );
      expect(after).toMatchObject({ appliesTo: 'services', validFrom: null, validTo: null });
    });

    it('is the owner’s alone: 401 without a session, 403 for a client, 404 for an unknown code', async () => {
      const client = await signedInUser(t.app);
      expect((await call('GET', '/api/admin/coupons')).statusCode).toBe(401);
      expect((await call('GET', '/api/admin/coupons', client)).statusCode).toBe(403);
      expect(
        (await call('POST', '/api/admin/coupons', client, { code: 'MINE', percentOff: 100 }))
          .statusCode,
      ).toBe(403);
      for (const id of [crypto.randomUUID(), 'nope']) {
        expect(
          (await call('PATCH', `/api/admin/coupons/${id}`, owner, { active: false })).statusCode,
        ).toBe(404);
        expect((await call('GET', `/api/admin/coupons/${id}`, owner)).statusCode).toBe(404);
      }
      expect(
        (await call('POST', '/api/coupons/check', undefined, { code: 'X', service: 'coaching' }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('checking a code', () => {
    it('answers the discount and the price to pay for a service or a package', async () => {
      const client = await signedInUser(t.app);
      const coupon = await addCoupon({ percentOff: 25 });
      expect(await check(client, { code: coupon.code.toLowerCase(), service: 'coaching' })).toEqual(
        {
          valid: true,
          discountMinor: 2000,
          totalMinor: 6000,
          currency: 'USD',
        },
      );
      expect(await check(client, { code: coupon.code, package: packageId })).toEqual({
        valid: true,
        discountMinor: 8750,
        totalMinor: 26250,
        currency: 'USD',
      });
      const nothing = await call('POST', '/api/coupons/check', client, { code: coupon.code });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().errors.service).toEqual([COUPON_MESSAGES.checkTargetRequired]);
      const unknown = await call('POST', '/api/coupons/check', client, {
        code: coupon.code,
        service: 'no-such-service',
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('says why a code cannot be used: every reason', async () => {
      const client = await signedInUser(t.app);
      const refusal = async (code: string, target: object = { service: 'coaching' }) => {
        const answer = await check(client, { code, ...target });
        expect(answer).toMatchObject({ valid: false, discountMinor: 0, currency: 'USD' });
        return answer.reason;
      };
      expect(await refusal('NOSUCHCODE')).toBe('unknown');
      expect(await refusal('not a code!')).toBe('unknown');
      const expired = await addCoupon({ percentOff: 10, validTo: '2020-01-31' });
      expect(await refusal(expired.code)).toBe('expired');
      const off = await addCoupon({ percentOff: 10, active: false });
      expect(await refusal(off.code)).toBe('expired');
      const later = await addCoupon({ percentOff: 10, validFrom: '2099-01-01' });
      expect(await refusal(later.code)).toBe('not_yet_valid');
      const reviewOnly = await addCoupon({
        percentOff: 10,
        appliesTo: 'services',
        services: ['review'],
      });
      expect(await refusal(reviewOnly.code)).toBe('not_applicable');
      expect(await refusal(reviewOnly.code, { package: packageId })).toBe('not_applicable');
      const euros = await addCoupon({ amountOff: [{ currency: 'EUR', amountMinor: 500 }] });
      expect(await refusal(euros.code)).toBe('not_applicable');
      const anything = await addCoupon({ percentOff: 50 });
      expect(await refusal(anything.code, { service: 'free-hello' })).toBe('not_applicable');

      const once = await addCoupon({ percentOff: 10, totalLimit: 1 });
      const first = await signedInUser(t.app);
      expect((await book(first, 'coaching', once.code)).statusCode).toBe(201);
      expect(await refusal(once.code)).toBe('used_up');
      const oncePerClient = await addCoupon({ percentOff: 10, perClientLimit: 1 });
      expect((await book(client, 'coaching', oncePerClient.code)).statusCode).toBe(201);
      expect(await refusal(oncePerClient.code)).toBe('limit_per_client');
      expect((await check(first, { code: oncePerClient.code, service: 'coaching' })).valid).toBe(
        true,
      );
    });
  });

  it('counts a client’s checks: past the budget the check is 429', async () => {
    const client = await signedInUser(t.app);
    const budget = COUPON_CHECK_LIMITS.perAccount.max;
    for (let index = 0; index < budget; index += 1) {
      await check(client, { code: `GUESS${index}`, service: 'coaching' });
    }
    const over = await call('POST', '/api/coupons/check', client, {
      code: 'GUESSMORE',
      service: 'coaching',
    });
    expect(over.statusCode).toBe(429);
  });

  describe('a code on a booking', () => {
    it('books at the discounted price; paid, the receipt shows the price, the discount with its code and the total; a refund is capped at what was paid', async () => {
      const client = await signedInUser(t.app);
      const coupon = await addCoupon({ percentOff: 25 });
      const res = await book(client, 'coaching', coupon.code.toLowerCase());
      expect(res.statusCode, res.body).toBe(201);
      const booking = createdBookingSchema.parse(res.json());
      expect(booking).toMatchObject({
        state: 'confirmed',
        paymentDue: true,
        priceMinor: 6000,
        currency: 'USD',
        amountDueMinor: 6000,
        discount: { code: coupon.code, originalMinor: 8000, discountMinor: 2000 },
      });
      const [payment] = await t.app.deps.db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, booking.id));
      expect(payment).toMatchObject({
        amountMinor: 6000,
        discountCode: coupon.code,
        discountMinor: 2000,
      });
      const listed = adminCouponSchema.parse(
        (await call('GET', `/api/admin/coupons/${coupon.id}`, owner)).json(),
      );
      expect(listed).toMatchObject({ redemptions: 0, reserved: 1 });
      expect(listed.uses[0]).toMatchObject({
        client: { id: client.user.id, email: client.user.email },
        kind: 'booking',
        bookingId: booking.id,
        bookingReference: booking.reference,
        title: 'coaching',
        originalMinor: 8000,
        discountMinor: 2000,
        totalMinor: 6000,
        state: 'reserved',
      });

      const paid = await call('POST', `/api/admin/bookings/${booking.id}/paid`, owner, {
        method: 'cash',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const detail = paymentDetailSchema.parse(
        (await call('GET', `/api/payments/${payment!.id}`, client)).json(),
      );
      expect(detail.amountMinor).toBe(6000);
      expect(detail.receipt.discount).toEqual({
        code: coupon.code,
        originalMinor: 8000,
        discountMinor: 2000,
      });
      expect(receiptLines(detail.amountMinor, detail.receipt.discount)).toEqual([
        { kind: 'price', amountMinor: 8000 },
        { kind: 'discount', code: coupon.code, amountMinor: -2000 },
        { kind: 'total', amountMinor: 6000 },
      ]);
      // The receipt mail says it too.
      const [receiptMail] = await t.app.deps.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, client.user.email), like(mailOutbox.subject, 'Receipt %')));
      expect(receiptMail!.text).toContain(
        `The price was $80.00; the code ${coupon.code} took $20.00 off.`,
      );
      const redeemed = adminCouponsListSchema
        .parse((await call('GET', '/api/admin/coupons', owner)).json())
        .coupons.find((c) => c.id === coupon.id)!;
      expect(redeemed).toMatchObject({ redemptions: 1, reserved: 0 });
      expect(redeemed.uses[0]!.state).toBe('redeemed');

      const tooMuch = await call('POST', `/api/admin/payments/${payment!.id}/refund`, owner, {
        amountMinor: 8000,
      });
      expect(tooMuch.statusCode).toBe(400);
      const whole = await call('POST', `/api/admin/payments/${payment!.id}/refund`, owner, {});
      expect(whole.statusCode, whole.body).toBe(200);
      const refunded = adminPaymentDetailSchema.parse(whole.json());
      expect(refunded.receipt.refunds.map((refund) => refund.amountMinor)).toEqual([6000]);
    });

    it('answers a retry with the same Idempotency-Key with the same booking and discount; another code with that key is a 422', async () => {
      const client = await signedInUser(t.app);
      const coupon = await addCoupon({ percentOff: 10 });
      const other = await addCoupon({ percentOff: 20 });
      day += 1;
      const body = { service: 'coaching', start: slotAt(day, '10:00'), couponCode: coupon.code };
      const headers = { ...client.headers, 'idempotency-key': `coupon-retry-${day}` };
      const send = (payload: object) =>
        t.app.inject({ method: 'POST', url: '/api/bookings', headers, payload });
      const first = await send(body);
      expect(first.statusCode, first.body).toBe(201);
      const again = await send(body);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toMatchObject({
        id: first.json().id,
        priceMinor: 7200,
        discount: { code: coupon.code, originalMinor: 8000, discountMinor: 800 },
      });
      expect((await send({ ...body, couponCode: other.code })).statusCode).toBe(422);
      expect(await bookingsOf(client.user.id)).toHaveLength(1);
    });

    it('takes a fixed amount off in the price’s currency; a receipt without a code shows no discount', async () => {
      const client = await signedInUser(t.app);
      const coupon = await addCoupon({
        amountOff: [
          { currency: 'EUR', amountMinor: 900 },
          { currency: 'USD', amountMinor: 1500 },
        ],
      });
      const res = await book(client, 'coaching', coupon.code);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        priceMinor: 6500,
        discount: { code: coupon.code, originalMinor: 8000, discountMinor: 1500 },
      });
      const plain = await book(client, 'review');
      expect(plain.statusCode, plain.body).toBe(201);
      expect(plain.json()).toMatchObject({ priceMinor: 5000, discount: null });
      const [payment] = await t.app.deps.db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, plain.json().id));
      await call('POST', `/api/admin/bookings/${plain.json().id}/paid`, owner, { method: 'cash' });
      const detail = paymentDetailSchema.parse(
        (await call('GET', `/api/payments/${payment!.id}`, client)).json(),
      );
      expect(detail.receipt.discount).toBeNull();
    });

    it('confirms a booking a 100 % code makes free, with no payment', async () => {
      const client = await signedInUser(t.app);
      const coupon = await addCoupon({ percentOff: 100 });
      const res = await book(client, 'coaching', coupon.code);
      expect(res.statusCode, res.body).toBe(201);
      const booking = createdBookingSchema.parse(res.json());
      expect(booking).toMatchObject({
        state: 'confirmed',
        paymentDue: false,
        priceMinor: 0,
        discount: { code: coupon.code, originalMinor: 8000, discountMinor: 8000 },
      });
      expect(booking.meetingUrl).not.toBeNull();
      const rows = await t.app.deps.db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, booking.id));
      expect(rows).toEqual([]);
      const view = adminCouponSchema.parse(
        (await call('GET', `/api/admin/coupons/${coupon.id}`, owner)).json(),
      );
      expect(view).toMatchObject({ redemptions: 1, reserved: 0 });
    });

    it('refuses a code that cannot be used with its reason, and makes no booking', async () => {
      const client = await signedInUser(t.app);
      expectRefused(await book(client, 'coaching', 'NOSUCHCODE'), 'unknown');
      const later = await addCoupon({ percentOff: 10, validFrom: '2099-01-01' });
      expectRefused(await book(client, 'coaching', later.code), 'not_yet_valid');
      const euros = await addCoupon({ amountOff: [{ currency: 'EUR', amountMinor: 500 }] });
      expectRefused(await book(client, 'coaching', euros.code), 'not_applicable');
      expect(await bookingsOf(client.user.id)).toEqual([]);
      const both = await book(client, 'coaching', later.code, { useCredit: true });
      expect(both.statusCode).toBe(400);
      expect(both.json().errors.couponCode).toEqual([COUPON_MESSAGES.couponWithCredit]);
    });

    it('applies a code the owner books with for a client, as that client’s use', async () => {
      const client = await signedInUser(t.app);
      const coupon = await addCoupon({ percentOff: 50, perClientLimit: 1 });
      day += 1;
      const res = await call('POST', '/api/admin/bookings', owner, {
        clientId: client.user.id,
        service: 'coaching',
        start: slotAt(day, '10:00'),
        couponCode: coupon.code,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ priceMinor: 4000, paymentDue: true });
      expect((await check(client, { code: coupon.code, service: 'coaching' })).reason).toBe(
        'limit_per_client',
      );
    });

    it('gives the use back when the booking is cancelled before it is paid', async () => {
      const client = await signedInUser(t.app);
      const coupon = await addCoupon({ percentOff: 10, totalLimit: 1 });
      const res = await book(client, 'coaching', coupon.code);
      expect(res.statusCode, res.body).toBe(201);
      expect((await check(client, { code: coupon.code, service: 'coaching' })).reason).toBe(
        'used_up',
      );
      const cancelled = await call('POST', `/api/bookings/${res.json().id}/cancel`, client, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await check(client, { code: coupon.code, service: 'coaching' })).valid).toBe(true);
      const view = adminCouponSchema.parse(
        (await call('GET', `/api/admin/coupons/${coupon.id}`, owner)).json(),
      );
      expect(view).toMatchObject({ redemptions: 0, reserved: 0 });
      expect(view.uses.map((use) => use.state)).toEqual(['released']);
    });
  });

  describe('a code on a package purchase', () => {
    it('buys at the discounted price: the payment awaiting the owner is the discounted amount with its code', async () => {
      const client = await signedInUser(t.app);
      const coupon = await addCoupon({
        appliesTo: 'packages',
        packages: [packageId],
        percentOff: 20,
      });
      const res = await call('POST', `/api/packages/${packageId}/purchase`, client, {
        couponCode: coupon.code,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { purchase } = purchaseAnswerSchema.parse(res.json());
      expect(purchase).toMatchObject({
        state: 'pending_payment',
        priceMinor: 28000,
        discount: { code: coupon.code, originalMinor: 35000, discountMinor: 7000 },
      });
      const [payment] = await t.app.deps.db
        .select()
        .from(payments)
        .where(eq(payments.id, purchase.paymentId!));
      expect(payment).toMatchObject({
        amountMinor: 28000,
        discountCode: coupon.code,
        discountMinor: 7000,
      });
      const paid = await call(
        'POST',
        `/api/admin/package-purchases/${purchase.id}/mark-paid`,
        owner,
        {
          method: 'bank_transfer',
        },
      );
      expect(paid.statusCode, paid.body).toBe(200);
      const view = adminCouponSchema.parse(
        (await call('GET', `/api/admin/coupons/${coupon.id}`, owner)).json(),
      );
      expect(view).toMatchObject({ redemptions: 1 });
      expect(view.uses[0]).toMatchObject({
        kind: 'package',
        purchaseId: purchase.id,
        state: 'redeemed',
      });
    });

    it('gives a package a fixed code makes free at once, paid with its credits', async () => {
      const client = await signedInUser(t.app);
      const coupon = await addCoupon({ amountOff: [{ currency: 'USD', amountMinor: 50000 }] });
      const res = await call('POST', `/api/packages/${packageId}/purchase`, client, {
        couponCode: coupon.code,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().purchase).toMatchObject({
        state: 'paid',
        priceMinor: 0,
        provider: null,
        paymentId: null,
        creditsRemaining: 5,
        discount: { code: coupon.code, originalMinor: 35000, discountMinor: 35000 },
      });
    });

    it('refuses a code that does not apply to the package, and buys nothing', async () => {
      const client = await signedInUser(t.app);
      const coaching = await addCoupon({
        percentOff: 10,
        appliesTo: 'services',
        services: ['coaching'],
      });
      const res = await call('POST', `/api/packages/${packageId}/purchase`, client, {
        couponCode: coaching.code,
      });
      expectRefused(res, 'not_applicable');
      const expired = await addCoupon({ percentOff: 10, validTo: '2020-01-31' });
      expectRefused(
        await call('POST', `/api/packages/${packageId}/purchase`, client, {
          couponCode: expired.code,
        }),
        'expired',
      );
      const credits = userCreditsSchema.parse(
        (await call('GET', '/api/user/credits', client)).json(),
      );
      expect(credits.purchases).toEqual([]);
    });
  });
});

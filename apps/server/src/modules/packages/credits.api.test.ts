import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  BOOKING_MESSAGES,
  createdBookingSchema,
  CREDIT_UNAVAILABLE_PROBLEM_TYPE,
  HOUR_MS,
  metricsSchema,
  purchaseAnswerSchema,
  userCreditsSchema,
} from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { addService, openEveryDay, slotAt } from '../bookings/booking-test-setup';
import { payments } from '../payments/schema';
import { packageCreditEntries, packagePurchases } from './schema';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

describe('package credits on bookings: used, given back before the cutoff, forfeited after it', () => {
  let t: TestApp;
  let owner: SignedIn;
  let packageId: string;
  let day = 3;
  /** How far the app's clock runs ahead of the real one (late cancellations and no-shows). */
  let clockAhead = 0;

  beforeAll(async () => {
    t = await createTestApp({
      adjustDeps: (deps) => ({ ...deps, clock: () => new Date(Date.now() + clockAhead) }),
    });
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'coaching', priceMinor: 8000, currency: 'USD' });
    await addService(t.app, { slug: 'audit', priceMinor: 9000, currency: 'USD' });
    owner = await signedInUser(t.app, { role: 'admin' });
    const res = await call('POST', '/api/admin/packages', owner, {
      title: 'Two coaching sessions',
      services: ['coaching'],
      sessions: 2,
      priceMinor: 0,
      validityDays: 30,
    });
    packageId = res.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  function call(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    who?: SignedIn,
    payload?: object,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({ method, url, headers: who?.headers, payload });
  }

  /** A client with the (free) package bought: two credits for coaching. */
  async function clientWithCredits() {
    const client = await signedInUser(t.app);
    const res = await call('POST', `/api/packages/${packageId}/purchase`, client, {});
    const { purchase } = purchaseAnswerSchema.parse(res.json());
    return { client, purchaseId: purchase.id };
  }

  async function book(client: SignedIn, payload: object = {}) {
    day += 1;
    return call('POST', '/api/bookings', client, {
      service: 'coaching',
      start: slotAt(day, '10:00'),
      ...payload,
    });
  }

  const remaining = async (client: SignedIn) =>
    userCreditsSchema.parse((await call('GET', '/api/user/credits', client)).json()).credits[0]
      ?.remaining ?? 0;

  const ledgerOf = async (purchaseId: string) =>
    (
      await t.app.deps.db
        .select()
        .from(packageCreditEntries)
        .where(eq(packageCreditEntries.purchaseId, purchaseId))
    ).map((entry) => entry.reason);

  it('confirms a covered booking at once with a credit by default: no payment, the credit named', async () => {
    const { client, purchaseId } = await clientWithCredits();
    const res = await book(client);
    expect(res.statusCode, res.body).toBe(201);
    const booking = createdBookingSchema.parse(res.json());
    expect(booking).toMatchObject({
      state: 'confirmed',
      paymentDue: false,
      payment: null,
      credit: { purchaseId },
    });
    expect(
      await t.app.deps.db.select().from(payments).where(eq(payments.bookingId, booking.id)),
    ).toEqual([]);
    expect(await remaining(client)).toBe(1);
    expect(await ledgerOf(purchaseId)).toEqual(['purchase', 'booking']);
    const { uses } = userCreditsSchema.parse(
      (await call('GET', '/api/user/credits', client)).json(),
    );
    expect(uses).toEqual([
      {
        purchaseId,
        bookingId: booking.id,
        reference: booking.reference,
        serviceTitle: booking.service.title,
        start: booking.start,
        outcome: 'used',
      },
    ]);
  });

  it('names the credit that paid a booking in the client’s lists and the owner’s detail', async () => {
    const { client, purchaseId } = await clientWithCredits();
    const byCredit = createdBookingSchema.parse((await book(client)).json());
    const paid = createdBookingSchema.parse((await book(client, { useCredit: false })).json());
    const upcoming = (await call('GET', '/api/bookings/upcoming', client)).json().bookings as {
      id: string;
      credit: unknown;
    }[];
    expect(upcoming.map((booking) => [booking.id, booking.credit]).sort()).toEqual(
      [
        [byCredit.id, { purchaseId }],
        [paid.id, null],
      ].sort(),
    );
    const one = await call('GET', `/api/bookings/${byCredit.id}`, client);
    expect(one.json()).toMatchObject({ credit: { purchaseId }, paymentDue: false });
    const detail = await call('GET', `/api/admin/bookings/${byCredit.id}`, owner);
    expect(detail.json()).toMatchObject({ credit: { purchaseId }, payment: null });
    const other = await call('GET', `/api/admin/bookings/${paid.id}`, owner);
    expect(other.json()).toMatchObject({ credit: null });
  });

  it('pays as usual with useCredit false, and for a service the package does not cover', async () => {
    const { client } = await clientWithCredits();
    const paid = await book(client, { useCredit: false });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ paymentDue: true, credit: null });
    day += 1;
    const other = await call('POST', '/api/bookings', client, {
      service: 'audit',
      start: slotAt(day, '10:00'),
    });
    expect(other.json()).toMatchObject({ paymentDue: true, credit: null });
    expect(await remaining(client)).toBe(2);
  });

  it('refuses useCredit true without a usable credit (409), and makes no booking', async () => {
    const client = await signedInUser(t.app);
    const res = await book(client, { useCredit: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      type: CREDIT_UNAVAILABLE_PROBLEM_TYPE,
      detail: BOOKING_MESSAGES.creditUnavailable,
    });
    expect((await call('GET', '/api/bookings/upcoming', client)).json().bookings).toEqual([]);
  });

  it('gives the credit back when the client cancels before the cutoff, and when the owner does', async () => {
    const { client, purchaseId } = await clientWithCredits();
    const first = createdBookingSchema.parse((await book(client)).json());
    const second = createdBookingSchema.parse((await book(client)).json());
    expect(await remaining(client)).toBe(0);
    const byClient = await call('POST', `/api/bookings/${first.id}/cancel`, client, {});
    expect(byClient.statusCode, byClient.body).toBe(200);
    expect(await remaining(client)).toBe(1);
    const byOwner = await call('POST', `/api/admin/bookings/${second.id}/cancel`, owner, {});
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(await remaining(client)).toBe(2);
    expect(await ledgerOf(purchaseId)).toEqual([
      'purchase',
      'booking',
      'booking',
      'returned',
      'returned',
    ]);
    const { uses } = userCreditsSchema.parse(
      (await call('GET', '/api/user/credits', client)).json(),
    );
    expect(uses.map((use) => [use.bookingId, use.outcome]).sort()).toEqual(
      [
        [first.id, 'returned'],
        [second.id, 'returned'],
      ].sort(),
    );
  });

  it('forfeits the credit when the owner cancels after the cutoff and on a no-show', async () => {
    const { client, purchaseId } = await clientWithCredits();
    const late = createdBookingSchema.parse((await book(client)).json());
    const missed = createdBookingSchema.parse((await book(client)).json());
    try {
      // 23 hours before the first one starts: past the 24-hour cutoff.
      clockAhead = Date.parse(late.start) - 23 * HOUR_MS - Date.now();
      const cancel = await call('POST', `/api/admin/bookings/${late.id}/cancel`, owner, {});
      expect(cancel.statusCode, cancel.body).toBe(200);
      clockAhead = Date.parse(missed.start) + HOUR_MS - Date.now();
      const noShow = await call('POST', `/api/admin/bookings/${missed.id}/no-show`, owner, {});
      expect(noShow.statusCode, noShow.body).toBe(200);
    } finally {
      clockAhead = 0;
    }
    const [purchase] = await t.app.deps.db
      .select()
      .from(packagePurchases)
      .where(eq(packagePurchases.id, purchaseId));
    expect(purchase?.creditsRemaining).toBe(0);
    expect(await ledgerOf(purchaseId)).toEqual([
      'purchase',
      'booking',
      'booking',
      'forfeited',
      'forfeited',
    ]);
  });

  it('lets the owner give a forfeited credit back by hand: +1 on the purchase, usable again, in the ledger and the audit log', async () => {
    const { client, purchaseId } = await clientWithCredits();
    const missed = createdBookingSchema.parse((await book(client)).json());
    try {
      clockAhead = Date.parse(missed.start) + HOUR_MS - Date.now();
      const noShow = await call('POST', `/api/admin/bookings/${missed.id}/no-show`, owner, {});
      expect(noShow.statusCode, noShow.body).toBe(200);
    } finally {
      clockAhead = 0;
    }
    expect(await remaining(client)).toBe(1);

    const back = await call('POST', `/api/admin/users/${client.user.id}/credits`, owner, {
      purchaseId,
      delta: 1,
      reason: 'The no-show was our video link failing',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().purchase).toMatchObject({ id: purchaseId, creditsRemaining: 2 });
    expect(await remaining(client)).toBe(2);
    const ledger = await t.app.deps.db
      .select()
      .from(packageCreditEntries)
      .where(eq(packageCreditEntries.purchaseId, purchaseId));
    expect(ledger.map((entry) => [entry.reason, entry.delta])).toEqual([
      ['purchase', 2],
      ['booking', -1],
      ['forfeited', 0],
      ['grant', 1],
    ]);
    expect(ledger.at(-1)).toMatchObject({
      actorId: owner.user.id,
      note: 'The no-show was our video link failing',
    });
    const [audited] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.credits_grant'), eq(auditLog.target, purchaseId)));
    expect(audited?.details).toMatchObject({
      reason: 'The no-show was our video link failing',
      clientId: client.user.id,
    });
    // The credit given back books like any other.
    const again = await book(client);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().credit).toEqual({ purchaseId });
  });

  it('keeps a retired package’s credits usable: retiring stops sales, not the credits bought', async () => {
    const made = await call('POST', '/api/admin/packages', owner, {
      title: 'Soon retired',
      services: ['coaching'],
      sessions: 2,
      priceMinor: 0,
      validityDays: 30,
    });
    const retiring = made.json().id as string;
    const client = await signedInUser(t.app);
    const bought = await call('POST', `/api/packages/${retiring}/purchase`, client, {});
    const { purchase } = purchaseAnswerSchema.parse(bought.json());
    const retired = await call('PATCH', `/api/admin/packages/${retiring}`, owner, {
      active: false,
    });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().active).toBe(false);
    expect((await call('POST', `/api/packages/${retiring}/purchase`, client, {})).statusCode).toBe(
      409,
    );

    const credits = userCreditsSchema.parse(
      (await call('GET', '/api/user/credits', client)).json(),
    ).credits;
    expect(credits).toEqual([expect.objectContaining({ purchaseId: purchase.id, remaining: 2 })]);
    const res = await book(client, { useCredit: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ credit: { purchaseId: purchase.id }, payment: null });
    expect(await remaining(client)).toBe(1);
  });

  it('never uses an expired credit', async () => {
    const { client, purchaseId } = await clientWithCredits();
    await t.app.deps.db
      .update(packagePurchases)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(packagePurchases.id, purchaseId));
    const res = await book(client);
    expect(res.json()).toMatchObject({ paymentDue: true, credit: null });
    expect(
      userCreditsSchema.parse((await call('GET', '/api/user/credits', client)).json()).credits,
    ).toEqual([]);
  });

  it('counts credits sold, used and outstanding in the owner’s metrics', async () => {
    const before = metricsSchema.parse(
      (await call('GET', '/api/admin/metrics', owner)).json(),
    ).credits;
    const { client } = await clientWithCredits();
    await book(client);
    const after = metricsSchema.parse(
      (await call('GET', '/api/admin/metrics', owner)).json(),
    ).credits;
    expect(after.sold - before.sold).toBe(2);
    expect(after.used - before.used).toBe(1);
    expect(after.outstanding - before.outstanding).toBe(1);
  });
});

/**
 * Issue 19, defect 4: the owner's "paid" on a booking waiting for Stripe left its Checkout Session
 * open, the client paid again, and that payment's refund answered 503 "try again" for ever (Stripe
 * refunds a PaymentIntent, and a payment received by hand has none). Mark-paid now closes the
 * session first or records nothing; a refund that can never succeed says why (decision 046).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  adminPaymentDetailSchema,
  CARD_PAYMENT_IN_PROGRESS_PROBLEM_TYPE,
  createdBookingSchema,
  PAYMENT_MESSAGES,
  REFUND_NOT_POSSIBLE_ONLINE_PROBLEM_TYPE,
} from '@consult/shared';
import { signedInUser, type SignedIn } from '../../test/accounts';
import { StripeDouble, type StripeEvent } from '../../test/stripe-double';
import { createStripeTestApp, type StripeTestApp } from '../../test/stripe-test-app';
import { auditLog } from '../audit/schema';
import { slotAt } from '../bookings/booking-test-setup';
import { bookings } from '../bookings/schema';
import { paymentRefunds, payments } from './schema';

describe('the owner records a payment by hand for a booking waiting for Stripe', () => {
  let t: StripeTestApp;
  let owner: SignedIn;
  let day = 2;

  beforeAll(async () => {
    t = await createStripeTestApp({
      env: { OWNER_EMAIL: 'owner@example.test' },
      services: [{ slug: 'held-session', title: 'Held session', priceMinor: 12000 }],
    });
    owner = await signedInUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.stripe.failing = false;
  });

  const call = (method: 'GET' | 'POST', url: string, who: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, payload });
  const webhook = (event: StripeEvent) => {
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
  };

  /** A client books the paid service and is sent to Checkout: held, with an open session. */
  async function heldBooking() {
    const client = await signedInUser(t.app);
    day += 1;
    const res = await call('POST', '/api/bookings', client, {
      service: 'held-session',
      start: slotAt(day, '09:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = createdBookingSchema.parse(res.json());
    const session = [...t.stripe.sessions.values()].find(
      (s) => s.client_reference_id === booking.id,
    )!;
    const [payment] = await t.app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, booking.id));
    return { client, booking, session, payment: payment! };
  }

  const rowsOf = async (bookingId: string) => {
    const [payment] = await t.app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, bookingId));
    const [booking] = await t.app.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    return { payment: payment!, booking: booking! };
  };
  const expireCalls = (sessionId: string) =>
    t.stripe.callsTo('POST', new RegExp(`^/v1/checkout/sessions/${sessionId}/expire$`));

  it('expires the open Checkout Session first: the client cannot pay a second time, and its refund goes back by hand instead of a 503', async () => {
    const { booking, session, payment, client } = await heldBooking();
    const detail = adminPaymentDetailSchema.parse(
      (await call('GET', `/api/admin/payments/${payment.id}`, owner)).json(),
    );
    const paid = await call('POST', `/api/admin/payments/${payment.id}/mark-paid`, owner, {
      method: 'bank_transfer',
      receiptNumber: detail.nextReceiptNumber,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(adminPaymentDetailSchema.parse(paid.json())).toMatchObject({
      status: 'paid',
      provider: 'manual',
      paidMethod: 'bank_transfer',
      receiptNumber: detail.nextReceiptNumber,
    });
    expect(expireCalls(session.id)).toHaveLength(1);
    expect(t.stripe.sessions.get(session.id)!.status).toBe('expired');
    // The attack's next step: the client pays the session again. Stripe refuses, as it is closed.
    expect(() => t.stripe.pay(session.id)).toThrow(/expired/);
    const payNow = await call('POST', `/api/bookings/${booking.id}/checkout`, client, {});
    expect(payNow.statusCode).toBe(409);

    const { booking: row } = await rowsOf(booking.id);
    expect(row).toMatchObject({ state: 'confirmed', paymentDue: false });
    const [audit] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.mark_paid'), eq(auditLog.target, payment.id)));
    expect(audit!.details).toMatchObject({
      before: { status: 'pending', provider: 'stripe' },
      after: { status: 'paid', provider: 'manual', paidMethod: 'bank_transfer' },
    });

    // Money received by hand goes back by hand: owed until the owner confirms sending it.
    const refundCalls = t.stripe.callsTo('POST', /^\/v1\/refunds$/).length;
    const refund = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {});
    expect(refund.statusCode, refund.body).toBe(200);
    const refunded = adminPaymentDetailSchema.parse(refund.json());
    expect(refunded.receipt.refunds).toMatchObject([
      { amountMinor: 12000, status: 'pending', owed: true },
    ]);
    expect(t.stripe.callsTo('POST', /^\/v1\/refunds$/)).toHaveLength(refundCalls);
  });

  it('the client paid at Stripe a moment before (its webhook not here yet): 409 card payment in progress, nothing recorded; the webhook then confirms it', async () => {
    const { booking, session, payment } = await heldBooking();
    const event = t.stripe.pay(session.id);
    const res = await call('POST', `/api/admin/bookings/${booking.id}/paid`, owner, {
      method: 'cash',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      type: CARD_PAYMENT_IN_PROGRESS_PROBLEM_TYPE,
      detail: PAYMENT_MESSAGES.cardPaymentInProgress,
    });
    expect((await rowsOf(booking.id)).payment).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      receiptNumber: null,
      paidMethod: null,
    });

    expect((await webhook(event)).statusCode).toBe(200);
    expect(await rowsOf(booking.id)).toMatchObject({
      payment: { id: payment.id, status: 'paid', provider: 'stripe', paidMethod: null },
      booking: { state: 'confirmed' },
    });
  });

  it('Stripe unreachable: 503 saying the payment page could not be closed, nothing recorded; once it answers, the mark goes through', async () => {
    const { booking, session } = await heldBooking();
    t.stripe.failing = true;
    const refused = await call('POST', `/api/admin/bookings/${booking.id}/paid`, owner, {
      method: 'cash',
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().detail).toBe(PAYMENT_MESSAGES.checkoutNotClosed);
    expect(await rowsOf(booking.id)).toMatchObject({
      payment: { status: 'pending', provider: 'stripe', receiptNumber: null },
      booking: { state: 'pending_payment' },
    });
    expect(t.stripe.sessions.get(session.id)!.status).toBe('open');

    t.stripe.failing = false;
    const paid = await call('POST', `/api/admin/bookings/${booking.id}/paid`, owner, {
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(t.stripe.sessions.get(session.id)!.status).toBe('expired');
  });

  it('a Stripe refund that can never succeed (no PaymentIntent recorded) is 409 saying why and what to do, and records nothing', async () => {
    const { booking, session, payment } = await heldBooking();
    // A payment Stripe confirmed without telling which PaymentIntent took the money.
    const event = t.stripe.pay(session.id);
    (event.data.object as { payment_intent: string | null }).payment_intent = null;
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await rowsOf(booking.id)).payment).toMatchObject({
      status: 'paid',
      provider: 'stripe',
      providerPaymentId: null,
    });

    const refundCalls = t.stripe.callsTo('POST', /^\/v1\/refunds$/).length;
    const res = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
      amountMinor: 5000,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      type: REFUND_NOT_POSSIBLE_ONLINE_PROBLEM_TYPE,
      detail: PAYMENT_MESSAGES.refundNotPossibleOnline(booking.reference),
    });
    expect((await rowsOf(booking.id)).payment).toMatchObject({
      refundPendingMinor: 0,
      refundedMinor: 0,
    });
    expect(
      await t.app.deps.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, payment.id)),
    ).toEqual([]);
    expect(t.stripe.callsTo('POST', /^\/v1\/refunds$/)).toHaveLength(refundCalls);
  });

  it('the backfill makes the Stripe payments marked paid by hand before this fix manual, so their refunds are owed', async () => {
    const { booking, payment } = await heldBooking();
    // As the attack left it: paid by hand, still called a Stripe payment, with no PaymentIntent.
    await t.app.deps.db
      .update(payments)
      .set({ status: 'paid', paidMethod: 'bank_transfer', paidAt: new Date(), receiptNumber: null })
      .where(eq(payments.id, payment.id));
    await t.app.deps.db
      .update(bookings)
      .set({ state: 'confirmed', paymentDue: false, holdUntil: null })
      .where(eq(bookings.id, booking.id));
    const backfill = readFileSync(
      join(import.meta.dirname, '../../../drizzle/0018_hand_paid_stripe_payments.sql'),
      'utf8',
    );
    await t.app.deps.db.execute(sql.raw(backfill));
    expect((await rowsOf(booking.id)).payment.provider).toBe('manual');
    const refund = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {});
    expect(refund.statusCode, refund.body).toBe(200);
    expect(adminPaymentDetailSchema.parse(refund.json()).receipt.refunds).toMatchObject([
      { status: 'pending', owed: true },
    ]);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  adminPaymentDetailSchema,
  checkoutSchema,
  createdBookingSchema,
  formatMoney,
  PAYMENT_MESSAGES,
  paymentDetailSchema,
  PRICE_NOT_CHARGEABLE_PROBLEM_TYPE,
  paymentSettingsViewSchema,
  upcomingBookingsSchema,
} from '@consult/shared';
import { signedInUser, type SignedIn } from '../../test/accounts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { StripeDouble, type StripeEvent } from '../../test/stripe-double';
import { createStripeTestApp, type StripeTestApp } from '../../test/stripe-test-app';
import { auditLog } from '../audit/schema';
import { slotAt } from '../bookings/booking-test-setup';
import { expireHolds } from '../bookings/jobs/booking-jobs';
import { bookingEvents, bookings } from '../bookings/schema';
import { mailOutbox } from '../mail/schema';
import { sendUnsentRefunds } from './refunds';
import { paymentEvents, paymentRefunds, payments, receiptCounters } from './schema';

describe('payments: the Stripe provider through the official SDK and a double of its API', () => {
  let t: StripeTestApp;
  let peer: SmtpPeer;
  let owner: SignedIn;
  let day = 2;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createStripeTestApp({
      env: { SMTP_URL: peer.url, OWNER_EMAIL: 'owner@example.test' },
      services: [
        { slug: 'paid-session', title: 'Tax review', priceMinor: 12000 },
        // Currencies Stripe counts otherwise than ISO 4217 (decision 042): ISK 15,000 (no ISO
        // minor unit, two decimals at Stripe), MGA 50,000.00 (two ISO digits, whole ariary at
        // Stripe), and KWD 12.340 (thousandths, the last one 0 at Stripe).
        { slug: 'isk-session', priceMinor: 15000, currency: 'ISK' },
        { slug: 'mga-session', priceMinor: 5000000, currency: 'MGA' },
        { slug: 'mga-fraction', priceMinor: 5000050, currency: 'MGA' },
        { slug: 'kwd-session', priceMinor: 12340, currency: 'KWD' },
      ],
    });
    owner = await signedInUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });
  beforeEach(() => {
    t.stripe.failing = false;
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers, payload });

  /** Delivers a webhook as Stripe would: the exact bytes, signed. */
  function webhook(event: StripeEvent | string, signature?: string) {
    const payload = typeof event === 'string' ? event : JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature !== '' && { 'stripe-signature': signature ?? StripeDouble.sign(payload) }),
      },
      payload,
    });
  }

  /** A new client books the paid service on a day of its own, and is sent to Checkout. */
  async function heldBooking(service = 'paid-session') {
    const client = await signedInUser(t.app);
    day += 1;
    const res = await call('POST', '/api/bookings', client, {
      service,
      start: slotAt(day, '09:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = createdBookingSchema.parse(res.json());
    const session = [...t.stripe.sessions.values()].find(
      (s) => s.client_reference_id === booking.id,
    )!;
    return { client, booking, session, start: slotAt(day, '09:00') };
  }

  const rowOf = async (bookingId: string) => {
    const [payment] = await t.app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, bookingId));
    const [booking] = await t.app.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    return { payment: payment!, booking: booking! };
  };

  async function paidBooking(service?: string) {
    const held = await heldBooking(service);
    const event = t.stripe.pay(held.session.id);
    expect((await webhook(event)).statusCode).toBe(200);
    const { payment } = await rowOf(held.booking.id);
    return { ...held, event, payment, intentId: payment.providerPaymentId! };
  }

  it('the settings offer Stripe, and Stripe is the provider of new paid bookings', async () => {
    const res = await call('GET', '/api/admin/payment-settings', owner);
    const view = paymentSettingsViewSchema.parse(res.json());
    expect(view).toMatchObject({ stripeConfigured: true, activeProvider: 'stripe' });
    expect(res.body).not.toContain(t.stripe.env().STRIPE_SECRET_KEY);
    expect(res.body).not.toContain(t.stripe.env().STRIPE_WEBHOOK_SECRET);
  });

  it('a paid booking is held with a Checkout Session that expires with the hold; the signed webhook confirms it and numbers its receipt', async () => {
    const { client, booking, session } = await heldBooking();
    expect(booking.state).toBe('pending_payment');
    expect(booking.checkoutUrl).toBe(session.url);
    // Paid on Stripe's page: no manual instructions, here or on the booking.
    expect(booking).not.toHaveProperty('paymentInstructions');
    const held = (await call('GET', `/api/bookings/${booking.id}`, client)).json();
    expect(held).toMatchObject({ paymentDue: true, reference: booking.reference });
    expect(held).not.toHaveProperty('paymentInstructions');
    expect(held).not.toHaveProperty('amountDueMinor');
    expect(session).toMatchObject({
      mode: 'payment',
      client_reference_id: booking.id,
      amount_total: 12000,
      currency: 'usd',
      customer_email: client.user.email,
      metadata: { bookingId: booking.id },
    });
    // Stripe's shortest session is 30 minutes, as is the shortest hold: the session may outlast
    // the hold by the minute of margin, and the hold-expiry job closes it.
    const holdEnd = Date.parse(booking.holdUntil!) / 1000;
    expect(session.expires_at).toBeGreaterThanOrEqual(Math.floor(holdEnd));
    expect(session.expires_at).toBeLessThanOrEqual(holdEnd + 61);
    expect(session.success_url).toBe(
      `http://localhost:3000/dash/bookings?booking=${booking.id}&payment=success`,
    );

    const res = await webhook(t.stripe.pay(session.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const upcoming = upcomingBookingsSchema.parse(
      (await call('GET', '/api/bookings/upcoming', client)).json(),
    );
    const confirmed = upcoming.bookings.find((b) => b.id === booking.id)!;
    expect(confirmed).toMatchObject({ state: 'confirmed', paymentDue: false, holdUntil: null });
    expect(confirmed.meetingUrl).not.toBeNull();
    expect(confirmed.payment).toMatchObject({ status: 'paid', provider: 'stripe' });
    const detail = paymentDetailSchema.parse(
      (await call('GET', `/api/payments/${confirmed.payment!.id}`, client)).json(),
    );
    expect(detail.receiptNumber).toMatch(/^\d{4}-\d{4}$/);
    expect(detail.instructions).toBeNull();
    await t.app.deps.mailer.deliverDue();
    await peer.waitForMail(
      (m) =>
        m.to.includes(client.user.email) && m.subject.startsWith(`Receipt ${detail.receiptNumber}`),
    );
    await peer.waitForMail((m) => m.to.includes(client.user.email) && /confirmed/i.test(m.subject));
  });

  it('the same event twice is applied once', async () => {
    const { event, booking, payment } = await paidBooking();
    const [counter] = await t.app.deps.db.select().from(receiptCounters);
    const again = await webhook(event);
    expect(again.statusCode).toBe(200);
    expect((await rowOf(booking.id)).payment).toEqual(payment);
    expect(await t.app.deps.db.select().from(receiptCounters)).toEqual([counter]);
    const paidEvents = await t.app.deps.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id));
    expect(paidEvents.filter((e) => e.action === 'paid')).toHaveLength(1);
  });

  it('a bad, missing or stale signature is 400 and changes nothing', async () => {
    const { booking, session } = await heldBooking();
    const event = t.stripe.pay(session.id);
    const payload = JSON.stringify(event);
    const wrongSecret = StripeDouble.sign(payload, 'whsec_not_the_right_one');
    const stale = StripeDouble.sign(payload, undefined, Math.floor(Date.now() / 1000) - 301);
    const tampered = payload.replace('"paid"', '"unpaid"');
    for (const [body, signature] of [
      [payload, wrongSecret],
      [payload, ''],
      [payload, stale],
      [tampered, StripeDouble.sign(payload)],
      [payload, 'garbage'],
    ] as const) {
      const res = await webhook(body, signature);
      expect(res.statusCode, signature).toBe(400);
      expect(res.json().detail).toBe(PAYMENT_MESSAGES.webhookSignatureInvalid);
    }
    expect((await rowOf(booking.id)).booking.state).toBe('pending_payment');
    const stored = await t.app.deps.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, event.id));
    expect(stored).toEqual([]);
  });

  it('a signature dated more than five minutes ahead (milliseconds for seconds) is 400 and changes nothing', async () => {
    const { booking, session } = await heldBooking();
    const event = t.stripe.pay(session.id);
    const payload = JSON.stringify(event);
    const nowS = Math.floor(Date.now() / 1000);
    for (const timestamp of [Date.now(), nowS + 301]) {
      const res = await webhook(payload, StripeDouble.sign(payload, undefined, timestamp));
      expect(res.statusCode, String(timestamp)).toBe(400);
      expect(res.json().detail).toBe(PAYMENT_MESSAGES.webhookSignatureInvalid);
    }
    expect((await rowOf(booking.id)).booking.state).toBe('pending_payment');
    const stored = await t.app.deps.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, event.id));
    expect(stored).toEqual([]);
    // A clock a little ahead of ours is not refused.
    const res = await webhook(payload, StripeDouble.sign(payload, undefined, nowS + 60));
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(booking.id)).booking.state).toBe('confirmed');
  });

  it('a correctly signed event without an id, a type or data is 400 with a problem and changes nothing', async () => {
    const { booking, session } = await heldBooking();
    const event = t.stripe.pay(session.id);
    const { id: _id, ...withoutId } = event;
    const { data: _data, ...withoutData } = event;
    for (const body of [
      withoutId,
      withoutData,
      { ...event, id: '' },
      { ...event, type: 7 },
      { ...event, data: null },
      { ...event, data: { object: 'text' } },
      [event],
      'null',
    ]) {
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      const res = await webhook(payload);
      expect(res.statusCode, payload.slice(0, 60)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail).toBe(PAYMENT_MESSAGES.webhookEventMalformed);
    }
    expect((await rowOf(booking.id)).booking.state).toBe('pending_payment');
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await rowOf(booking.id)).booking.state).toBe('confirmed');
  });

  it('an abandoned checkout: at the hold’s end the booking expires, the slot is free and the session is expired at Stripe', async () => {
    const { booking, session, start } = await heldBooking();
    const afterHold = new Date(Date.parse(booking.holdUntil!) + 1000);
    // Other tests' holds may run out by then too: this booking is the one looked at.
    expect(await expireHolds(t.app.deps, afterHold)).toBeGreaterThanOrEqual(1);
    expect(t.stripe.sessions.get(session.id)!.status).toBe('expired');
    expect(t.stripe.callsTo('POST', new RegExp(`${session.id}/expire$`))).toHaveLength(1);
    const { booking: row, payment } = await rowOf(booking.id);
    expect(row.state).toBe('expired');
    expect(payment.status).toBe('cancelled');
    // The slot is offered again: another client books it.
    const other = await signedInUser(t.app);
    const again = await call('POST', '/api/bookings', other, { service: 'paid-session', start });
    expect(again.statusCode, again.body).toBe(201);
    // Stripe's own expiry event, arriving later, changes nothing more.
    expect((await webhook(t.stripe.event('checkout.session.expired', session))).statusCode).toBe(
      200,
    );
    expect((await rowOf(booking.id)).booking.state).toBe('expired');
  });

  it('a hold that was paid just before it ran out is left for the webhook, which confirms it', async () => {
    const { booking, session } = await heldBooking();
    const event = t.stripe.pay(session.id);
    const afterHold = new Date(Date.parse(booking.holdUntil!) + 1000);
    await expireHolds(t.app.deps, afterHold);
    expect((await rowOf(booking.id)).booking.state).toBe('pending_payment');
    expect(t.stripe.sessions.get(session.id)!.status).toBe('complete');
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await rowOf(booking.id)).booking.state).toBe('confirmed');
  });

  /** A paid Checkout Session made elsewhere on the same Stripe account, naming `bookingId`. */
  function foreignSessionPaid(bookingId: string, amountTotal: number, currency = 'usd') {
    const id = `cs_test_link_${bookingId.slice(0, 8)}_${amountTotal}_${currency}`;
    t.stripe.sessions.set(id, {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      client_reference_id: bookingId,
      metadata: { bookingId },
      customer_email: null,
      amount_total: amountTotal,
      currency,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      success_url: 'https://example.test/done',
      cancel_url: 'https://example.test/back',
      url: `https://example.test/pay/${id}`,
      created: Math.floor(Date.now() / 1000),
    });
    return t.stripe.pay(id);
  }

  it('a paid session that is not the payment’s own and charged another amount (a 1.00 USD Payment Link) confirms nothing: it is refunded in full and the owner told', async () => {
    const { client, booking, session } = await heldBooking();
    const event = foreignSessionPaid(booking.id, 100);
    const intentId = (event.data.object as { payment_intent: string }).payment_intent;
    const refundsBefore = t.stripe.callsTo('POST', /^\/v1\/refunds$/).length;
    const res = await webhook(event);
    expect(res.statusCode, res.body).toBe(200);

    // The booking still waits for its own payment; no receipt was numbered.
    const { booking: row, payment } = await rowOf(booking.id);
    expect(row.state).toBe('pending_payment');
    expect(row.holdUntil).not.toBeNull();
    expect(payment).toMatchObject({
      status: 'pending',
      receiptNumber: null,
      providerReference: session.id,
      providerPaymentId: null,
      refundPendingMinor: 0,
    });
    // Its money went back in full, once, even when Stripe delivers the event again.
    expect((await webhook(event)).statusCode).toBe(200);
    const refundCalls = t.stripe.callsTo('POST', /^\/v1\/refunds$/).slice(refundsBefore);
    expect(refundCalls.map((c) => c.body)).toEqual([
      expect.objectContaining({ payment_intent: intentId, amount: '100' }),
      expect.objectContaining({ payment_intent: intentId, amount: '100' }),
    ]);
    expect(new Set(refundCalls.map((c) => c.idempotencyKey)).size).toBe(1);
    const refunded = [...t.stripe.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(refunded).toHaveLength(1);

    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, payment.id));
    const recorded = audit.filter((entry) => entry.action === 'payment.foreign_session_refund');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.details).toMatchObject({
      bookingId: booking.id,
      intentId,
      amountMinor: 100,
      currency: 'USD',
      refundReference: refunded[0]!.id,
    });
    await t.app.deps.mailer.deliverDue();
    await peer.waitForMail(
      (m) =>
        m.to.includes('owner@example.test') &&
        m.subject === 'Unmatched payment refunded' &&
        m.text.includes(booking.id) &&
        m.text.includes(formatMoney(100, 'USD')),
    );
    const clientMails = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, client.user.email));
    expect(clientMails.filter((m) => m.subject.startsWith('Receipt'))).toEqual([]);

    // Stripe's charge.refunded for that money names the booking but no payment of ours: 200, and
    // nothing changes (not 503 asked again forever).
    const refundedEvent = t.stripe.chargeRefunded(intentId);
    expect((refundedEvent.data.object as { amount_refunded: number }).amount_refunded).toBe(100);
    expect((await webhook(refundedEvent)).statusCode).toBe(200);
    expect((await rowOf(booking.id)).payment).toEqual(payment);

    // The booking's own session still pays it.
    expect((await webhook(t.stripe.pay(session.id))).statusCode).toBe(200);
    expect((await rowOf(booking.id)).booking.state).toBe('confirmed');
  });

  it('a session with another id charging the booking’s own amount and currency confirms it', async () => {
    const { booking } = await heldBooking();
    const res = await webhook(foreignSessionPaid(booking.id, 12000));
    expect(res.statusCode, res.body).toBe(200);
    const { booking: row, payment } = await rowOf(booking.id);
    expect(row.state).toBe('confirmed');
    expect(payment.status).toBe('paid');
    expect(payment.receiptNumber).toMatch(/^\d{4}-\d{4}$/);
  });

  it('a session of the right amount in another currency is refunded and confirms nothing', async () => {
    const { booking } = await heldBooking();
    const event = foreignSessionPaid(booking.id, 12000, 'eur');
    const intentId = (event.data.object as { payment_intent: string }).payment_intent;
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await rowOf(booking.id)).booking.state).toBe('pending_payment');
    expect(t.stripe.callsTo('POST', /^\/v1\/refunds$/).at(-1)!.body).toMatchObject({
      payment_intent: intentId,
      amount: '12000',
    });
  });

  it('a payment that arrives after the booking expired is refunded in full automatically, and the owner is told', async () => {
    const { booking, session } = await heldBooking();
    // Stripe expired the session on its side and said so; then a payment still completes.
    expect((await webhook(t.stripe.expire(session.id))).statusCode).toBe(200);
    expect((await rowOf(booking.id)).booking.state).toBe('expired');
    t.stripe.sessions.get(session.id)!.status = 'open';
    const late = t.stripe.pay(session.id);
    expect((await webhook(late)).statusCode).toBe(200);

    const { booking: row, payment } = await rowOf(booking.id);
    expect(row.state).toBe('expired');
    expect(payment).toMatchObject({ status: 'paid', refundPendingMinor: 12000 });
    const refundCalls = t.stripe.callsTo('POST', /^\/v1\/refunds$/);
    expect(refundCalls.at(-1)!.body).toMatchObject({
      payment_intent: payment.providerPaymentId,
      amount: '12000',
    });
    expect(refundCalls.at(-1)!.idempotencyKey).toMatch(/^refund-\d+$/);
    await t.app.deps.mailer.deliverDue();
    await peer.waitForMail(
      (m) => m.to.includes('owner@example.test') && m.subject === 'Late payment refunded',
    );

    expect((await webhook(t.stripe.chargeRefunded(payment.providerPaymentId!))).statusCode).toBe(
      200,
    );
    const settled = (await rowOf(booking.id)).payment;
    expect(settled).toMatchObject({
      status: 'refunded',
      refundedMinor: 12000,
      refundPendingMinor: 0,
    });
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, payment.id));
    expect(audit.map((entry) => entry.action)).toContain('payment.late_refund');
    expect(audit.find((entry) => entry.action === 'payment.late_refund')!.details).toMatchObject({
      before: { status: 'cancelled' },
      after: { status: 'paid', refundPendingMinor: 12000 },
    });
  });

  it('events in any order: an expiry after the payment changes nothing; a refund before its payment is asked again later', async () => {
    const { booking, session } = await heldBooking();
    const paid = t.stripe.pay(session.id);
    const expiredLater = t.stripe.event('checkout.session.expired', {
      ...session,
      status: 'expired',
    });
    expect((await webhook(paid)).statusCode).toBe(200);
    expect((await webhook(expiredLater)).statusCode).toBe(200);
    expect((await rowOf(booking.id)).booking.state).toBe('confirmed');

    const other = await heldBooking();
    const otherPaid = t.stripe.pay(other.session.id);
    const intentId = otherPaid.data.object as { payment_intent: string };
    const refundFirst = t.stripe.event('charge.refunded', {
      object: 'charge',
      payment_intent: intentId.payment_intent,
      amount_refunded: 12000,
      metadata: { bookingId: other.booking.id },
    });
    expect((await webhook(refundFirst)).statusCode).toBe(503);
    expect((await webhook(otherPaid)).statusCode).toBe(200);
    // Redelivered after the payment: now the refund made in Stripe's dashboard is recorded.
    expect((await webhook(refundFirst)).statusCode).toBe(200);
    const { payment } = await rowOf(other.booking.id);
    expect(payment).toMatchObject({ status: 'refunded', refundedMinor: 12000 });
    const refunds = await t.app.deps.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment.id));
    expect(refunds).toMatchObject([
      { amountMinor: 12000, status: 'succeeded', reason: 'Refunded in Stripe' },
    ]);
  });

  it('a payment Stripe took cannot be voided (409); its refunds are never owed by hand', async () => {
    const { payment } = await paidBooking();
    const voided = await call('POST', `/api/admin/payments/${payment.id}/void`, owner, {
      reason: 'Marked by mistake',
    });
    expect(voided.statusCode).toBe(409);
    expect(voided.json().detail).toBe(PAYMENT_MESSAGES.voidNotManual);
    const refund = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
      amountMinor: 1000,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const detail = adminPaymentDetailSchema.parse(refund.json());
    expect(detail.receipt.refunds).toMatchObject([{ status: 'pending', owed: false }]);
    const sent = await call(
      'POST',
      `/api/admin/payments/${payment.id}/refunds/${detail.receipt.refunds[0]!.id}/sent`,
      owner,
      { method: 'card', sentOn: '2026-01-01' },
    );
    expect(sent.statusCode).toBe(409);
    expect(sent.json().detail).toBe(PAYMENT_MESSAGES.refundNotOwed);
  });

  it('the owner refunds part through Stripe’s API, final when Stripe confirms; more than is left is refused', async () => {
    const { payment, intentId, client } = await paidBooking();
    const partial = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
      amountMinor: 5000,
      reason: 'Shorter session',
    });
    expect(partial.statusCode, partial.body).toBe(200);
    const pending = adminPaymentDetailSchema.parse(partial.json());
    expect(pending).toMatchObject({ status: 'paid', refundedMinor: 0, refundPendingMinor: 5000 });
    expect(pending.receipt.refunds).toMatchObject([{ amountMinor: 5000, status: 'pending' }]);
    expect(t.stripe.callsTo('POST', /^\/v1\/refunds$/).at(-1)!.body).toMatchObject({
      payment_intent: intentId,
      amount: '5000',
    });

    const tooMuch = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
      amountMinor: 7001,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.amountMinor[0]).toBe(PAYMENT_MESSAGES.refundTooLarge('$70.00'));

    expect((await webhook(t.stripe.chargeRefunded(intentId))).statusCode).toBe(200);
    const settled = paymentDetailSchema.parse(
      (await call('GET', `/api/payments/${payment.id}`, client)).json(),
    );
    expect(settled).toMatchObject({
      status: 'partially_refunded',
      refundedMinor: 5000,
      refundPendingMinor: 0,
    });
    expect(settled.receipt.refunds).toMatchObject([{ amountMinor: 5000, status: 'succeeded' }]);
    await t.app.deps.mailer.deliverDue();
    await peer.waitForMail(
      (m) => m.to.includes(client.user.email) && m.subject === 'Refund of $50.00',
    );

    const rest = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {});
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await webhook(t.stripe.chargeRefunded(intentId))).statusCode).toBe(200);
    expect((await rowOf(payment.bookingId!)).payment).toMatchObject({
      status: 'refunded',
      refundedMinor: 12000,
    });
  });

  it('a refund Stripe cannot take is not kept (503); a client’s cancellation refund waits for the refund job', async () => {
    const { payment, client, booking } = await paidBooking();
    t.stripe.failing = true;
    const refused = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
      amountMinor: 1000,
    });
    expect(refused.statusCode).toBe(503);
    expect((await rowOf(booking.id)).payment).toMatchObject({
      refundPendingMinor: 0,
      refundedMinor: 0,
    });

    const cancelled = await call('POST', `/api/bookings/${booking.id}/cancel`, client, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await rowOf(booking.id)).payment).toMatchObject({ refundPendingMinor: 12000 });
    t.stripe.failing = false;
    expect(await sendUnsentRefunds(t.app.deps, new Date(Date.now() + 120_000))).toBe(1);
    expect(t.stripe.callsTo('POST', /^\/v1\/refunds$/).at(-1)!.body).toMatchObject({
      payment_intent: payment.providerPaymentId,
      amount: '12000',
    });
    expect((await webhook(t.stripe.chargeRefunded(payment.providerPaymentId!))).statusCode).toBe(
      200,
    );
    expect((await rowOf(booking.id)).payment).toMatchObject({ status: 'refunded' });
  });

  /** The owner refunds `amountMinor` of a paid booking; Stripe accepts it as pending. */
  async function pendingStripeRefund(amountMinor: number) {
    const paid = await paidBooking();
    const res = await call('POST', `/api/admin/payments/${paid.payment.id}/refund`, owner, {
      amountMinor,
      reason: 'Goodwill',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [refund] = await t.app.deps.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paid.payment.id));
    expect(refund).toMatchObject({ status: 'pending', providerReference: expect.any(String) });
    return { ...paid, refund: refund!, reference: refund!.providerReference! };
  }

  const refundOf = async (id: number) =>
    (await t.app.deps.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)))[0]!;
  const failureAudits = (paymentId: string) =>
    t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, paymentId), eq(auditLog.action, 'payment.refund_failed')));
  /** The outbox rows of the owner's mail about a failed refund of this booking. */
  const failureMails = async (bookingId: string) =>
    (await t.app.deps.db.select().from(mailOutbox)).filter(
      (mail) => mail.subject.endsWith('failed at Stripe') && mail.text.includes(bookingId),
    );

  it('a refund Stripe accepted and later failed is failed here: its amount is free again, the owner is mailed and the audit log written', async () => {
    const { booking, payment, refund, reference, client } = await pendingStripeRefund(5000);
    expect((await rowOf(booking.id)).payment).toMatchObject({ refundPendingMinor: 5000 });

    const failed = t.stripe.failRefund(reference, { reason: 'expired_or_canceled_card' });
    const res = await webhook(failed);
    expect(res.statusCode, res.body).toBe(200);

    expect(await refundOf(refund.id)).toMatchObject({ status: 'failed' });
    // Nothing went back: the payment is as it was before the refund was asked for.
    expect((await rowOf(booking.id)).payment).toMatchObject({
      status: 'paid',
      refundedMinor: 0,
      refundPendingMinor: 0,
      receiptNumber: payment.receiptNumber,
    });
    const mails = await failureMails(booking.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'owner@example.test',
      subject: 'Refund of $50.00 failed at Stripe',
    });
    expect(mails[0]!.text).toContain('expired or canceled card');
    expect(mails[0]!.text).toContain(`/admin/payments?payment=${payment.id}`);
    expect(mails[0]!.text).toContain(
      'refunded again from the payments screen, or given back by hand',
    );
    const audits = await failureAudits(payment.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: null,
      details: {
        before: { refundStatus: 'pending', refundPendingMinor: 5000 },
        after: { refundStatus: 'failed', refundPendingMinor: 0 },
        refundId: refund.id,
        bookingId: booking.id,
        amountMinor: 5000,
        currency: 'USD',
        failureReason: 'expired_or_canceled_card',
      },
    });

    // The client is told of no refund: none pending, none made, no refund mail.
    const view = paymentDetailSchema.parse(
      (await call('GET', `/api/payments/${payment.id}`, client)).json(),
    );
    expect(view).toMatchObject({ status: 'paid', refundedMinor: 0, refundPendingMinor: 0 });
    expect(view.receipt.refunds).toMatchObject([{ amountMinor: 5000, status: 'failed' }]);
    const clientMails = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, client.user.email));
    expect(clientMails.map((mail) => mail.subject)).not.toContain('Refund of $50.00');
  });

  it('after a failed refund the owner can refund the amount again, and Stripe confirming it settles it', async () => {
    const { booking, payment, reference, intentId } = await pendingStripeRefund(12000);
    expect((await webhook(t.stripe.failRefund(reference))).statusCode).toBe(200);

    const again = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
      amountMinor: 12000,
      reason: 'Second try',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(adminPaymentDetailSchema.parse(again.json())).toMatchObject({
      refundedMinor: 0,
      refundPendingMinor: 12000,
    });
    const sent = t.stripe.callsTo('POST', /^\/v1\/refunds$/).at(-1)!;
    expect(sent.body).toMatchObject({ payment_intent: intentId, amount: '12000' });
    expect((await webhook(t.stripe.chargeRefunded(intentId))).statusCode).toBe(200);
    expect((await rowOf(booking.id)).payment).toMatchObject({
      status: 'refunded',
      refundedMinor: 12000,
      refundPendingMinor: 0,
    });
    const refunds = await t.app.deps.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment.id));
    expect(refunds.map((r) => r.status)).toEqual(['failed', 'succeeded']);
  });

  it('one failure told twice, and again by Stripe’s other refund events, mails the owner once and writes one audit entry', async () => {
    const { booking, payment, refund, reference } = await pendingStripeRefund(3000);
    const canceled = t.stripe.failRefund(reference, { type: 'refund.updated', status: 'canceled' });
    expect((await webhook(canceled)).statusCode).toBe(200);
    expect((await webhook(canceled)).statusCode).toBe(200);
    for (const type of ['refund.failed', 'charge.refund.updated'] as const) {
      expect((await webhook(t.stripe.failRefund(reference, { type }))).statusCode).toBe(200);
    }
    expect(await refundOf(refund.id)).toMatchObject({ status: 'failed' });
    expect((await rowOf(booking.id)).payment).toMatchObject({
      status: 'paid',
      refundPendingMinor: 0,
    });
    const mails = await failureMails(booking.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('(canceled)');
    const audits = await failureAudits(payment.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ failureReason: 'canceled' });
  });

  it('a failure for a refund that is not ours, or an update that is no failure, is 200 and changes nothing', async () => {
    const { booking, payment, refund, reference } = await pendingStripeRefund(4000);
    const before = (await rowOf(booking.id)).payment;
    const outboxBefore = (await t.app.deps.db.select().from(mailOutbox)).length;

    const stranger = t.stripe.event('refund.failed', {
      id: 're_not_one_of_ours',
      object: 'refund',
      amount: 4000,
      payment_intent: payment.providerPaymentId,
      status: 'failed',
      failure_reason: 'lost_or_stolen_card',
    });
    expect((await webhook(stranger)).statusCode).toBe(200);
    const stillPending = t.stripe.event('refund.updated', {
      ...t.stripe.refunds.get(reference)!,
      status: 'pending',
    });
    expect((await webhook(stillPending)).statusCode).toBe(200);

    expect((await rowOf(booking.id)).payment).toEqual(before);
    expect(await refundOf(refund.id)).toMatchObject({ status: 'pending' });
    expect(await failureAudits(payment.id)).toEqual([]);
    expect((await t.app.deps.db.select().from(mailOutbox)).length).toBe(outboxBefore);
  });

  /** The owner refunds `amountMinor` of `paymentId`; the refund Stripe was sent, pending here. */
  async function refundAgain(paymentId: string, amountMinor: number) {
    const res = await call('POST', `/api/admin/payments/${paymentId}/refund`, owner, {
      amountMinor,
      reason: 'Goodwill',
    });
    expect(res.statusCode, res.body).toBe(200);
    const refunds = await t.app.deps.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paymentId));
    const refund = refunds.sort((a, b) => a.id - b.id).at(-1)!;
    expect(refund).toMatchObject({ amountMinor, status: 'pending' });
    return { refund, reference: refund.providerReference! };
  }
  const clientRefundMails = async (email: string) =>
    (await t.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((mail) =>
      mail.subject.startsWith('Refund of'),
    );

  it('a refund charge.refunded settled and Stripe then failed is undone: the payment is paid again, the owner told to contact the client, once', async () => {
    const { booking, payment, refund, reference, client, intentId } =
      await pendingStripeRefund(5000);
    // Stripe sends charge.refunded as the refund is made, its total counting it.
    expect((await webhook(t.stripe.chargeRefunded(intentId))).statusCode).toBe(200);
    expect(await refundOf(refund.id)).toMatchObject({ status: 'succeeded' });
    expect((await rowOf(booking.id)).payment).toMatchObject({
      status: 'partially_refunded',
      refundedMinor: 5000,
    });
    expect(await clientRefundMails(client.user.email)).toHaveLength(1);

    const failed = t.stripe.failRefund(reference, { type: 'charge.refund.updated' });
    expect((await webhook(failed)).statusCode).toBe(200);

    expect(await refundOf(refund.id)).toMatchObject({ status: 'failed' });
    const undone = (await rowOf(booking.id)).payment;
    expect(undone).toMatchObject({
      status: 'paid',
      refundedMinor: 0,
      refundPendingMinor: 0,
      receiptNumber: payment.receiptNumber,
    });
    const mails = await failureMails(booking.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'owner@example.test',
      subject: 'Refund of $50.00 failed at Stripe',
    });
    expect(mails[0]!.text).toContain('expired or canceled card');
    expect(mails[0]!.text).toContain('The client was told this refund was on its way');
    const audits = await failureAudits(payment.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: null,
      details: {
        before: {
          refundStatus: 'succeeded',
          paymentStatus: 'partially_refunded',
          refundedMinor: 5000,
        },
        after: { refundStatus: 'failed', paymentStatus: 'paid', refundedMinor: 0 },
        refundId: refund.id,
        amountMinor: 5000,
      },
    });
    // The client is sent nothing more; their view no longer shows the refund as made.
    expect(await clientRefundMails(client.user.email)).toHaveLength(1);
    const view = paymentDetailSchema.parse(
      (await call('GET', `/api/payments/${payment.id}`, client)).json(),
    );
    expect(view).toMatchObject({ status: 'paid', refundedMinor: 0, refundPendingMinor: 0 });
    expect(view.receiptNumber).toBe(payment.receiptNumber);

    // Stripe's other events for the same failure, and the same one again, change nothing.
    expect((await webhook(failed)).statusCode).toBe(200);
    expect((await webhook(t.stripe.failRefund(reference))).statusCode).toBe(200);
    const refundUpdated = t.stripe.failRefund(reference, { type: 'refund.updated' });
    expect((await webhook(refundUpdated)).statusCode).toBe(200);
    expect((await rowOf(booking.id)).payment).toEqual(undone);
    expect(await failureMails(booking.id)).toHaveLength(1);
    expect(await failureAudits(payment.id)).toHaveLength(1);

    // The same amount refunded again goes to Stripe and settles, Stripe's total leaving the failed one out.
    const again = await refundAgain(payment.id, 5000);
    expect(t.stripe.callsTo('POST', /^\/v1\/refunds$/).at(-1)!.body).toMatchObject({
      payment_intent: intentId,
      amount: '5000',
    });
    const charge = t.stripe.chargeRefunded(intentId);
    expect(charge.data.object).toMatchObject({ amount_refunded: 5000 });
    expect((await webhook(charge)).statusCode).toBe(200);
    expect(await refundOf(again.refund.id)).toMatchObject({ status: 'succeeded' });
    expect((await rowOf(booking.id)).payment).toMatchObject({
      status: 'partially_refunded',
      refundedMinor: 5000,
      refundPendingMinor: 0,
    });
    expect(await refundOf(refund.id)).toMatchObject({ status: 'failed' });
    expect(await clientRefundMails(client.user.email)).toHaveLength(2);
  });

  it('a settled refund that fails beside another that stands leaves the payment partly refunded, and a later charge.refunded does not count it again', async () => {
    const {
      booking,
      payment,
      refund: first,
      reference,
      intentId,
    } = await pendingStripeRefund(3000);
    expect((await webhook(t.stripe.chargeRefunded(intentId))).statusCode).toBe(200);
    const second = await refundAgain(payment.id, 4000);
    expect((await webhook(t.stripe.chargeRefunded(intentId))).statusCode).toBe(200);
    expect((await rowOf(booking.id)).payment).toMatchObject({
      status: 'partially_refunded',
      refundedMinor: 7000,
    });

    const failed = t.stripe.failRefund(reference, { reason: 'lost_or_stolen_card' });
    expect((await webhook(failed)).statusCode).toBe(200);
    expect(await refundOf(first.id)).toMatchObject({ status: 'failed' });
    expect(await refundOf(second.refund.id)).toMatchObject({ status: 'succeeded' });
    expect((await rowOf(booking.id)).payment).toMatchObject({
      status: 'partially_refunded',
      refundedMinor: 4000,
      refundPendingMinor: 0,
    });
    const audits = await failureAudits(payment.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({
      before: { refundStatus: 'succeeded', refundedMinor: 7000 },
      after: { refundStatus: 'failed', refundedMinor: 4000 },
    });
    // The payment stays partly refunded either side: no status change in the entry.
    expect(audits[0]!.details).not.toHaveProperty('before.paymentStatus');
    expect(await failureMails(booking.id)).toHaveLength(1);

    // A third refund: Stripe's total is 4000 + 3000, not 10000, and nothing else is recorded.
    const third = await refundAgain(payment.id, 3000);
    expect((await webhook(t.stripe.chargeRefunded(intentId))).statusCode).toBe(200);
    expect(await refundOf(third.refund.id)).toMatchObject({ status: 'succeeded' });
    expect((await rowOf(booking.id)).payment).toMatchObject({
      status: 'partially_refunded',
      refundedMinor: 7000,
      refundPendingMinor: 0,
    });
    const refunds = await t.app.deps.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment.id));
    expect(refunds.sort((a, b) => a.id - b.id).map((r) => [r.amountMinor, r.status])).toEqual([
      [3000, 'failed'],
      [4000, 'succeeded'],
      [3000, 'succeeded'],
    ]);
  });

  it('a fully refunded payment whose refund fails after charge.refunded is paid again', async () => {
    const { booking, refund, reference, intentId } = await pendingStripeRefund(12000);
    expect((await webhook(t.stripe.chargeRefunded(intentId))).statusCode).toBe(200);
    expect((await rowOf(booking.id)).payment).toMatchObject({ status: 'refunded' });
    const canceled = t.stripe.failRefund(reference, { type: 'refund.updated', status: 'canceled' });
    expect((await webhook(canceled)).statusCode).toBe(200);
    expect(await refundOf(refund.id)).toMatchObject({ status: 'failed' });
    expect((await rowOf(booking.id)).payment).toMatchObject({
      status: 'paid',
      refundedMinor: 0,
      refundPendingMinor: 0,
    });
    expect(await failureMails(booking.id)).toHaveLength(1);
  });

  it('pay now gives the open session again; another client’s booking is 404; a confirmed one is 409', async () => {
    const { client, booking, session } = await heldBooking();
    const res = await call('POST', `/api/bookings/${booking.id}/checkout`, client);
    expect(res.statusCode, res.body).toBe(200);
    expect(checkoutSchema.parse(res.json()).checkoutUrl).toBe(session.url);

    const stranger = await signedInUser(t.app);
    expect((await call('POST', `/api/bookings/${booking.id}/checkout`, stranger)).statusCode).toBe(
      404,
    );
    const { payment } = await rowOf(booking.id);
    expect((await call('GET', `/api/payments/${payment.id}`, stranger)).statusCode).toBe(404);

    // The session was expired at Stripe: a new one is made and replaces it.
    t.stripe.sessions.get(session.id)!.status = 'expired';
    const fresh = checkoutSchema.parse(
      (await call('POST', `/api/bookings/${booking.id}/checkout`, client)).json(),
    );
    expect(fresh.checkoutUrl).not.toBe(session.url);
    const newSession = [...t.stripe.sessions.values()].find((s) => s.url === fresh.checkoutUrl)!;
    expect((await rowOf(booking.id)).payment.providerReference).toBe(newSession.id);
    expect((await webhook(t.stripe.pay(newSession.id))).statusCode).toBe(200);
    const again = await call('POST', `/api/bookings/${booking.id}/checkout`, client);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(PAYMENT_MESSAGES.checkoutNotPending);
  });

  it.each([
    // ISO 4217 has no minor unit for the króna; Stripe takes it as two-decimal, the decimals 00.
    { service: 'isk-session', ours: 15000, currency: 'ISK', atStripe: 1500000, part: 2500 },
    // ISO gives the ariary two digits; Stripe charges whole ariary.
    { service: 'mga-session', ours: 5000000, currency: 'MGA', atStripe: 50000, part: 1000000 },
  ])(
    '$currency: the Checkout Session and refunds carry Stripe’s amount; the payment, receipt and refunds keep ISO minor units',
    async ({ service, ours, currency, atStripe, part }) => {
      const { booking, session, client } = await heldBooking(service);
      const created = t.stripe.callsTo('POST', /^\/v1\/checkout\/sessions$/).at(-1)!;
      expect(created.body).toMatchObject({
        'line_items[0][price_data][currency]': currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': String(atStripe),
      });
      expect(session).toMatchObject({ amount_total: atStripe, currency: currency.toLowerCase() });

      expect((await webhook(t.stripe.pay(session.id))).statusCode).toBe(200);
      const { payment } = await rowOf(booking.id);
      expect(payment).toMatchObject({ status: 'paid', amountMinor: ours, currency });
      const receipt = paymentDetailSchema.parse(
        (await call('GET', `/api/payments/${payment.id}`, client)).json(),
      );
      expect(receipt).toMatchObject({ amountMinor: ours, currency });
      expect(receipt.receiptNumber).toMatch(/^\d{4}-\d{4}$/);

      // A part refunded: sent in Stripe's unit, and Stripe's charge.refunded read back in ours.
      const refund = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
        amountMinor: part,
      });
      expect(refund.statusCode, refund.body).toBe(200);
      expect(t.stripe.callsTo('POST', /^\/v1\/refunds$/).at(-1)!.body).toMatchObject({
        payment_intent: payment.providerPaymentId,
        amount: String((part * atStripe) / ours),
      });
      expect((await webhook(t.stripe.chargeRefunded(payment.providerPaymentId!))).statusCode).toBe(
        200,
      );
      const settled = paymentDetailSchema.parse(
        (await call('GET', `/api/payments/${payment.id}`, client)).json(),
      );
      expect(settled).toMatchObject({
        status: 'partially_refunded',
        amountMinor: ours,
        refundedMinor: part,
        refundPendingMinor: 0,
      });
      expect(settled.receipt.refunds).toMatchObject([{ amountMinor: part, status: 'succeeded' }]);
    },
  );

  it('a price Stripe cannot charge exactly (a fraction of an ariary) is refused before Stripe is asked, and the slot is not held', async () => {
    const client = await signedInUser(t.app);
    day += 1;
    const start = slotAt(day, '09:00');
    const sessionsBefore = t.stripe.callsTo('POST', /^\/v1\/checkout\/sessions$/).length;
    const res = await call('POST', '/api/bookings', client, { service: 'mga-fraction', start });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      type: PRICE_NOT_CHARGEABLE_PROBLEM_TYPE,
      detail: PAYMENT_MESSAGES.priceNotChargeableOnline(formatMoney(5000050, 'MGA')),
    });
    expect(t.stripe.callsTo('POST', /^\/v1\/checkout\/sessions$/)).toHaveLength(sessionsBefore);
    // The slot is free: another service can be booked at the same time.
    const other = await call('POST', '/api/bookings', client, { service: 'mga-session', start });
    expect(other.statusCode, other.body).toBe(201);
  });

  it('KWD: the owner’s refund of a thousandth Stripe cannot send is refused with the step; a multiple of 0.010 goes', async () => {
    const { payment, session } = await paidBooking('kwd-session');
    expect(session).toMatchObject({ amount_total: 12340, currency: 'kwd' });
    const odd = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
      amountMinor: 1235,
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().errors.amountMinor[0]).toBe(
      PAYMENT_MESSAGES.refundNotChargeable(formatMoney(10, 'KWD')),
    );
    expect((await rowOf(payment.bookingId!)).payment.refundPendingMinor).toBe(0);
    const even = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
      amountMinor: 1230,
    });
    expect(even.statusCode, even.body).toBe(200);
    expect(t.stripe.callsTo('POST', /^\/v1\/refunds$/).at(-1)!.body).toMatchObject({
      amount: '1230',
    });
  });

  it('when Stripe cannot be reached, booking answers 503 and the slot is not held', async () => {
    const client = await signedInUser(t.app);
    day += 1;
    const start = slotAt(day, '09:00');
    t.stripe.failing = true;
    const res = await call('POST', '/api/bookings', client, { service: 'paid-session', start });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toBe(PAYMENT_MESSAGES.paymentUnavailable);
    t.stripe.failing = false;
    const retry = await call('POST', '/api/bookings', client, { service: 'paid-session', start });
    expect(retry.statusCode, retry.body).toBe(201);
  });

  it('the owner may switch to manual payments: new paid bookings confirm at once', async () => {
    const put = await call('PUT', '/api/admin/payment-settings', owner, { provider: 'manual' });
    expect(paymentSettingsViewSchema.parse(put.json()).activeProvider).toBe('manual');
    const client = await signedInUser(t.app);
    day += 1;
    const res = await call('POST', '/api/bookings', client, {
      service: 'paid-session',
      start: slotAt(day, '09:00'),
    });
    const booking = createdBookingSchema.parse(res.json());
    expect(booking).toMatchObject({ state: 'confirmed', paymentDue: true });
    expect(booking.checkoutUrl).toBeUndefined();
    await call('PUT', '/api/admin/payment-settings', owner, { provider: 'stripe' });
  });
});

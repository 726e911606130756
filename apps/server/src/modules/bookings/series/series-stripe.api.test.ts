/**
 * A series paid by card (issue 25): one Checkout Session with a line per session, the webhook
 * receiving every session's payment once (each its own receipt, one confirmation for them all), and
 * a session cancelled later refunded alone from the PaymentIntent the series shares.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdSeriesSchema } from '@consult/shared';
import { signedInUser } from '../../../test/accounts';
import { StripeDouble, type StripeEvent } from '../../../test/stripe-double';
import { createStripeTestApp, type StripeTestApp } from '../../../test/stripe-test-app';
import { mailOutbox } from '../../mail/schema';
import { paymentRefunds, payments } from '../../payments/schema';
import { slotAt } from '../booking-test-setup';
import { bookings } from '../schema';

describe('a series paid with one Stripe checkout', () => {
  let t: StripeTestApp;

  beforeAll(async () => {
    t = await createStripeTestApp({
      services: [{ slug: 'weekly', priceMinor: 6000, currency: 'USD' }],
    });
  });
  afterAll(() => t.close());

  function webhook(event: StripeEvent) {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': StripeDouble.sign(payload),
      },
      payload,
    });
  }

  const paymentsOf = async (ids: string[]) =>
    (await t.app.deps.db.select().from(payments).where(inArray(payments.bookingId, ids))).sort(
      (a, b) => ids.indexOf(a.bookingId!) - ids.indexOf(b.bookingId!),
    );

  it('charges every session on one checkout, confirms them once, and refunds one alone', async () => {
    const client = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/series',
      headers: client.headers,
      payload: { service: 'weekly', start: slotAt(4, '09:00'), every: 'week', count: 3 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { series, checkoutUrl } = createdSeriesSchema.parse(res.json());
    const ids = series.bookings.map((booking) => booking.id);
    expect(series.bookings.map((booking) => booking.state)).toEqual([
      'pending_payment',
      'pending_payment',
      'pending_payment',
    ]);
    const session = [...t.stripe.sessions.values()].find(
      (candidate) => candidate.metadata.seriesId === series.id,
    )!;
    expect(checkoutUrl).toBe(session.url);
    expect(session.metadata).toMatchObject({ purpose: 'series' });
    // One line per session: the double totals them as Stripe does.
    expect(session.amount_total).toBe(18000);
    const [created] = t.stripe
      .callsTo('POST', /^\/v1\/checkout\/sessions$/)
      .filter((call) => call.body['metadata[seriesId]'] === series.id);
    expect(created!.body['line_items[2][price_data][unit_amount]']).toBe('6000');
    expect(created!.body['line_items[3][price_data][unit_amount]']).toBeUndefined();
    expect((await paymentsOf(ids)).map((payment) => payment.providerReference)).toEqual([
      session.id,
      session.id,
      session.id,
    ]);

    const paid = t.stripe.pay(session.id);
    expect((await webhook(paid)).statusCode).toBe(200);
    // Delivered again: applied once.
    expect((await webhook(paid)).statusCode).toBe(200);
    const received = await paymentsOf(ids);
    expect(received.map((payment) => payment.status)).toEqual(['paid', 'paid', 'paid']);
    expect(new Set(received.map((payment) => payment.receiptNumber)).size).toBe(3);
    expect(new Set(received.map((payment) => payment.providerPaymentId)).size).toBe(1);
    const rows = await t.app.deps.db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(rows.map((row) => row.state)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    const mails = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, client.user.email));
    const subjects = mails.map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith('Sessions booked'))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.startsWith('Booking confirmed'))).toEqual([]);

    // The second session cancelled in time: its own payment alone is refunded, from the shared
    // PaymentIntent, and Stripe's charge.refunded settles it on that payment only.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${ids[1]}/cancel`,
      headers: client.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const intentId = received[0]!.providerPaymentId!;
    const refundsSent = [...t.stripe.refunds.values()].filter(
      (refund) => refund.payment_intent === intentId,
    );
    expect(refundsSent).toHaveLength(1);
    expect(refundsSent[0]!.amount).toBeLessThanOrEqual(6000);
    expect((await webhook(t.stripe.chargeRefunded(intentId))).statusCode).toBe(200);
    const after = await paymentsOf(ids);
    expect(after.map((payment) => payment.refundedMinor)).toEqual([0, refundsSent[0]!.amount, 0]);
    expect(after.map((payment) => payment.refundPendingMinor)).toEqual([0, 0, 0]);
    const refundRows = await t.app.deps.db
      .select()
      .from(paymentRefunds)
      .where(
        inArray(
          paymentRefunds.paymentId,
          after.map((payment) => payment.id),
        ),
      );
    expect(refundRows.map((refund) => [refund.paymentId, refund.status])).toEqual([
      [after[1]!.id, 'succeeded'],
    ]);
  });
});

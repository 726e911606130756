/**
 * A package purchase's money (decision 064): listed beside booking payments, on the client's
 * payments and receipts, refunded through the refund machinery with its unused credits withdrawn
 * first, and counted in the revenue of the metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  adminPackageSchema,
  adminPaymentDetailSchema,
  adminPaymentsPageSchema,
  formatMoney,
  metricsSchema,
  PAYMENT_MESSAGES,
  paymentDetailSchema,
  paymentsListSchema,
  purchaseAnswerSchema,
  receiptPath,
  userCreditsSchema,
} from '@consult/shared';
import type { LightMyRequestResponse } from 'fastify';
import { signedInUser } from '../../test/accounts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { StripeDouble, type StripeEvent } from '../../test/stripe-double';
import { createStripeTestApp, type StripeTestApp } from '../../test/stripe-test-app';
import { auditLog } from '../audit/schema';
import { mailOutbox } from '../mail/schema';
import { paymentRefunds, payments } from '../payments/schema';
import { addService, openEveryDay, slotAt } from '../bookings/booking-test-setup';
import { packageCreditEntries, packagePurchases } from './schema';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
type Call = (
  method: 'GET' | 'POST',
  url: string,
  who?: SignedIn,
  payload?: object,
) => Promise<LightMyRequestResponse>;

const caller =
  (t: TestApp): Call =>
  (method, url, who, payload) =>
    t.app.inject({ method, url, headers: who?.headers, payload });

async function addPackage(call: Call, owner: SignedIn, fields: object = {}) {
  const res = await call('POST', '/api/admin/packages', owner, {
    title: 'Coaching session package',
    services: ['coaching'],
    sessions: 5,
    priceMinor: 10000,
    currency: 'USD',
    validityDays: 180,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminPackageSchema.parse(res.json());
}

async function ledgerOf(t: TestApp, purchaseId: string) {
  const rows = await t.app.deps.db
    .select()
    .from(packageCreditEntries)
    .where(eq(packageCreditEntries.purchaseId, purchaseId))
    .orderBy(packageCreditEntries.id);
  return rows.map((row) => ({ reason: row.reason, delta: row.delta, refundId: row.refundId }));
}

async function purchaseRow(t: TestApp, purchaseId: string) {
  const [row] = await t.app.deps.db
    .select()
    .from(packagePurchases)
    .where(eq(packagePurchases.id, purchaseId));
  return row!;
}

describe('a package bought by hand: its payment listed, its receipt, its refunds', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let call: Call;
  let owner: SignedIn;
  let offer: Awaited<ReturnType<typeof addPackage>>;
  let day = 3;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url } });
    call = caller(t);
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'coaching', priceMinor: 8000, currency: 'USD' });
    owner = await signedInUser(t.app, { role: 'admin' });
    offer = await addPackage(call, owner);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  /** A client with the package bought and marked paid by the owner: five credits. */
  async function paidPurchase(name?: string) {
    const client = await signedInUser(t.app, name ? { name } : {});
    const res = await call('POST', `/api/packages/${offer.id}/purchase`, client, {});
    expect(res.statusCode, res.body).toBe(201);
    const { purchase } = purchaseAnswerSchema.parse(res.json());
    const paid = await call(
      'POST',
      `/api/admin/package-purchases/${purchase.id}/mark-paid`,
      owner,
      { method: 'bank_transfer' },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    return {
      client,
      purchaseId: purchase.id,
      paymentId: purchase.paymentId!,
      receiptNumber: paid.json().receiptNumber as string,
    };
  }

  async function useCredit(client: SignedIn) {
    day += 1;
    const res = await call('POST', '/api/bookings', client, {
      service: 'coaching',
      start: slotAt(day, '10:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().credit).not.toBeNull();
  }

  const list = async (query: string) => {
    const res = await call('GET', `/api/admin/payments?${query}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    return adminPaymentsPageSchema.parse(res.json());
  };

  const detail = async (paymentId: string) => {
    const res = await call('GET', `/api/admin/payments/${paymentId}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    return adminPaymentDetailSchema.parse(res.json());
  };

  const refund = (paymentId: string, body: object) =>
    call('POST', `/api/admin/payments/${paymentId}/refund`, owner, body);

  it('lists the purchase beside booking payments as kind package, with its title and client; the kind filter and the search find it', async () => {
    const bought = await paidPurchase('Petra Packageby');
    // A booking payment beside it: the client pays a booking of the service (no credit used).
    day += 1;
    const booked = await call('POST', '/api/bookings', bought.client, {
      service: 'coaching',
      start: slotAt(day, '10:00'),
      useCredit: false,
    });
    expect(booked.statusCode, booked.body).toBe(201);

    const all = await list(`client=${bought.client.user.id}`);
    expect(all.payments.map((p) => p.kind).sort()).toEqual(['booking', 'package']);
    const row = all.payments.find((p) => p.kind === 'package')!;
    expect(row).toMatchObject({
      id: bought.paymentId,
      bookingId: null,
      bookingReference: null,
      service: null,
      package: { purchaseId: bought.purchaseId, title: offer.title, sessions: 5 },
      client: { id: bought.client.user.id, name: 'Petra Packageby' },
      amountMinor: 10000,
      status: 'paid',
      receiptNumber: bought.receiptNumber,
    });
    const bookingRow = all.payments.find((p) => p.kind === 'booking')!;
    expect(bookingRow.package).toBeNull();
    expect(bookingRow.service?.title).toEqual(expect.any(String));

    const packagesOnly = await list(`client=${bought.client.user.id}&kind=package`);
    expect(packagesOnly.payments.map((p) => p.id)).toEqual([bought.paymentId]);
    expect(packagesOnly.totalPayments).toBe(1);
    expect(packagesOnly.totals).toEqual([{ currency: 'USD', paidMinor: 10000, refundedMinor: 0 }]);
    const bookingsOnly = await list(`client=${bought.client.user.id}&kind=booking`);
    expect(bookingsOnly.payments.map((p) => p.kind)).toEqual(['booking']);

    for (const q of ['coaching session pack', bought.receiptNumber, 'Petra Packageby']) {
      const found = await list(`kind=package&q=${encodeURIComponent(q)}`);
      expect(found.payments.map((p) => p.id)).toContain(bought.paymentId);
    }
    expect((await list('kind=package&q=no-such-title')).payments).toEqual([]);
    expect((await call('GET', '/api/admin/payments?kind=coupon', owner)).statusCode).toBe(400);
  });

  it('shows the purchase in the client’s payments and receipt, mails a link to the printable receipt; another client’s is 404', async () => {
    const bought = await paidPurchase();
    const mine = paymentsListSchema.parse(
      (await call('GET', '/api/payments', bought.client)).json(),
    );
    expect(mine.payments).toHaveLength(1);
    expect(mine.payments[0]).toMatchObject({
      kind: 'package',
      package: { title: offer.title, sessions: 5 },
    });

    const res = await call('GET', `/api/payments/${bought.paymentId}`, bought.client);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = paymentDetailSchema.parse(res.json());
    expect(receipt.receiptNumber).toBe(bought.receiptNumber);
    expect(receipt.receipt.service).toBeNull();
    expect(receipt.receipt.package).toEqual({ title: offer.title, sessions: 5 });

    const other = await signedInUser(t.app);
    expect((await call('GET', `/api/payments/${bought.paymentId}`, other)).statusCode).toBe(404);
    expect(
      paymentsListSchema.parse((await call('GET', '/api/payments', other)).json()).payments,
    ).toEqual([]);

    await t.app.deps.mailer.deliverDue();
    const mail = await peer.waitForMail((m) => m.subject?.includes(bought.receiptNumber) ?? false);
    expect(mail.text).toContain(receiptPath(bought.paymentId));
  });

  it('refunds a half-used package: the unused share suggested and explained, those credits withdrawn, owed until sent; more than is left is refused; the rest makes it refunded', async () => {
    const bought = await paidPurchase();
    await useCredit(bought.client);
    await useCredit(bought.client);

    const before = await detail(bought.paymentId);
    expect(before.packageRefund).toEqual({
      sessions: 5,
      creditsRemaining: 3,
      unusedShareMinor: 6000,
      suggestedMinor: 6000,
      explanation: PAYMENT_MESSAGES.packageRefundShare(
        3,
        5,
        formatMoney(6000, 'USD'),
        formatMoney(10000, 'USD'),
      ),
    });
    expect(before.packageRefund!.explanation).toBe(
      `3 of 5 credits unused: ${formatMoney(6000, 'USD')} of ${formatMoney(10000, 'USD')}`,
    );
    // A package is marked paid and voided elsewhere, never here.
    expect(before.voidableUntil).toBeNull();
    const voided = await call('POST', `/api/admin/payments/${bought.paymentId}/void`, owner, {
      reason: 'Mistake',
    });
    expect(voided.statusCode).toBe(409);
    expect(voided.json().detail).toBe(PAYMENT_MESSAGES.packageVoidNotOffered);

    const res = await refund(bought.paymentId, { amountMinor: 6000, reason: 'Moving away' });
    expect(res.statusCode, res.body).toBe(200);
    const after = adminPaymentDetailSchema.parse(res.json());
    expect(after).toMatchObject({ refundPendingMinor: 6000, refundedMinor: 0, status: 'paid' });
    expect(after.receipt.refunds).toMatchObject([{ amountMinor: 6000, owed: true }]);
    expect(after.packageRefund).toMatchObject({ creditsRemaining: 0, suggestedMinor: 0 });
    const refundId = after.receipt.refunds[0]!.id;
    expect(await ledgerOf(t, bought.purchaseId)).toEqual([
      { reason: 'purchase', delta: 5, refundId: null },
      { reason: 'booking', delta: -1, refundId: null },
      { reason: 'booking', delta: -1, refundId: null },
      { reason: 'refund', delta: -3, refundId },
    ]);
    expect(await purchaseRow(t, bought.purchaseId)).toMatchObject({
      state: 'paid',
      creditsRemaining: 0,
    });
    const credits = userCreditsSchema.parse(
      (await call('GET', '/api/user/credits', bought.client)).json(),
    );
    expect(credits.credits).toEqual([]);
    const [audit] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.target, bought.paymentId)));
    expect(audit?.details).toMatchObject({
      owed: true,
      package: { purchaseId: bought.purchaseId, creditsWithdrawn: 3, creditsRemaining: 0 },
    });

    // 40.00 is left: more is refused and changes nothing.
    const tooMuch = await refund(bought.paymentId, { amountMinor: 4001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().detail).toBe(PAYMENT_MESSAGES.refundTooLarge(formatMoney(4000, 'USD')));
    expect((await detail(bought.paymentId)).refundPendingMinor).toBe(6000);

    // The owner gives back the rest too (the used sessions, as goodwill): wholly refunded.
    const rest = await refund(bought.paymentId, { amountMinor: 4000 });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await purchaseRow(t, bought.purchaseId)).toMatchObject({
      state: 'refunded',
      creditsRemaining: 0,
    });
    // Owed until the owner confirms each sent: only then the payment counts them refunded.
    for (const owed of adminPaymentDetailSchema.parse(rest.json()).receipt.refunds) {
      const sent = await call(
        'POST',
        `/api/admin/payments/${bought.paymentId}/refunds/${owed.id}/sent`,
        owner,
        { method: 'bank_transfer', sentOn: new Date().toISOString().slice(0, 10) },
      );
      expect(sent.statusCode, sent.body).toBe(200);
    }
    expect(await detail(bought.paymentId)).toMatchObject({
      status: 'refunded',
      refundedMinor: 10000,
      refundPendingMinor: 0,
    });
    await t.app.deps.mailer.deliverDue();
    const owedMail = await peer.waitForMail(
      (m) =>
        (m.subject?.includes('will be sent to you') ?? false) &&
        m.to.includes(bought.client.user.email),
    );
    expect(owedMail.text).toContain(`5 × ${offer.title}`);
    expect(owedMail.text).toContain(receiptPath(bought.paymentId));
  });

  it('a partial refund of an unused package withdraws the credits its share covers, rounded up, across refunds', async () => {
    const bought = await paidPurchase();
    const first = await refund(bought.paymentId, { amountMinor: 3000 });
    expect(first.statusCode, first.body).toBe(200);
    // 30.00 of 100.00 is one and a half credits' price: two are withdrawn.
    expect((await purchaseRow(t, bought.purchaseId)).creditsRemaining).toBe(3);
    const second = await refund(bought.paymentId, { amountMinor: 2000 });
    expect(second.statusCode, second.body).toBe(200);
    // 50.00 in all: two and a half credits' price, three withdrawn in all.
    expect(await purchaseRow(t, bought.purchaseId)).toMatchObject({
      state: 'paid',
      creditsRemaining: 2,
    });
    expect((await ledgerOf(t, bought.purchaseId)).map((e) => [e.reason, e.delta])).toEqual([
      ['purchase', 5],
      ['refund', -2],
      ['refund', -1],
    ]);
    const view = adminPaymentDetailSchema.parse(second.json());
    expect(view.packageRefund).toMatchObject({
      creditsRemaining: 2,
      unusedShareMinor: 4000,
      suggestedMinor: 4000,
    });
  });

  it('refuses a refund beyond what was paid, and marking a package payment paid from the payments screen', async () => {
    const bought = await paidPurchase();
    const res = await refund(bought.paymentId, { amountMinor: 10001 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.amountMinor).toEqual([
      PAYMENT_MESSAGES.refundTooLarge(formatMoney(10000, 'USD')),
    ]);
    expect(await purchaseRow(t, bought.purchaseId)).toMatchObject({
      state: 'paid',
      creditsRemaining: 5,
    });

    const client = await signedInUser(t.app);
    const pending = purchaseAnswerSchema.parse(
      (await call('POST', `/api/packages/${offer.id}/purchase`, client, {})).json(),
    ).purchase;
    const markPaid = await call(
      'POST',
      `/api/admin/payments/${pending.paymentId}/mark-paid`,
      owner,
      { method: 'cash' },
    );
    expect(markPaid.statusCode).toBe(409);
    expect(markPaid.json().detail).toBe(PAYMENT_MESSAGES.packageMarkPaidElsewhere);
    expect(
      (await call('POST', `/api/admin/payments/${pending.paymentId}/refund`, owner, {})).statusCode,
    ).toBe(409);
  });

  it('counts package money in the revenue of the metrics: received when paid, less refunds sent', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const revenue = async () => {
      const res = await call('GET', `/api/admin/metrics?from=${today}&to=${today}`, owner);
      expect(res.statusCode, res.body).toBe(200);
      const usd = metricsSchema.parse(res.json()).revenue.find((r) => r.currency === 'USD');
      return usd ?? { paidMinor: 0, refundedMinor: 0, netMinor: 0 };
    };
    const before = await revenue();
    const bought = await paidPurchase();
    const paid = await revenue();
    expect(paid.paidMinor - before.paidMinor).toBe(10000);
    expect(paid.netMinor - before.netMinor).toBe(10000);

    const res = await refund(bought.paymentId, { amountMinor: 2500 });
    const [owed] = adminPaymentDetailSchema.parse(res.json()).receipt.refunds;
    // Owed is not refunded yet: the money has not left.
    expect((await revenue()).refundedMinor).toBe(paid.refundedMinor);
    await call('POST', `/api/admin/payments/${bought.paymentId}/refunds/${owed!.id}/sent`, owner, {
      method: 'bank_transfer',
      sentOn: today,
    });
    const sent = await revenue();
    expect(sent.refundedMinor - paid.refundedMinor).toBe(2500);
    expect(sent.netMinor - before.netMinor).toBe(7500);
  });
});

describe('a package bought with Stripe: refunded through Stripe', () => {
  let t: StripeTestApp;
  let call: Call;
  let owner: SignedIn;
  let offer: Awaited<ReturnType<typeof addPackage>>;

  beforeAll(async () => {
    t = await createStripeTestApp({
      services: [{ slug: 'coaching', title: 'Coaching', priceMinor: 8000 }],
    });
    call = caller(t);
    owner = await signedInUser(t.app, { role: 'admin' });
    offer = await addPackage(call, owner);
  });
  afterAll(() => t.close());

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

  async function paidWithStripe() {
    const client = await signedInUser(t.app);
    const res = await call('POST', `/api/packages/${offer.id}/purchase`, client, {});
    const answer = purchaseAnswerSchema.parse(res.json());
    const session = [...t.stripe.sessions.values()].find((s) => s.url === answer.checkoutUrl)!;
    const event = t.stripe.pay(session.id);
    expect((await webhook(event)).statusCode).toBe(200);
    return { client, purchaseId: answer.purchase.id, paymentId: answer.purchase.paymentId! };
  }

  it('refunds it all at Stripe: every unused credit withdrawn at once, the purchase refunded; settled by charge.refunded', async () => {
    const bought = await paidWithStripe();
    const res = await call('POST', `/api/admin/payments/${bought.paymentId}/refund`, owner, {});
    expect(res.statusCode, res.body).toBe(200);
    const view = adminPaymentDetailSchema.parse(res.json());
    expect(view).toMatchObject({ refundPendingMinor: 10000, kind: 'package' });
    expect(await purchaseRow(t, bought.purchaseId)).toMatchObject({
      state: 'refunded',
      creditsRemaining: 0,
    });
    const [sent] = t.stripe.callsTo('POST', /^\/v1\/refunds$/).slice(-1);
    expect(sent!.body).toMatchObject({ amount: '10000' });
    const intentId = [...t.stripe.refunds.values()].at(-1)!.payment_intent;
    expect((await webhook(t.stripe.chargeRefunded(intentId))).statusCode).toBe(200);
    expect(
      adminPaymentDetailSchema.parse(
        (await call('GET', `/api/admin/payments/${bought.paymentId}`, owner)).json(),
      ),
    ).toMatchObject({ status: 'refunded', refundedMinor: 10000, refundPendingMinor: 0 });
  });

  it('refunds a Stripe purchase the owner marked paid by hand as a manual one: owed, credits withdrawn', async () => {
    const client = await signedInUser(t.app);
    const answer = purchaseAnswerSchema.parse(
      (await call('POST', `/api/packages/${offer.id}/purchase`, client, {})).json(),
    );
    const marked = await call(
      'POST',
      `/api/admin/package-purchases/${answer.purchase.id}/mark-paid`,
      owner,
      { method: 'cash' },
    );
    expect(marked.statusCode, marked.body).toBe(200);
    const paymentId = answer.purchase.paymentId!;
    const refundsBefore = t.stripe.callsTo('POST', /^\/v1\/refunds$/).length;
    const res = await call('POST', `/api/admin/payments/${paymentId}/refund`, owner, {});
    expect(res.statusCode, res.body).toBe(200);
    const view = adminPaymentDetailSchema.parse(res.json());
    expect(view.provider).toBe('manual');
    expect(view.receipt.refunds).toMatchObject([{ amountMinor: 10000, owed: true }]);
    expect(t.stripe.callsTo('POST', /^\/v1\/refunds$/)).toHaveLength(refundsBefore);
    expect(await purchaseRow(t, answer.purchase.id)).toMatchObject({
      state: 'refunded',
      creditsRemaining: 0,
    });
  });

  it('withdraws the unused credits of a refund made in Stripe’s dashboard too, when its charge.refunded arrives', async () => {
    const bought = await paidWithStripe();
    const [payment] = await t.app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.id, bought.paymentId));
    expect(
      (await webhook(t.stripe.chargeRefunded(payment!.providerPaymentId!, 10000))).statusCode,
    ).toBe(200);
    expect(await purchaseRow(t, bought.purchaseId)).toMatchObject({
      state: 'refunded',
      creditsRemaining: 0,
    });
    const [made] = await t.app.deps.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, bought.paymentId));
    expect(await ledgerOf(t, bought.purchaseId)).toEqual([
      { reason: 'purchase', delta: 5, refundId: null },
      { reason: 'refund', delta: -5, refundId: made!.id },
    ]);
  });

  it('gives the credits back when Stripe cannot take the refund (503), and when Stripe fails it later', async () => {
    const bought = await paidWithStripe();
    t.stripe.failing = true;
    try {
      const res = await call('POST', `/api/admin/payments/${bought.paymentId}/refund`, owner, {
        amountMinor: 4000,
      });
      expect(res.statusCode).toBe(503);
    } finally {
      t.stripe.failing = false;
    }
    expect(await purchaseRow(t, bought.purchaseId)).toMatchObject({
      state: 'paid',
      creditsRemaining: 5,
    });
    expect((await ledgerOf(t, bought.purchaseId)).map((e) => [e.reason, e.delta])).toEqual([
      ['purchase', 5],
      ['refund', -2],
      ['refund', 2],
    ]);

    const whole = await call('POST', `/api/admin/payments/${bought.paymentId}/refund`, owner, {});
    expect(whole.statusCode, whole.body).toBe(200);
    expect(await purchaseRow(t, bought.purchaseId)).toMatchObject({
      state: 'refunded',
      creditsRemaining: 0,
    });
    const stripeRefund = [...t.stripe.refunds.values()].at(-1)!;
    expect((await webhook(t.stripe.failRefund(stripeRefund.id))).statusCode).toBe(200);
    expect(await purchaseRow(t, bought.purchaseId)).toMatchObject({
      state: 'paid',
      creditsRemaining: 5,
    });
    // The owner is told, naming what was bought.
    const told = (await t.app.deps.db.select().from(mailOutbox)).filter(
      (mail) => mail.subject.endsWith('failed at Stripe') && mail.text.includes(bought.purchaseId),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`the package 5 × ${offer.title}`);
  });
});

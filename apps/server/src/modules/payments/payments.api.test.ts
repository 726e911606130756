import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  adminPaymentDetailSchema,
  adminPaymentsPageSchema,
  bookingRecordSchema,
  PAYMENT_MESSAGES,
  paymentDetailSchema,
  paymentSettingsViewSchema,
  paymentsListSchema,
  type PaymentSettingsInput,
} from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { addService, openEveryDay, slotAt } from '../bookings/booking-test-setup';
import { bookings } from '../bookings/schema';

describe('payments: manual provider, receipts and refunds', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  type Person = Awaited<ReturnType<typeof signedInUser>>;
  let day = 2;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url, OWNER_EMAIL: 'owner@example.test' } });
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'paid-session', priceMinor: 5000, currency: 'USD' });
    await addService(t.app, { slug: 'free-chat' });
    owner = await signedInUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Person, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers, payload });

  /** A paid booking of a new client, on its own day so no two tests compete for a slot. */
  async function paidBooking() {
    const client = await signedInUser(t.app);
    day += 1;
    const res = await call('POST', '/api/bookings', client, {
      service: 'paid-session',
      start: slotAt(day, '10:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = bookingRecordSchema.parse(res.json());
    const list = paymentsListSchema.parse((await call('GET', '/api/payments', client)).json());
    expect(list.payments).toHaveLength(1);
    return { client, booking, payment: list.payments[0]! };
  }

  async function settings(input: PaymentSettingsInput) {
    const res = await call('PUT', '/api/admin/payment-settings', owner, input);
    expect(res.statusCode, res.body).toBe(200);
    return paymentSettingsViewSchema.parse(res.json());
  }

  async function mailTo(address: string, subject: RegExp) {
    await t.app.mailer.deliverDue();
    return peer.waitForMail((m) => m.to.includes(address) && subject.test(m.subject));
  }

  it('a paid booking has a pending payment with the owner’s instructions; marked paid, it gets the next receipt number and a mailed receipt', async () => {
    await settings({
      provider: 'manual',
      manualInstructions: 'IBAN DE02 1203 0000 0000 2020 51, reference: your name',
      businessName: 'Ayesha Siddiqui Consulting',
      businessAddress: '12 Mall Road\nLahore',
      taxId: 'NTN 1234567-8',
      taxRateBasisPoints: 1900,
      receiptFooter: 'Thank you for your trust.',
    });
    const { client, booking, payment } = await paidBooking();
    expect(booking).toMatchObject({ state: 'confirmed', paymentDue: true });
    expect(payment).toMatchObject({
      _id: payment.id,
      bookingId: booking.id,
      amountMinor: 5000,
      currency: 'USD',
      provider: 'manual',
      status: 'pending',
      refundedMinor: 0,
      receiptNumber: null,
      paidAt: null,
      service: { title: 'paid-session', start: booking.start },
    });
    const confirmation = await mailTo(client.user.email, /^Booking confirmed: paid-session/);
    expect(confirmation.text).toContain(
      'How to pay: IBAN DE02 1203 0000 0000 2020 51, reference: your name',
    );
    const due = paymentDetailSchema.parse(
      (await call('GET', `/api/payments/${payment.id}`, client)).json(),
    );
    expect(due.instructions).toBe('IBAN DE02 1203 0000 0000 2020 51, reference: your name');

    const paid = await call('POST', `/api/admin/payments/${payment.id}/mark-paid`, owner, {
      note: 'Bank transfer seen on 23 Nov',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const record = adminPaymentDetailSchema.parse(paid.json());
    const year = new Date().getUTCFullYear();
    expect(record.receiptNumber).toMatch(new RegExp(`^${year}-\\d{4,}$`));
    expect(record).toMatchObject({ status: 'paid', note: 'Bank transfer seen on 23 Nov' });

    const detail = paymentDetailSchema.parse(
      (await call('GET', `/api/payments/${payment.id}`, client)).json(),
    );
    expect(detail.instructions).toBeNull();
    expect(detail.receipt).toMatchObject({
      business: {
        name: 'Ayesha Siddiqui Consulting',
        address: '12 Mall Road\nLahore',
        taxId: 'NTN 1234567-8',
      },
      client: { email: client.user.email },
      taxRateBasisPoints: 1900,
      netMinor: 4202,
      taxMinor: 798,
      footer: 'Thank you for your trust.',
    });
    const [row] = await t.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ paymentDue: false });
    expect(row!.paidAt).not.toBeNull();

    const mail = await mailTo(client.user.email, /^Receipt /);
    expect(mail.subject).toBe(`Receipt ${record.receiptNumber}: payment received`);
    expect(mail.links).toContain(`http://localhost:3000/dash/payments/${payment.id}/receipt`);

    const again = await call('POST', `/api/admin/payments/${payment.id}/mark-paid`, owner, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(PAYMENT_MESSAGES.notPending);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.mark_paid'), eq(auditLog.target, payment.id)));
    expect(audit).toHaveLength(1);
  });

  it('receipt numbers follow each other without gaps', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { payment } = await paidBooking();
      const res = await call('POST', `/api/admin/payments/${payment.id}/mark-paid`, owner, {});
      numbers.push(Number(res.json().receiptNumber.split('-')[1]));
    }
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
  });

  it('refunds part, refuses more than is left with a clear message, then refunds the rest', async () => {
    const { client, payment } = await paidBooking();
    await call('POST', `/api/admin/payments/${payment.id}/mark-paid`, owner, {});
    const part = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
      amountMinor: 2000,
      reason: 'Session ended early',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ status: 'partially_refunded', refundedMinor: 2000 });

    const tooMuch = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
      amountMinor: 3001,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().detail).toBe(PAYMENT_MESSAGES.refundTooLarge('$30.00'));
    expect(tooMuch.json().errors.amountMinor).toEqual([PAYMENT_MESSAGES.refundTooLarge('$30.00')]);

    const rest = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {});
    expect(rest.json()).toMatchObject({ status: 'refunded', refundedMinor: 5000 });
    const done = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {});
    expect(done.statusCode).toBe(409);
    expect(done.json().detail).toBe(PAYMENT_MESSAGES.notRefundable);

    const detail = paymentDetailSchema.parse(
      (await call('GET', `/api/payments/${payment.id}`, client)).json(),
    );
    expect(detail.receipt.refunds.map((r) => [r.amountMinor, r.reason, r.status])).toEqual([
      [2000, 'Session ended early', 'succeeded'],
      [3000, null, 'succeeded'],
    ]);
    const mail = await mailTo(client.user.email, /^Refund of \$20\.00$/);
    expect(mail.text).toContain('Reason: Session ended early');
  });

  it('refuses a refund of a payment not received, and bad amounts, changing nothing', async () => {
    const { payment } = await paidBooking();
    const unpaid = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {});
    expect(unpaid.statusCode).toBe(409);
    for (const amountMinor of [0, -5, 1.5, '100']) {
      const res = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
        amountMinor,
      });
      expect(res.statusCode).toBe(400);
    }
    const view = await call('GET', `/api/admin/payments/${payment.id}`, owner);
    expect(view.json()).toMatchObject({ status: 'pending', refundedMinor: 0 });
  });

  it('keeps each client to their own payments: another client’s id or a malformed one is 404', async () => {
    const { payment } = await paidBooking();
    const stranger = await signedInUser(t.app);
    expect((await call('GET', '/api/payments', stranger)).json()).toEqual({ payments: [] });
    for (const id of [payment.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await call('GET', `/api/payments/${id}`, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(PAYMENT_MESSAGES.notFound);
    }
    expect((await call('GET', '/api/payments')).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/admin/payments'],
      ['GET', `/api/admin/payments/${payment.id}`],
      ['POST', `/api/admin/payments/${payment.id}/mark-paid`],
      ['POST', `/api/admin/payments/${payment.id}/refund`],
      ['GET', '/api/admin/payment-settings'],
      ['PUT', '/api/admin/payment-settings'],
    ] as const) {
      expect((await call(method, url, stranger, {})).statusCode).toBe(403);
      expect((await call(method, url, undefined, {})).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/admin/payments/nope', owner)).statusCode).toBe(404);
  });

  it('a client who cancels before the cutoff gets the configured share back; an unpaid payment is cancelled', async () => {
    await settings({ provider: 'manual', clientRefundPercent: 50 });
    const paid = await paidBooking();
    await call('POST', `/api/admin/payments/${paid.payment.id}/mark-paid`, owner, {});
    // Before the click, the client's list says what cancelling gives back.
    const upcoming = await call('GET', '/api/bookings/upcoming', paid.client);
    expect(upcoming.json().bookings[0].payment).toEqual({
      id: paid.payment.id,
      status: 'paid',
      provider: 'manual',
      amountMinor: 5000,
      refundedMinor: 0,
      refundPendingMinor: 0,
      currency: 'USD',
      receiptNumber: expect.stringMatching(/^\d{4}-\d{4,}$/),
      refundOnCancelMinor: 2500,
    });
    const cancel = await call('POST', `/api/bookings/${paid.booking.id}/cancel`, paid.client, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refunded = await call('GET', `/api/payments/${paid.payment.id}`, paid.client);
    expect(refunded.json()).toMatchObject({ status: 'partially_refunded', refundedMinor: 2500 });

    const unpaid = await paidBooking();
    await call('POST', `/api/bookings/${unpaid.booking.id}/cancel`, unpaid.client, {});
    const cancelled = await call('GET', `/api/payments/${unpaid.payment.id}`, unpaid.client);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundedMinor: 0 });
    await settings({ provider: 'manual', clientRefundPercent: 100 });
  });

  it('lists payments for the owner with filters, search and totals per currency', async () => {
    const { client, payment } = await paidBooking();
    await call('POST', `/api/admin/payments/${payment.id}/mark-paid`, owner, {});
    const all = adminPaymentsPageSchema.parse(
      (await call('GET', '/api/admin/payments', owner)).json(),
    );
    expect(all.totalPayments).toBeGreaterThanOrEqual(1);
    expect(all.totals.map((total) => total.currency)).toEqual(['USD']);
    const byClient = adminPaymentsPageSchema.parse(
      (
        await call('GET', `/api/admin/payments?q=${encodeURIComponent(client.user.email)}`, owner)
      ).json(),
    );
    expect(byClient).toMatchObject({ totalPayments: 1, currentPage: 1, totalPages: 1 });
    expect(byClient.payments[0]).toMatchObject({
      id: payment.id,
      client: { id: client.user.id, email: client.user.email },
      status: 'paid',
    });
    expect(byClient.totals).toEqual([{ currency: 'USD', paidMinor: 5000, refundedMinor: 0 }]);
    const byReceipt = await call(
      'GET',
      `/api/admin/payments?q=${byClient.payments[0]!.receiptNumber}&status=paid&provider=manual`,
      owner,
    );
    expect(byReceipt.json().payments.map((p: { id: string }) => p.id)).toEqual([payment.id]);
    const none = await call(
      'GET',
      `/api/admin/payments?status=refunded&q=${client.user.email}`,
      owner,
    );
    expect(none.json()).toMatchObject({ payments: [], totalPayments: 0, totals: [] });
    const bad = await call('GET', '/api/admin/payments?status=lost&page=0', owner);
    expect(bad.statusCode).toBe(400);
    const reversed = await call('GET', '/api/admin/payments?from=2026-05-02&to=2026-05-01', owner);
    expect(reversed.statusCode).toBe(400);
  });

  it('free bookings have no payment', async () => {
    const client = await signedInUser(t.app);
    day += 1;
    const res = await call('POST', '/api/bookings', client, {
      service: 'free-chat',
      start: slotAt(day, '10:00'),
    });
    expect(res.statusCode).toBe(201);
    expect((await call('GET', '/api/payments', client)).json()).toEqual({ payments: [] });
  });

  it('validates the payment settings, keeps the old ones on a refusal, and audits a change', async () => {
    const before = paymentSettingsViewSchema.parse(
      (await call('GET', '/api/admin/payment-settings', owner)).json(),
    );
    expect(before).toMatchObject({ stripeConfigured: false, activeProvider: 'manual' });
    const bad = await call('PUT', '/api/admin/payment-settings', owner, {
      clientRefundPercent: 150,
      taxRateBasisPoints: -1,
      businessName: 'Two\nlines',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'businessName',
      'clientRefundPercent',
      'taxRateBasisPoints',
    ]);
    const stripe = await call('PUT', '/api/admin/payment-settings', owner, { provider: 'stripe' });
    expect(stripe.statusCode).toBe(400);
    expect(stripe.json().errors.provider).toEqual([PAYMENT_MESSAGES.stripeNotConfigured]);
    const after = await call('GET', '/api/admin/payment-settings', owner);
    expect(after.json()).toEqual(before);
    const audited = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payments.settings'));
    expect(audited.length).toBeGreaterThan(0);
    expect(JSON.stringify(after.json())).not.toMatch(/sk_|whsec_/);
  });
});

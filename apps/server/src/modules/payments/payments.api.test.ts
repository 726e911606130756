import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  adminPaymentDetailSchema,
  adminPaymentsPageSchema,
  bookingRecordSchema,
  calendarDayIn,
  PAYMENT_MESSAGES,
  paymentDetailSchema,
  paymentSettingsViewSchema,
  paymentsListSchema,
  type PaymentSettingsInput,
  RECEIPT_NUMBER_TAKEN_PROBLEM_TYPE,
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
  /** How far the app's clock runs ahead of the real one (the void window's tests move it). */
  let clockAhead = 0;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({
      env: { SMTP_URL: peer.url, OWNER_EMAIL: 'owner@example.test' },
      adjustDeps: (deps) => ({ ...deps, clock: () => new Date(Date.now() + clockAhead) }),
    });
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
    await t.app.deps.mailer.deliverDue();
    return peer.waitForMail((m) => m.to.includes(address) && subject.test(m.subject));
  }

  /** The owner's today: openEveryDay schedules in UTC. */
  const ownerToday = () => calendarDayIn(new Date(Date.now() + clockAhead), 'UTC');

  async function markPaid(paymentId: string, body: object = { method: 'bank_transfer' }) {
    const res = await call('POST', `/api/admin/payments/${paymentId}/mark-paid`, owner, body);
    expect(res.statusCode, res.body).toBe(200);
    return adminPaymentDetailSchema.parse(res.json());
  }

  async function refund(paymentId: string, body: object = {}) {
    const res = await call('POST', `/api/admin/payments/${paymentId}/refund`, owner, body);
    expect(res.statusCode, res.body).toBe(200);
    return adminPaymentDetailSchema.parse(res.json());
  }

  const confirmSent = (paymentId: string, refundId: number, body: object) =>
    call('POST', `/api/admin/payments/${paymentId}/refunds/${refundId}/sent`, owner, body);

  async function owedIds() {
    const res = await call('GET', '/api/admin/payments?refunds=owed', owner);
    expect(res.statusCode, res.body).toBe(200);
    return adminPaymentsPageSchema.parse(res.json()).payments.map((p) => p.id);
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
    // The list carries them too, so /dash/payments shows how to pay as it first renders.
    const listed = () =>
      call('GET', '/api/payments', client).then((res) => paymentsListSchema.parse(res.json()));
    expect((await listed()).instructions).toBe(due.instructions);

    const before = adminPaymentDetailSchema.parse(
      (await call('GET', `/api/admin/payments/${payment.id}`, owner)).json(),
    );
    const year = new Date().getUTCFullYear();
    expect(before.nextReceiptNumber).toMatch(new RegExp(`^${year}-\\d{4,}$`));
    const dayBefore = ownerToday();
    const record = await markPaid(payment.id, {
      method: 'bank_transfer',
      note: 'Bank transfer seen on 23 Nov',
    });
    expect(record.receiptNumber).toBe(before.nextReceiptNumber);
    expect(record).toMatchObject({
      status: 'paid',
      note: 'Bank transfer seen on 23 Nov',
      paidMethod: 'bank_transfer',
      receiptVoid: false,
      nextReceiptNumber: null,
    });
    // The received day defaults to the owner's today.
    expect([dayBefore, ownerToday()]).toContain(record.receivedOn);
    expect(record.receipt.void).toBe(false);
    expect(record.voidableUntil).not.toBeNull();

    const detail = paymentDetailSchema.parse(
      (await call('GET', `/api/payments/${payment.id}`, client)).json(),
    );
    expect(detail.instructions).toBeNull();
    expect((await listed()).instructions).toBeNull();
    expect(detail).toMatchObject({ paidMethod: 'bank_transfer', receivedOn: record.receivedOn });
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
    const [row] = await t.app.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ paymentDue: false });
    expect(row!.paidAt).not.toBeNull();

    const mail = await mailTo(client.user.email, /^Receipt /);
    expect(mail.subject).toBe(`Receipt ${record.receiptNumber}: payment received`);
    expect(mail.links).toContain(`http://localhost:3000/dash/payments/${payment.id}/receipt`);
    expect(mail.text).toContain(`Booking reference: ${row!.reference}.`);

    const again = await call('POST', `/api/admin/payments/${payment.id}/mark-paid`, owner, {
      method: 'cash',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(PAYMENT_MESSAGES.notPending);
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.mark_paid'), eq(auditLog.target, payment.id)));
    expect(audit).toHaveLength(1);
  });

  it('receipt numbers follow each other without gaps', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { payment } = await paidBooking();
      const paid = await markPaid(payment.id, { method: 'cash' });
      numbers.push(Number(paid.receiptNumber!.split('-')[1]));
    }
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
  });

  it('a mark-paid whose promised receipt number another payment took records nothing (409) and names the next one', async () => {
    const first = await paidBooking();
    const second = await paidBooking();
    const shown = adminPaymentDetailSchema.parse(
      (await call('GET', `/api/admin/payments/${first.payment.id}`, owner)).json(),
    ).nextReceiptNumber!;
    const taken = await markPaid(second.payment.id, { method: 'cash', receiptNumber: shown });
    expect(taken.receiptNumber).toBe(shown);

    const url = `/api/admin/payments/${first.payment.id}/mark-paid`;
    const refused = await call('POST', url, owner, { method: 'cash', receiptNumber: shown });
    expect(refused.statusCode).toBe(409);
    const [, sequence] = shown.split('-');
    const next = `${shown.split('-')[0]}-${String(Number(sequence) + 1).padStart(4, '0')}`;
    expect(refused.json()).toMatchObject({
      type: RECEIPT_NUMBER_TAKEN_PROBLEM_TYPE,
      detail: PAYMENT_MESSAGES.receiptNumberTaken(shown, next),
      nextReceiptNumber: next,
    });
    const unchanged = adminPaymentDetailSchema.parse(
      (await call('GET', url.replace('/mark-paid', ''), owner)).json(),
    );
    expect(unchanged).toMatchObject({
      status: 'pending',
      receiptNumber: null,
      nextReceiptNumber: next,
    });

    // The refused attempt took no number: the one it named is the one issued.
    const paid = await markPaid(first.payment.id, { method: 'cash', receiptNumber: next });
    expect(paid.receiptNumber).toBe(next);
    const malformed = await call('POST', url, owner, { method: 'cash', receiptNumber: 'next' });
    expect(malformed.statusCode).toBe(400);
  });

  it('mark paid needs the method, refuses a received day in the future, and changes nothing then', async () => {
    const { payment } = await paidBooking();
    const url = `/api/admin/payments/${payment.id}/mark-paid`;
    const noMethod = await call('POST', url, owner, { note: 'Cash' });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().errors.method).toEqual([PAYMENT_MESSAGES.paymentMethodInvalid]);
    const badMethod = await call('POST', url, owner, { method: 'cheque' });
    expect(badMethod.statusCode).toBe(400);
    const tomorrow = calendarDayIn(new Date(Date.now() + clockAhead + 86_400_000), 'UTC');
    const future = await call('POST', url, owner, { method: 'cash', receivedOn: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json().detail).toBe(PAYMENT_MESSAGES.receivedOnFuture);
    expect(future.json().errors.receivedOn).toEqual([PAYMENT_MESSAGES.receivedOnFuture]);
    const badDay = await call('POST', url, owner, { method: 'cash', receivedOn: '2026-02-30' });
    expect(badDay.statusCode).toBe(400);
    const view = await call('GET', `/api/admin/payments/${payment.id}`, owner);
    expect(view.json()).toMatchObject({ status: 'pending', receiptNumber: null, paidMethod: null });
    const paid = await markPaid(payment.id, { method: 'other', receivedOn: '2026-01-15' });
    expect(paid).toMatchObject({ paidMethod: 'other', receivedOn: '2026-01-15', note: null });
  });

  it('a mistaken mark-paid is voided within 24 hours: due again, the receipt kept as void, the client told; paid again, a new number', async () => {
    const { client, booking, payment } = await paidBooking();
    const paid = await markPaid(payment.id, { method: 'cash', note: 'Wrong client' });
    const first = paid.receiptNumber!;
    const url = `/api/admin/payments/${payment.id}/void`;
    const noReason = await call('POST', url, owner, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toEqual([PAYMENT_MESSAGES.voidReasonRequired]);

    const res = await call('POST', url, owner, { reason: 'Marked the wrong booking' });
    expect(res.statusCode, res.body).toBe(200);
    const voided = adminPaymentDetailSchema.parse(res.json());
    expect(voided).toMatchObject({
      status: 'pending',
      receiptNumber: first,
      receiptVoid: true,
      paidAt: null,
      paidMethod: null,
      voidableUntil: null,
    });
    expect(voided.receipt).toMatchObject({ void: true, voidReason: 'Marked the wrong booking' });
    const [row] = await t.app.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ paymentDue: true, paidAt: null });
    const mine = paymentDetailSchema.parse(
      (await call('GET', `/api/payments/${payment.id}`, client)).json(),
    );
    expect(mine).toMatchObject({ status: 'pending', receiptVoid: true, receipt: { void: true } });
    expect(mine.instructions).not.toBeNull();
    const mail = await mailTo(client.user.email, /is void$/);
    expect(mail.subject).toBe(`Receipt ${first} is void`);
    expect(mail.text).toContain('shown as due again');
    const listed = adminPaymentsPageSchema.parse(
      (await call('GET', `/api/admin/payments?q=${first}`, owner)).json(),
    );
    expect(listed.payments.map((p) => [p.id, p.receiptVoid])).toEqual([[payment.id, true]]);

    const twice = await call('POST', url, owner, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(PAYMENT_MESSAGES.voidNotPaid);

    const again = await markPaid(payment.id, { method: 'bank_transfer' });
    expect(again.receiptNumber).not.toBe(first);
    expect(again.receiptNumber! > first).toBe(true);
    expect(again.receipt).toMatchObject({
      void: false,
      voidedReceipts: [{ number: first, reason: 'Marked the wrong booking' }],
    });
    // The voided number stays used: the next payment takes the number after the new one.
    const next = await paidBooking();
    const third = await markPaid(next.payment.id, { method: 'cash' });
    const seq = (n: string) => Number(n.split('-')[1]);
    expect(seq(third.receiptNumber!)).toBe(seq(again.receiptNumber!) + 1);
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.void'), eq(auditLog.target, payment.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({
      receiptNumber: first,
      reason: 'Marked the wrong booking',
    });
  });

  it('a mark-paid more than 24 hours old cannot be voided (409), nor one never marked paid', async () => {
    const { payment } = await paidBooking();
    const unpaid = await call('POST', `/api/admin/payments/${payment.id}/void`, owner, {
      reason: 'Nothing to void',
    });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().detail).toBe(PAYMENT_MESSAGES.voidNotPaid);
    await markPaid(payment.id, { method: 'cash' });
    try {
      clockAhead = 24 * 60 * 60 * 1000 + 60_000;
      const view = adminPaymentDetailSchema.parse(
        (await call('GET', `/api/admin/payments/${payment.id}`, owner)).json(),
      );
      expect(view.voidableUntil).toBeNull();
      const late = await call('POST', `/api/admin/payments/${payment.id}/void`, owner, {
        reason: 'Too late',
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().detail).toBe(PAYMENT_MESSAGES.voidTooLate);
    } finally {
      clockAhead = 0;
    }
    const still = await call('GET', `/api/admin/payments/${payment.id}`, owner);
    expect(still.json()).toMatchObject({ status: 'paid', receiptVoid: false });
  });

  it('a refund far beyond the payment, even beyond what a number holds, says the most that can be refunded', async () => {
    const { payment } = await paidBooking();
    await markPaid(payment.id);
    await refund(payment.id, { amountMinor: 2000 });
    const most = PAYMENT_MESSAGES.refundTooLarge('$30.00');
    for (const amount of ['3001', '10000000000000000', String(2 ** 53 + 2), '1e300']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${payment.id}/refund`,
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: `{"amountMinor": ${amount}}`,
      });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().detail, amount).toBe(most);
      expect(res.json().errors, amount).toEqual({ amountMinor: [most] });
    }
    const infinite = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refund`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"amountMinor": 1e400}',
    });
    expect(infinite.statusCode).toBe(400);
    expect(infinite.json().errors).toEqual({
      amountMinor: [PAYMENT_MESSAGES.refundBeyondAnyPayment],
    });
    for (const amount of [0, -5, -5.5]) {
      const res = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
        amountMinor: amount,
      });
      expect(res.json().errors.amountMinor, String(amount)).toEqual([
        PAYMENT_MESSAGES.refundAmountInvalid,
      ]);
    }
    const fraction = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
      amountMinor: 10.5,
    });
    expect(fraction.json().errors.amountMinor).toEqual([PAYMENT_MESSAGES.refundAmountNotWhole]);
    const after = await call('GET', `/api/admin/payments/${payment.id}`, owner);
    expect(after.json()).toMatchObject({ refundedMinor: 0, refundPendingMinor: 2000 });
  });

  it('a manual refund is owed until the owner confirms sending it; then it succeeds and the client is told how and when', async () => {
    const { client, payment } = await paidBooking();
    await markPaid(payment.id);
    const part = await refund(payment.id, { amountMinor: 2000, reason: 'Session ended early' });
    expect(part).toMatchObject({ status: 'paid', refundedMinor: 0, refundPendingMinor: 2000 });
    expect(part.receipt.refunds).toMatchObject([
      { amountMinor: 2000, status: 'pending', owed: true, sent: null },
    ]);
    const owedMail = await mailTo(client.user.email, /^A refund of \$20\.00 will be sent to you$/);
    expect(owedMail.text).toContain('It has not been sent yet');
    expect(owedMail.text).toMatch(/Booking reference: [0-9A-Z]{6}\./);
    expect(owedMail.text).toContain('Reason: Session ended early');
    expect(await owedIds()).toContain(payment.id);

    const tooMuch = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {
      amountMinor: 3001,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().detail).toBe(PAYMENT_MESSAGES.refundTooLarge('$30.00'));
    expect(tooMuch.json().errors.amountMinor).toEqual([PAYMENT_MESSAGES.refundTooLarge('$30.00')]);

    const rest = await refund(payment.id);
    expect(rest).toMatchObject({ status: 'paid', refundedMinor: 0, refundPendingMinor: 5000 });
    const nothing = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().detail).toBe(PAYMENT_MESSAGES.nothingLeftToRefund('$0.00', '$50.00'));

    const [first, second] = rest.receipt.refunds;
    const bad = [
      [{ sentOn: ownerToday() }, 400],
      [{ method: 'cheque', sentOn: ownerToday() }, 400],
      [{ method: 'cash' }, 400],
      [{ method: 'cash', sentOn: calendarDayIn(Date.now() + 2 * 86_400_000, 'UTC') }, 400],
    ] as const;
    for (const [body, status] of bad) {
      expect((await confirmSent(payment.id, first!.id, body)).statusCode).toBe(status);
    }
    expect(
      (await confirmSent(payment.id, 999_999_999, { method: 'cash', sentOn: ownerToday() }))
        .statusCode,
    ).toBe(404);
    expect(
      (await confirmSent(payment.id, Number.NaN, { method: 'cash', sentOn: ownerToday() }))
        .statusCode,
    ).toBe(404);

    const sentOn = ownerToday();
    const sent = await confirmSent(payment.id, first!.id, {
      method: 'bank_transfer',
      sentOn,
      note: 'Transfer ref 991',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const afterFirst = adminPaymentDetailSchema.parse(sent.json());
    expect(afterFirst).toMatchObject({
      status: 'partially_refunded',
      refundedMinor: 2000,
      refundPendingMinor: 3000,
      refundNotes: { [String(first!.id)]: 'Transfer ref 991' },
    });
    expect(afterFirst.receipt.refunds[0]).toMatchObject({
      status: 'succeeded',
      owed: false,
      sent: { method: 'bank_transfer', on: sentOn },
    });
    const sentMail = await mailTo(client.user.email, /^Refund of \$20\.00 sent$/);
    expect(sentMail.text).toContain('was sent back to you');
    expect(sentMail.text).toContain('bank transfer');
    expect((await confirmSent(payment.id, first!.id, { method: 'cash', sentOn })).statusCode).toBe(
      409,
    );
    expect(await owedIds()).toContain(payment.id);

    await confirmSent(payment.id, second!.id, { method: 'cash', sentOn });
    const done = adminPaymentDetailSchema.parse(
      (await call('GET', `/api/admin/payments/${payment.id}`, owner)).json(),
    );
    expect(done).toMatchObject({ status: 'refunded', refundedMinor: 5000, refundPendingMinor: 0 });
    expect(await owedIds()).not.toContain(payment.id);
    const all = await call('POST', `/api/admin/payments/${payment.id}/refund`, owner, {});
    expect(all.statusCode).toBe(400);
    expect(all.json().detail).toBe(PAYMENT_MESSAGES.nothingLeftToRefund('$50.00', null));

    const mine = paymentDetailSchema.parse(
      (await call('GET', `/api/payments/${payment.id}`, client)).json(),
    );
    expect(
      mine.receipt.refunds.map((r) => [r.amountMinor, r.reason, r.status, r.sent?.method]),
    ).toEqual([
      [2000, 'Session ended early', 'succeeded', 'bank_transfer'],
      [3000, null, 'succeeded', 'cash'],
    ]);
    expect(JSON.stringify(mine)).not.toContain('Transfer ref 991');
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund_sent'), eq(auditLog.target, payment.id)));
    expect(audit).toHaveLength(2);
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
    expect((await call('GET', '/api/payments', stranger)).json()).toEqual({
      payments: [],
      instructions: null,
    });
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
      ['POST', `/api/admin/payments/${payment.id}/void`],
      ['POST', `/api/admin/payments/${payment.id}/refunds/1/sent`],
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
    await markPaid(paid.payment.id);
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
    // Owed, not refunded: nobody has sent the money yet.
    const owed = paymentDetailSchema.parse(
      (await call('GET', `/api/payments/${paid.payment.id}`, paid.client)).json(),
    );
    expect(owed).toMatchObject({ status: 'paid', refundedMinor: 0, refundPendingMinor: 2500 });
    expect(owed.receipt.refunds).toMatchObject([
      { amountMinor: 2500, status: 'pending', owed: true },
    ]);
    const cancelMail = await mailTo(paid.client.user.email, /^Booking cancelled/);
    expect(cancelMail.text).toContain('Refund: $25.00 will be sent to you by');
    expect(cancelMail.text).not.toMatch(/is being returned|was sent/);
    const ownerCopy = await mailTo('owner@example.test', /^Booking cancelled/);
    expect(ownerCopy.text).toContain('Refund owed: $25.00');
    expect(ownerCopy.text).toContain('/admin/payments?refunds=owed');
    expect(await owedIds()).toContain(paid.payment.id);
    const confirmed = await confirmSent(paid.payment.id, owed.receipt.refunds[0]!.id, {
      method: 'bank_transfer',
      sentOn: ownerToday(),
    });
    expect(confirmed.json()).toMatchObject({ status: 'partially_refunded', refundedMinor: 2500 });
    await mailTo(paid.client.user.email, /^Refund of \$25\.00 sent$/);

    const unpaid = await paidBooking();
    await call('POST', `/api/bookings/${unpaid.booking.id}/cancel`, unpaid.client, {});
    const cancelled = await call('GET', `/api/payments/${unpaid.payment.id}`, unpaid.client);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundedMinor: 0 });
    await settings({ provider: 'manual', clientRefundPercent: 100 });
  });

  it('lists payments for the owner with filters, search and totals per currency', async () => {
    const { client, payment } = await paidBooking();
    await markPaid(payment.id);
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
    const badFilter = await call('GET', '/api/admin/payments?refunds=all', owner);
    expect(badFilter.statusCode).toBe(400);
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
    expect((await call('GET', '/api/payments', client)).json()).toEqual({
      payments: [],
      instructions: null,
    });
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
    const audited = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payments.settings'));
    expect(audited.length).toBeGreaterThan(0);
    expect(JSON.stringify(after.json())).not.toMatch(/sk_|whsec_/);
  });
});

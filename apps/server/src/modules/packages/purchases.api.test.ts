import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  adminPackageSchema,
  CREDIT_GRANT_FREE_PACKAGE_PROBLEM_TYPE,
  CREDIT_GRANT_MESSAGES,
  CREDIT_PURCHASE_NOT_PAID_PROBLEM_TYPE,
  CREDIT_TAKE_BACK_TOO_MANY_PROBLEM_TYPE,
  COUPON_REFUSAL_MESSAGES,
  COUPON_REFUSED_PROBLEM_TYPE,
  formatReceiptNumber,
  PACKAGE_MESSAGES,
  PAYMENT_MESSAGES,
  purchaseAnswerSchema,
  userCreditsSchema,
} from '@consult/shared';
import type { LightMyRequestResponse } from 'fastify';
import { signedInUser } from '../../test/accounts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { StripeDouble, type StripeEvent } from '../../test/stripe-double';
import { createStripeTestApp, type StripeTestApp } from '../../test/stripe-test-app';
import { auditLog } from '../audit/schema';
import { addService } from '../bookings/booking-test-setup';
import { payments } from '../payments/schema';
import { packageCreditEntries } from './schema';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
type Call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  who?: SignedIn,
  payload?: object,
) => Promise<LightMyRequestResponse>;

function caller(t: TestApp): Call {
  return (method, url, who, payload) =>
    t.app.inject({ method, url, headers: who?.headers, payload });
}

async function addPackage(call: Call, owner: SignedIn, fields: object = {}) {
  const res = await call('POST', '/api/admin/packages', owner, {
    title: 'Five coaching sessions',
    services: ['coaching'],
    sessions: 5,
    priceMinor: 35000,
    currency: 'USD',
    validityDays: 180,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminPackageSchema.parse(res.json());
}

describe('buying a package with manual payments', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let call: Call;
  let owner: SignedIn;
  let offer: Awaited<ReturnType<typeof addPackage>>;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url } });
    call = caller(t);
    await addService(t.app, { slug: 'coaching', priceMinor: 8000, currency: 'USD' });
    owner = await signedInUser(t.app, { role: 'admin' });
    offer = await addPackage(call, owner);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('waits as awaiting payment with no credits until the owner marks it paid; then a numbered receipt is mailed and the credits count from then', async () => {
    const client = await signedInUser(t.app);
    const res = await call('POST', `/api/packages/${offer.id}/purchase`, client, {});
    expect(res.statusCode, res.body).toBe(201);
    const { purchase, checkoutUrl } = purchaseAnswerSchema.parse(res.json());
    expect(checkoutUrl).toBeUndefined();
    expect(purchase).toMatchObject({
      state: 'pending_payment',
      provider: 'manual',
      creditsRemaining: 0,
      receiptNumber: null,
      expiresAt: null,
    });
    const before = userCreditsSchema.parse((await call('GET', '/api/user/credits', client)).json());
    expect(before.credits).toEqual([]);
    expect(before.purchases.map((p) => p.id)).toEqual([purchase.id]);
    // While it waits, the client is told how to pay it: the owner's instructions.
    expect(before.paymentInstructions).toEqual(expect.any(String));
    expect(before.paymentInstructions!.length).toBeGreaterThan(0);

    const paid = await call(
      'POST',
      `/api/admin/package-purchases/${purchase.id}/mark-paid`,
      owner,
      { method: 'bank_transfer' },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const receiptNumber = paid.json().receiptNumber as string;
    expect(receiptNumber).toBe(formatReceiptNumber(new Date().getUTCFullYear(), 1));
    expect(paid.json()).toMatchObject({ state: 'paid', creditsRemaining: 5 });

    const after = userCreditsSchema.parse((await call('GET', '/api/user/credits', client)).json());
    expect(after.paymentInstructions).toBeNull();
    expect(after.credits).toEqual([
      {
        purchaseId: purchase.id,
        packageTitle: offer.title,
        services: ['coaching'],
        remaining: 5,
        expiresAt: expect.any(String),
      },
    ]);
    const days = (Date.parse(after.credits[0]!.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179.9);
    expect(days).toBeLessThan(180.1);

    await t.app.deps.mailer.deliverDue();
    const mail = await peer.waitForMail((m) => m.subject?.includes(receiptNumber) ?? false);
    expect(mail.text).toContain(offer.title);

    const again = await call(
      'POST',
      `/api/admin/package-purchases/${purchase.id}/mark-paid`,
      owner,
      { method: 'cash' },
    );
    expect(again.statusCode).toBe(409);
    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.purchase_paid'), eq(auditLog.target, purchase.id)));
    expect(entry?.actorId).toBe(owner.user.id);
  });

  it('makes one purchase for one Idempotency-Key: a retry answers the same one, sent at once too; another request with the key is 422', async () => {
    const client = await signedInUser(t.app);
    const buy = (key: string, payload: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/packages/${offer.id}/purchase`,
        headers: { ...client.headers, 'idempotency-key': key },
        payload,
      });
    const first = await buy('buy-once');
    expect(first.statusCode, first.body).toBe(201);
    const again = await buy('buy-once');
    expect(again.statusCode).toBe(201);
    expect(again.json().purchase).toEqual(first.json().purchase);

    const raced = await Promise.all(Array.from({ length: 5 }, () => buy('raced')));
    expect(raced.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(raced.map((res) => res.json().purchase.id)).size).toBe(1);

    const other = await buy('buy-once', { couponCode: 'SPRING' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      detail: PACKAGE_MESSAGES.idempotencyKeyReused,
      errors: { 'idempotency-key': [PACKAGE_MESSAGES.idempotencyKeyReused] },
    });
    const credits = userCreditsSchema.parse(
      (await call('GET', '/api/user/credits', client)).json(),
    );
    expect(credits.purchases).toHaveLength(2);
  });

  it('gives a free package’s credits at once, with no payment and no receipt', async () => {
    const free = await addPackage(call, owner, { title: 'Trial', priceMinor: 0, sessions: 1 });
    const client = await signedInUser(t.app);
    const res = await call('POST', `/api/packages/${free.id}/purchase`, client, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().purchase).toMatchObject({
      state: 'paid',
      provider: null,
      paymentId: null,
      creditsRemaining: 1,
    });
  });

  it('does not sell a retired package (409) nor an unknown one (404); a discount code is refused in plain words', async () => {
    const client = await signedInUser(t.app);
    const retired = await addPackage(call, owner, { title: 'Retired', active: false });
    const res = await call('POST', `/api/packages/${retired.id}/purchase`, client, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(PACKAGE_MESSAGES.notForSale);
    for (const id of [crypto.randomUUID(), 'nope']) {
      expect((await call('POST', `/api/packages/${id}/purchase`, client, {})).statusCode).toBe(404);
    }
    const coupon = await call('POST', `/api/packages/${offer.id}/purchase`, client, {
      couponCode: 'SPRING',
    });
    expect(coupon.statusCode).toBe(409);
    expect(coupon.json()).toMatchObject({
      type: COUPON_REFUSED_PROBLEM_TYPE,
      reason: 'unknown',
      errors: { couponCode: [COUPON_REFUSAL_MESSAGES.unknown] },
    });
    expect(
      (await call('POST', `/api/packages/${offer.id}/purchase`, undefined, {})).statusCode,
    ).toBe(401);
  });

  it('lets the owner grant a package and give or take back credits, audited; another client’s purchase is 404', async () => {
    const client = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const grant = await call('POST', `/api/admin/users/${client.user.id}/credits`, owner, {
      packageId: offer.id,
      delta: 2,
      reason: 'Goodwill after a missed call',
    });
    expect(grant.statusCode, grant.body).toBe(201);
    const granted = grant.json().purchase;
    expect(granted).toMatchObject({
      state: 'paid',
      granted: true,
      creditsRemaining: 2,
      priceMinor: 0,
    });

    const back = await call('POST', `/api/admin/users/${client.user.id}/credits`, owner, {
      purchaseId: granted.id,
      delta: -1,
      reason: 'Given twice by mistake',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().purchase.creditsRemaining).toBe(1);

    const tooMany = await call('POST', `/api/admin/users/${client.user.id}/credits`, owner, {
      purchaseId: granted.id,
      delta: -2,
      reason: 'More than is left',
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toBe(PACKAGE_MESSAGES.creditTakeBackTooMany);

    const foreign = await call('POST', `/api/admin/users/${other.user.id}/credits`, owner, {
      purchaseId: granted.id,
      delta: 1,
      reason: 'Wrong client',
    });
    expect(foreign.statusCode).toBe(404);

    const ledger = await t.app.deps.db
      .select()
      .from(packageCreditEntries)
      .where(eq(packageCreditEntries.purchaseId, granted.id));
    expect(ledger.map((e) => [e.reason, e.delta])).toEqual([
      ['grant', 2],
      ['take_back', -1],
    ]);
    const audited = await t.app.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, owner.user.id));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['package.grant', 'package.credits_take_back']),
    );

    const bad = await call('POST', `/api/admin/users/${client.user.id}/credits`, owner, {
      packageId: offer.id,
      purchaseId: granted.id,
      delta: 1,
      reason: 'Both',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.purchaseId).toEqual([PACKAGE_MESSAGES.creditTargetRequired]);
    expect(
      (
        await call('POST', `/api/admin/users/${client.user.id}/credits`, client, {
          packageId: offer.id,
          delta: 1,
          reason: 'Self-service',
        })
      ).statusCode,
    ).toBe(403);
    // Reading a client's credits: an unknown or malformed id is a 404, never a 500.
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      expect((await call('GET', `/api/admin/users/${id}/credits`, owner)).statusCode).toBe(404);
    }
  });
  it('grants a package paid by hand: paid at the package’s price, the next gap-free receipt mailed, audited; a free grant has no payment', async () => {
    const client = await signedInUser(t.app);
    const numbered = await t.app.deps.db
      .select({ receiptNumber: payments.receiptNumber })
      .from(payments);
    const year = new Date().getUTCFullYear();
    const next = formatReceiptNumber(
      year,
      numbered.filter((p) => p.receiptNumber?.startsWith(`${year}-`)).length + 1,
    );
    const res = await call('POST', `/api/admin/users/${client.user.id}/credits`, owner, {
      packageId: offer.id,
      delta: 5,
      reason: 'Paid in cash at the workshop',
      paidByHand: { method: 'cash' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const purchase = res.json().purchase;
    expect(purchase).toMatchObject({
      state: 'paid',
      granted: true,
      provider: 'manual',
      priceMinor: 35000,
      currency: 'USD',
      creditsRemaining: 5,
      receiptNumber: next,
    });
    const [payment] = await t.app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.id, purchase.paymentId));
    expect(payment).toMatchObject({
      purpose: 'package',
      status: 'paid',
      provider: 'manual',
      amountMinor: 35000,
      receiptNumber: next,
      paidMethod: 'cash',
    });
    // Money came in: the credits were bought, not given.
    const ledger = await t.app.deps.db
      .select()
      .from(packageCreditEntries)
      .where(eq(packageCreditEntries.purchaseId, purchase.id));
    expect(ledger.map((e) => [e.reason, e.delta, e.actorId])).toEqual([
      ['purchase', 5, owner.user.id],
    ]);
    const [audited] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'package.grant'), eq(auditLog.target, purchase.id)));
    expect(audited?.details).toMatchObject({
      reason: 'Paid in cash at the workshop',
      paidByHand: { receiptNumber: next, amountMinor: 35000, method: 'cash' },
    });
    await t.app.deps.mailer.deliverDue();
    const mail = await peer.waitForMail((m) => m.subject?.includes(next) ?? false);
    expect(mail.to).toContain(client.user.email);
    expect(mail.text).toContain(offer.title);

    const free = await call('POST', `/api/admin/users/${client.user.id}/credits`, owner, {
      packageId: offer.id,
      delta: 1,
      reason: 'A thank-you session',
    });
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().purchase).toMatchObject({
      priceMinor: 0,
      paymentId: null,
      provider: null,
      receiptNumber: null,
      granted: true,
    });
    const [freeAudit] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'package.grant'), eq(auditLog.target, free.json().purchase.id)),
      );
    expect(freeAudit?.details).toMatchObject({ paidByHand: null });
  });

  it('refuses a grant paid by hand that cannot be true, recording nothing: a free package, other credits than the package’s, an existing purchase', async () => {
    const client = await signedInUser(t.app);
    const free = await addPackage(call, owner, { title: 'Free trial', priceMinor: 0, sessions: 1 });
    const countPayments = async () => (await t.app.deps.db.select().from(payments)).length;
    const before = await countPayments();
    const url = `/api/admin/users/${client.user.id}/credits`;

    const ofFree = await call('POST', url, owner, {
      packageId: free.id,
      delta: 1,
      reason: 'Paid for nothing',
      paidByHand: { method: 'cash' },
    });
    expect(ofFree.statusCode).toBe(409);
    expect(ofFree.json()).toMatchObject({
      type: CREDIT_GRANT_FREE_PACKAGE_PROBLEM_TYPE,
      detail: CREDIT_GRANT_MESSAGES.creditGrantOfFreePackage,
    });

    const fewer = await call('POST', url, owner, {
      packageId: offer.id,
      delta: 3,
      reason: 'Three of five',
      paidByHand: { method: 'cash' },
    });
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().errors.delta).toEqual([CREDIT_GRANT_MESSAGES.creditPaidGrantSessions(5)]);

    const onPurchase = await call('POST', url, owner, {
      purchaseId: crypto.randomUUID(),
      delta: 1,
      reason: 'Paid for one more',
      paidByHand: { method: 'cash' },
    });
    expect(onPurchase.statusCode).toBe(400);
    expect(onPurchase.json().errors.paidByHand).toEqual([
      CREDIT_GRANT_MESSAGES.creditPaidByHandNeedsPackage,
    ]);

    const noMethod = await call('POST', url, owner, {
      packageId: offer.id,
      delta: 5,
      reason: 'How?',
      paidByHand: {},
    });
    expect(noMethod.statusCode).toBe(400);

    expect(await countPayments()).toBe(before);
    const credits = userCreditsSchema.parse((await call('GET', url, owner)).json());
    expect(credits.purchases).toEqual([]);
  });

  it('names each refusal of a hand adjustment by its problem type', async () => {
    const client = await signedInUser(t.app);
    const bought = await call('POST', `/api/packages/${offer.id}/purchase`, client, {});
    const pending = bought.json().purchase;
    const url = `/api/admin/users/${client.user.id}/credits`;
    const notPaid = await call('POST', url, owner, {
      purchaseId: pending.id,
      delta: 1,
      reason: 'Before payment',
    });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().type).toBe(CREDIT_PURCHASE_NOT_PAID_PROBLEM_TYPE);

    const grant = await call('POST', url, owner, {
      packageId: offer.id,
      delta: 1,
      reason: 'One',
    });
    const tooMany = await call('POST', url, owner, {
      purchaseId: grant.json().purchase.id,
      delta: -2,
      reason: 'Two of one',
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().type).toBe(CREDIT_TAKE_BACK_TOO_MANY_PROBLEM_TYPE);
  });
});

describe('buying a package with Stripe', () => {
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

  async function startPurchase() {
    const client = await signedInUser(t.app);
    const res = await call('POST', `/api/packages/${offer.id}/purchase`, client, {});
    expect(res.statusCode, res.body).toBe(201);
    const answer = purchaseAnswerSchema.parse(res.json());
    const session = [...t.stripe.sessions.values()].find((s) => s.url === answer.checkoutUrl)!;
    return { client, ...answer, session };
  }

  it('sends the client to a Checkout Session of the package’s price; the webhook, applied once, makes it paid with a receipt and credits', async () => {
    const { client, purchase, session } = await startPurchase();
    expect(purchase).toMatchObject({ state: 'pending_payment', provider: 'stripe' });
    expect(session).toMatchObject({ amount_total: 35000, currency: 'usd' });
    expect(session.metadata).toMatchObject({ purpose: 'package', purchaseId: purchase.id });

    const event = t.stripe.pay(session.id);
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    const credits = userCreditsSchema.parse(
      (await call('GET', '/api/user/credits', client)).json(),
    );
    expect(credits.credits).toHaveLength(1);
    expect(credits.credits[0]!.remaining).toBe(5);
    const bought = credits.purchases[0]!;
    expect(bought).toMatchObject({
      state: 'paid',
      receiptNumber: expect.stringMatching(/^\d{4}-/),
    });
    const ledger = await t.app.deps.db
      .select()
      .from(packageCreditEntries)
      .where(eq(packageCreditEntries.purchaseId, purchase.id));
    expect(ledger).toHaveLength(1);
    const [payment] = await t.app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.id, purchase.paymentId!));
    expect(payment).toMatchObject({ purpose: 'package', bookingId: null, status: 'paid' });
  });

  it('answers a retried request (the same Idempotency-Key) with the same purchase and its open checkout', async () => {
    const client = await signedInUser(t.app);
    const buy = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/packages/${offer.id}/purchase`,
        headers: { ...client.headers, 'idempotency-key': 'card-once' },
        payload: {},
      });
    const first = purchaseAnswerSchema.parse((await buy()).json());
    const sessionsBefore = t.stripe.sessions.size;
    const again = await buy();
    expect(again.statusCode).toBe(201);
    expect(purchaseAnswerSchema.parse(again.json())).toEqual(first);
    expect(t.stripe.sessions.size).toBe(sessionsBefore);

    // Once its checkout has ended, the retry still names the purchase, with nowhere to pay.
    const session = [...t.stripe.sessions.values()].find((s) => s.url === first.checkoutUrl)!;
    expect((await webhook(t.stripe.expire(session.id))).statusCode).toBe(200);
    const late = purchaseAnswerSchema.parse((await buy()).json());
    expect(late.checkoutUrl).toBeUndefined();
    expect(late.purchase).toMatchObject({ id: first.purchase.id, state: 'cancelled' });
  });

  it('cancels the purchase when its Checkout Session expires unpaid', async () => {
    const { client, session } = await startPurchase();
    expect((await webhook(t.stripe.expire(session.id))).statusCode).toBe(200);
    const credits = userCreditsSchema.parse(
      (await call('GET', '/api/user/credits', client)).json(),
    );
    expect(credits.purchases[0]).toMatchObject({ state: 'cancelled', creditsRemaining: 0 });
    expect(credits.credits).toEqual([]);
  });

  it('answers 503 and leaves no purchase awaiting payment when Stripe cannot be reached', async () => {
    const client = await signedInUser(t.app);
    t.stripe.failing = true;
    try {
      const res = await call('POST', `/api/packages/${offer.id}/purchase`, client, {});
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe(PAYMENT_MESSAGES.paymentUnavailable);
    } finally {
      t.stripe.failing = false;
    }
    const credits = userCreditsSchema.parse(
      (await call('GET', '/api/user/credits', client)).json(),
    );
    expect(credits.purchases.map((p) => p.state)).toEqual(['cancelled']);
  });
});

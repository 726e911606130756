/**
 * Buying packages and the credits they give (issue 24). A purchase is paid like a booking: by
 * Stripe's Checkout (the webhook calls `packagePaymentHooks`) or by hand (the owner marks it paid),
 * each with its gap-free receipt; a free package, or one the owner grants, is paid at once. Credits
 * exist only once the purchase is paid, and count down from the package's sessions.
 */
import {
  CREDIT_GRANT_FREE_PACKAGE_PROBLEM_TYPE,
  normalizeCouponCode,
  CREDIT_GRANT_MESSAGES,
  CREDIT_PURCHASE_NOT_PAID_PROBLEM_TYPE,
  CREDIT_TAKE_BACK_TOO_MANY_PROBLEM_TYPE,
  DAY_MS,
  formatMoney,
  PACKAGE_MESSAGES,
  PAYMENT_MESSAGES,
  paths,
  type Credit,
  type MarkPaidInput,
  type PackagePurchase,
  type PurchaseAnswer,
  type UserCredits,
  type creditAdjustmentSchema,
} from '@consult/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/database-errors';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { auditChange, insertAuditEntry } from '../audit';
import {
  cancelPackagePayment,
  creditsCoveredBy,
  loadPaymentSettings,
  manualReceiptOf,
  openPackageCheckoutUrl,
  openPackagePayment,
  providerForPackage,
  receivePackagePayment,
  startPackageCheckout,
  type PackagePaymentHooks,
  type PaymentRow,
} from '../payments';
import { findUserById } from '../users';
import { lockPackage } from './packages-repository';
import {
  creditsOfRefund,
  creditsWithdrawnByRefunds,
  findPurchase,
  findPurchaseByIdempotencyKey,
  insertCreditEntry,
  insertPurchase,
  listCreditUsesOfClient,
  listPurchasesOfClient,
  listUsableCredits,
  lockPurchase,
  lockPurchaseOfPayment,
  paymentTitleMatches,
  purchasesOfPayments,
  updatePurchase,
  type PurchaseRow,
  type PurchaseWithPayment,
} from './purchases-repository';

type CreditAdjustment = z.output<typeof creditAdjustmentSchema>;

export function toPackagePurchase({ purchase, payment }: PurchaseWithPayment): PackagePurchase {
  return {
    id: purchase.id,
    packageId: purchase.packageId,
    packageTitle: purchase.title,
    sessions: purchase.sessions,
    priceMinor: purchase.priceMinor,
    currency: purchase.currency,
    validityDays: purchase.validityDays,
    state: purchase.state,
    provider: payment?.provider ?? null,
    paymentId: purchase.paymentId,
    receiptNumber: payment?.receiptNumber ?? null,
    creditsRemaining: purchase.creditsRemaining,
    granted: purchase.grantedBy !== null,
    paidAt: purchase.paidAt?.toISOString() ?? null,
    expiresAt: purchase.expiresAt?.toISOString() ?? null,
    createdAt: purchase.createdAt.toISOString(),
  };
}

async function viewPurchase(db: Db, id: string): Promise<PackagePurchase> {
  return toPackagePurchase((await findPurchase(db, id))!);
}

/**
 * The purchase is paid: its credits are given, counted from now for the package's validity, and
 * the ledger says where they came from.
 */
async function activatePurchase(
  tx: Tx,
  purchase: PurchaseRow,
  now: Date,
  actorId: string | null,
): Promise<PurchaseRow> {
  const expiresAt =
    purchase.validityDays === null
      ? null
      : new Date(now.getTime() + purchase.validityDays * DAY_MS);
  const paid = await updatePurchase(tx, purchase.id, {
    state: 'paid',
    paidAt: now,
    expiresAt,
    creditsRemaining: purchase.sessions,
  });
  // A grant paid by hand has a payment: its credits were bought, as a purchase's are.
  await insertCreditEntry(tx, {
    purchaseId: purchase.id,
    delta: purchase.sessions,
    reason: purchase.grantedBy && !purchase.paymentId ? 'grant' : 'purchase',
    actorId,
  });
  return paid;
}

/** A 404 for a package that does not exist or is retired would hide why: retired is a 409. */
async function packageForSale(tx: Tx, id: string) {
  const found = isUuid(id) ? await lockPackage(tx, id) : undefined;
  if (!found) throw new HttpProblem(404, PACKAGE_MESSAGES.unknown);
  if (!found.active) throw new HttpProblem(409, PACKAGE_MESSAGES.notForSale);
  return found;
}

/**
 * POST /api/packages/:id/purchase. With Stripe the client is sent to its Checkout (the purchase
 * waits as `pending_payment`); with manual payments it waits for the owner to mark it paid; a free
 * package (or one a discount code makes free) is paid at once. A checkout that cannot be started
 * cancels the purchase (503), so no purchase is left that nobody can pay, and its code's use is
 * released with it.
 */
export async function purchasePackage(
  deps: Pick<AppDeps, 'db' | 'log' | 'payments' | 'config' | 'clock' | 'discountCodes'>,
  client: { id: string; email: string },
  packageId: string,
  input: { couponCode?: string | undefined; idempotencyKey?: string | undefined },
): Promise<PurchaseAnswer> {
  const key = input.idempotencyKey;
  const fingerprint = purchaseFingerprint(packageId, input.couponCode);
  if (key !== undefined) {
    const existing = await findPurchaseByIdempotencyKey(deps.db, client.id, key);
    if (existing) return replayPurchase(deps, existing, fingerprint);
  }
  try {
    return await newPurchase(deps, client, packageId, input.couponCode, key, fingerprint);
  } catch (error) {
    // The same request sent twice at once: the first one's purchase took the key.
    const winner =
      key !== undefined && isUniqueViolation(error)
        ? await findPurchaseByIdempotencyKey(deps.db, client.id, key)
        : undefined;
    if (winner) return replayPurchase(deps, winner, fingerprint);
    throw error;
  }
}

/** What a purchase request asked for: a retry with the same key must ask for exactly this again. */
function purchaseFingerprint(packageId: string, couponCode: string | undefined): string {
  return `${packageId}|${couponCode === undefined ? '' : `code:${normalizeCouponCode(couponCode)}`}`;
}

/**
 * The answer to a retried purchase request (its Idempotency-Key already made one): the same
 * purchase, with its open checkout while it waits for a card payment; 422 for another request.
 */
async function replayPurchase(
  deps: Pick<AppDeps, 'db' | 'log' | 'payments' | 'discountCodes'>,
  existing: PurchaseRow,
  fingerprint: string,
): Promise<PurchaseAnswer> {
  if (existing.requestFingerprint !== fingerprint) {
    throw new HttpProblem(422, PACKAGE_MESSAGES.idempotencyKeyReused, {
      errors: { 'idempotency-key': [PACKAGE_MESSAGES.idempotencyKeyReused] },
    });
  }
  const purchase = {
    ...(await viewPurchase(deps.db, existing.id)),
    discount: await deps.discountCodes.discountOfPurchase(deps.db, existing.id),
  };
  const checkoutUrl =
    existing.state === 'pending_payment' && existing.paymentId
      ? await openPackageCheckoutUrl(deps, existing.paymentId)
      : undefined;
  return checkoutUrl ? { purchase, checkoutUrl } : { purchase };
}

async function newPurchase(
  deps: Pick<AppDeps, 'db' | 'log' | 'payments' | 'config' | 'clock' | 'discountCodes'>,
  client: { id: string; email: string },
  packageId: string,
  couponCode: string | undefined,
  key: string | undefined,
  fingerprint: string,
): Promise<PurchaseAnswer> {
  const now = deps.clock();
  const { purchase, provider, discount } = await deps.db.transaction(async (tx) => {
    const offer = await packageForSale(tx, packageId);
    // A discount code lowers the price the purchase is made at (its payment, Stripe's amount);
    // a 409 when it cannot be used, and nothing is bought (issue 24, decision 063).
    const applied =
      couponCode !== undefined
        ? await deps.discountCodes.applyCode(tx, {
            code: couponCode,
            clientId: client.id,
            target: { kind: 'package', packageId: offer.id },
            priceMinor: offer.priceMinor,
            currency: offer.currency,
            now,
          })
        : null;
    const priceMinor = applied?.totalMinor ?? offer.priceMinor;
    const discount = applied && {
      code: applied.code,
      originalMinor: applied.originalMinor,
      discountMinor: applied.discountMinor,
    };
    const terms = {
      packageId: offer.id,
      clientId: client.id,
      title: offer.title,
      sessions: offer.sessions,
      priceMinor,
      currency: offer.currency,
      validityDays: offer.validityDays,
      idempotencyKey: key ?? null,
      requestFingerprint: key !== undefined ? fingerprint : null,
    };
    if (priceMinor === 0) {
      const bought = await insertPurchase(tx, { ...terms, state: 'pending_payment' });
      if (applied) await deps.discountCodes.recordUse(tx, applied, { purchaseId: bought.id });
      return {
        purchase: await activatePurchase(tx, bought, now, null),
        provider: null,
        discount,
      };
    }
    const provider = await providerForPackage(deps, tx);
    const payment = await openPackagePayment(
      tx,
      {
        clientId: client.id,
        amountMinor: priceMinor,
        currency: offer.currency,
        ...(applied && {
          discount: { code: applied.code, discountMinor: applied.discountMinor },
        }),
      },
      provider,
    );
    const bought = await insertPurchase(tx, {
      ...terms,
      state: 'pending_payment',
      paymentId: payment.id,
    });
    if (applied) await deps.discountCodes.recordUse(tx, applied, { purchaseId: bought.id });
    return { purchase: bought, provider, discount };
  });
  const answered = async () => ({
    ...(await viewPurchase(deps.db, purchase.id)),
    discount,
  });
  if (provider !== 'stripe' || !purchase.paymentId) {
    return { purchase: await answered() };
  }
  try {
    const checkoutUrl = await startPackageCheckout(
      deps,
      { id: purchase.id, title: purchase.title, paymentId: purchase.paymentId },
      client,
      `${paths.dashboard}?purchase=${purchase.id}`,
    );
    return { purchase: await answered(), checkoutUrl };
  } catch (error) {
    await deps.db.transaction(async (tx) => {
      const locked = await lockPurchase(tx, purchase.id);
      if (locked?.state !== 'pending_payment') return;
      await updatePurchase(tx, locked.id, { state: 'cancelled' });
      await cancelPackagePayment(tx, purchase.paymentId!);
    });
    throw error;
  }
}

/** The owner marks a manual purchase paid (issue 24): its receipt, its credits, audited. */
export async function markPurchasePaid(
  deps: Pick<AppDeps, 'db' | 'log' | 'mailer' | 'config' | 'clock' | 'ownerTimeZone'>,
  ownerId: string,
  purchaseId: string,
  input: MarkPaidInput,
): Promise<PackagePurchase> {
  const now = deps.clock();
  const receipt = await manualReceiptOf(deps, deps.db, now, input);
  await deps.db.transaction(async (tx) => {
    const purchase = isUuid(purchaseId) ? await lockPurchase(tx, purchaseId) : undefined;
    if (!purchase) throw new HttpProblem(404, PACKAGE_MESSAGES.purchaseUnknown);
    if (purchase.state !== 'pending_payment' || !purchase.paymentId) {
      throw new HttpProblem(409, PACKAGE_MESSAGES.purchaseNotPending);
    }
    const client = await findUserById(tx, purchase.clientId);
    if (!client) throw new HttpProblem(404, PACKAGE_MESSAGES.purchaseUnknown);
    const paid = await receivePackagePayment(deps, tx, purchase.paymentId, purchase, client, {
      now,
      manual: receipt,
    });
    await activatePurchase(tx, purchase, now, ownerId);
    await insertAuditEntry(tx, {
      actorId: ownerId,
      action: 'package.purchase_paid',
      target: purchase.id,
      details: {
        ...auditChange({ state: purchase.state }, { state: 'paid' }),
        paymentId: paid.id,
        receiptNumber: paid.receiptNumber,
        method: receipt.method,
        receivedOn: receipt.receivedOn,
      },
    });
  });
  return viewPurchase(deps.db, purchaseId);
}

/** The payments module's side of a package purchase (`deps.packagePayments`). */
export const packagePaymentHooks: PackagePaymentHooks = {
  async purchasePaid(deps, tx, payment: PaymentRow, options) {
    const purchase = await lockPurchaseOfPayment(tx, payment.id);
    const client = purchase && (await findUserById(tx, purchase.clientId));
    if (!purchase || !client || purchase.state !== 'pending_payment') {
      deps.log.error({ paymentId: payment.id }, 'a package payment names no purchase awaiting it');
      return;
    }
    await receivePackagePayment(deps, tx, payment.id, purchase, client, options);
    await activatePurchase(tx, purchase, options.now, null);
  },
  async purchaseCancelled(tx, paymentId) {
    const purchase = await lockPurchaseOfPayment(tx, paymentId);
    if (purchase?.state === 'pending_payment') {
      await updatePurchase(tx, purchase.id, { state: 'cancelled' });
    }
  },

  async purchasesOfPayments(db, paymentIds) {
    const rows = await purchasesOfPayments(db, paymentIds);
    return new Map(
      [...rows].map(([paymentId, purchase]) => [
        paymentId,
        {
          purchaseId: purchase.id,
          title: purchase.title,
          sessions: purchase.sessions,
          creditsRemaining: purchase.creditsRemaining,
          state: purchase.state,
        },
      ]),
    );
  },

  paymentTitleMatches,

  async refundRecorded(tx, payment, refund) {
    const purchase = await lockPurchaseOfPayment(tx, payment.id);
    if (!purchase) return null;
    // Everything refunded or on its way once this refund is counted: what its credits must cover.
    const refundedMinor = payment.refundedMinor + payment.refundPendingMinor + refund.amountMinor;
    const covered = creditsCoveredBy(refundedMinor, payment.amountMinor, purchase.sessions);
    const already = await creditsWithdrawnByRefunds(tx, purchase.id);
    const withdrawn = Math.min(purchase.creditsRemaining, Math.max(0, covered - already));
    const whole = refundedMinor >= payment.amountMinor;
    const after = await updatePurchase(tx, purchase.id, {
      creditsRemaining: purchase.creditsRemaining - withdrawn,
      ...(whole && purchase.state === 'paid' ? { state: 'refunded' as const } : {}),
    });
    if (withdrawn > 0) {
      await insertCreditEntry(tx, {
        purchaseId: purchase.id,
        delta: -withdrawn,
        reason: 'refund',
        refundId: refund.id,
        actorId: refund.actorId,
        note: PAYMENT_MESSAGES.packageRefundWithdrew(
          withdrawn,
          formatMoney(refund.amountMinor, payment.currency),
        ),
      });
    }
    return {
      purchaseId: purchase.id,
      creditsWithdrawn: withdrawn,
      creditsRemaining: after.creditsRemaining,
      state: after.state,
    };
  },

  async refundFailed(tx, payment, refundId) {
    const purchase = await lockPurchaseOfPayment(tx, payment.id);
    if (!purchase) return;
    const taken = await creditsOfRefund(tx, refundId);
    const restored = Math.max(0, taken?.withdrawn ?? 0);
    const stillWhole = payment.refundedMinor + payment.refundPendingMinor >= payment.amountMinor;
    const reopen = purchase.state === 'refunded' && !stillWhole;
    if (restored === 0 && !reopen) return;
    await updatePurchase(tx, purchase.id, {
      creditsRemaining: purchase.creditsRemaining + restored,
      ...(reopen ? { state: 'paid' as const } : {}),
    });
    if (restored > 0) {
      await insertCreditEntry(tx, {
        purchaseId: purchase.id,
        delta: restored,
        reason: 'refund',
        refundId,
        note: PAYMENT_MESSAGES.packageRefundFailed(restored),
      });
    }
  },
};

/**
 * A client's credits usable now (oldest expiry first) and every purchase of theirs, with the
 * owner's instructions for paying by hand while a purchase waits for such a payment.
 */
/** A client's credits as the owner reads them: an unknown or malformed id is a 404. */
export async function clientCreditsOf(db: Db, userId: string, now: Date): Promise<UserCredits> {
  const client = isUuid(userId) ? await findUserById(db, userId) : undefined;
  if (!client) throw new HttpProblem(404, PACKAGE_MESSAGES.userUnknown);
  return creditsOf(db, client.id, now);
}

export async function creditsOf(db: Db, clientId: string, now: Date): Promise<UserCredits> {
  const [usable, purchases, uses] = await Promise.all([
    listUsableCredits(db, clientId, now),
    listPurchasesOfClient(db, clientId),
    listCreditUsesOfClient(db, clientId),
  ]);
  const view = purchases.map(toPackagePurchase);
  const payingByHand = view.some(
    (purchase) => purchase.state === 'pending_payment' && purchase.provider === 'manual',
  );
  const credits: Credit[] = usable.map(({ purchase, services }) => ({
    purchaseId: purchase.id,
    packageTitle: purchase.title,
    services,
    remaining: purchase.creditsRemaining,
    expiresAt: purchase.expiresAt?.toISOString() ?? null,
  }));
  return {
    credits,
    purchases: view,
    paymentInstructions: payingByHand ? (await loadPaymentSettings(db)).manualInstructions : null,
    uses: uses.map((use) => ({
      purchaseId: use.purchaseId,
      bookingId: use.bookingId,
      reference: use.reference,
      serviceTitle: use.serviceTitle,
      start: use.startAt.toISOString(),
      outcome: use.settled === 'returned' || use.settled === 'forfeited' ? use.settled : 'used',
    })),
  };
}

/**
 * POST /api/admin/users/:id/credits: credits added to or taken back from one of the client's paid
 * purchases, or a package granted: free (price 0, no payment, no receipt) or paid by hand (a paid
 * purchase at the package's price, with a manual payment and its gap-free receipt mailed, as a
 * purchase marked paid has). Audited, with the owner's reason in the ledger.
 */
export async function adjustCredits(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'mailer' | 'config' | 'ownerTimeZone'>,
  ownerId: string,
  userId: string,
  input: CreditAdjustment,
): Promise<PackagePurchase> {
  const now = deps.clock();
  const receipt = input.paidByHand && (await manualReceiptOf(deps, deps.db, now, input.paidByHand));
  const id = await deps.db.transaction(async (tx) => {
    const client = isUuid(userId) ? await findUserById(tx, userId) : undefined;
    if (!client) throw new HttpProblem(404, PACKAGE_MESSAGES.userUnknown);
    if (input.packageId !== undefined) {
      const offer = isUuid(input.packageId) ? await lockPackage(tx, input.packageId) : undefined;
      if (!offer) throw new HttpProblem(404, PACKAGE_MESSAGES.unknown);
      if (receipt && offer.priceMinor === 0) {
        throw new HttpProblem(409, CREDIT_GRANT_MESSAGES.creditGrantOfFreePackage, {
          type: CREDIT_GRANT_FREE_PACKAGE_PROBLEM_TYPE,
        });
      }
      // Paid at the package's price, it gives the package's credits: the receipt says what was sold.
      if (receipt && input.delta !== offer.sessions) {
        const message = CREDIT_GRANT_MESSAGES.creditPaidGrantSessions(offer.sessions);
        throw new HttpProblem(400, message, { errors: { delta: [message] } });
      }
      const payment =
        receipt &&
        (await openPackagePayment(
          tx,
          { clientId: client.id, amountMinor: offer.priceMinor, currency: offer.currency },
          'manual',
        ));
      const granted = await insertPurchase(tx, {
        packageId: offer.id,
        clientId: client.id,
        title: offer.title,
        sessions: input.delta,
        priceMinor: payment ? offer.priceMinor : 0,
        currency: offer.currency,
        validityDays: offer.validityDays,
        state: 'pending_payment',
        grantedBy: ownerId,
        ...(payment && { paymentId: payment.id }),
      });
      const received =
        payment &&
        receipt &&
        (await receivePackagePayment(deps, tx, payment.id, granted, client, {
          now,
          manual: receipt,
        }));
      const paid = await activatePurchase(tx, granted, now, ownerId);
      await insertAuditEntry(tx, {
        actorId: ownerId,
        action: 'package.grant',
        target: paid.id,
        details: {
          clientId: client.id,
          packageId: offer.id,
          credits: input.delta,
          reason: input.reason,
          paidByHand:
            received && receipt
              ? {
                  paymentId: received.id,
                  receiptNumber: received.receiptNumber,
                  amountMinor: received.amountMinor,
                  currency: received.currency,
                  method: receipt.method,
                  receivedOn: receipt.receivedOn,
                }
              : null,
        },
      });
      return paid.id;
    }
    const purchase = isUuid(input.purchaseId!)
      ? await lockPurchase(tx, input.purchaseId!)
      : undefined;
    // Another client's purchase is as unknown as a missing one.
    if (!purchase || purchase.clientId !== client.id) {
      throw new HttpProblem(404, PACKAGE_MESSAGES.purchaseUnknown);
    }
    if (purchase.state !== 'paid') {
      throw new HttpProblem(409, PACKAGE_MESSAGES.creditPurchaseNotPaid, {
        type: CREDIT_PURCHASE_NOT_PAID_PROBLEM_TYPE,
      });
    }
    if (purchase.creditsRemaining + input.delta < 0) {
      throw new HttpProblem(409, PACKAGE_MESSAGES.creditTakeBackTooMany, {
        type: CREDIT_TAKE_BACK_TOO_MANY_PROBLEM_TYPE,
        errors: { delta: [PACKAGE_MESSAGES.creditTakeBackTooMany] },
      });
    }
    const after = await updatePurchase(tx, purchase.id, {
      creditsRemaining: purchase.creditsRemaining + input.delta,
    });
    await insertCreditEntry(tx, {
      purchaseId: purchase.id,
      delta: input.delta,
      reason: input.delta > 0 ? 'grant' : 'take_back',
      actorId: ownerId,
      note: input.reason,
    });
    await insertAuditEntry(tx, {
      actorId: ownerId,
      action: input.delta > 0 ? 'package.credits_grant' : 'package.credits_take_back',
      target: purchase.id,
      details: {
        ...auditChange(
          { creditsRemaining: purchase.creditsRemaining },
          { creditsRemaining: after.creditsRemaining },
        ),
        clientId: client.id,
        reason: input.reason,
      },
    });
    return purchase.id;
  });
  return viewPurchase(deps.db, id);
}

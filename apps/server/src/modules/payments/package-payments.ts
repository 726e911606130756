/**
 * The payment of a package of sessions (issue 24): the same payment rows, providers, gap-free
 * receipts and Stripe webhook as a booking's. Packages sit above payments (decision 053): what
 * becomes of the purchase when its money arrives or its checkout ends is `PackagePaymentHooks`,
 * declared here and implemented by `modules/packages` (`deps.packagePayments`).
 */
import {
  activePaymentProvider,
  formatMoney,
  PAYMENT_MESSAGES,
  PRICE_NOT_CHARGEABLE_PROBLEM_TYPE,
  type PaymentProvider as PaymentProviderName,
} from '@consult/shared';
import type { SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Db, Tx } from '../../db/client';
import { HttpProblem } from '../../plugins/errors';
import type { ManualReceipt } from '../bookings';
import { SHORTEST_CHECKOUT_MS } from './checkout-terms';
import { packageReceiptMail } from './payment-mails';
import { loadPaymentSettings } from './payment-settings';
import { discountOf, receiveLockedPayment } from './payment-steps';
import { insertPayment, lockPayment, updatePayment, type PaymentRow } from './payments-repository';
import { isStripeChargeable } from './stripe-amounts';

/** What a package purchase's payment asks of the purchase, in the payment's transaction. */
export interface PackagePaymentHooks {
  /** The money arrived (Stripe's webhook): the purchase becomes paid and gives its credits. */
  purchasePaid: (
    deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'log'>,
    tx: Tx,
    payment: PaymentRow,
    options: { now: Date; providerPaymentId: string | null },
  ) => Promise<void>;
  /** The checkout ended unpaid (expired, failed): the purchase is cancelled. */
  purchaseCancelled: (tx: Tx, paymentId: string) => Promise<void>;
  /** What some package payments bought (lists, receipts, mails), by payment id: one query. */
  purchasesOfPayments: (db: Db, paymentIds: string[]) => Promise<Map<string, PackageOfPayment>>;
  /** A condition on `payments`: paid a purchase whose title matches the ILIKE `pattern`. */
  paymentTitleMatches: (pattern: string) => SQL;
  /**
   * A refund of a package's payment was recorded (`payment` locked, as before it): the purchase's
   * unused credits are withdrawn first, as many as the refunded share of the price covers (all of
   * them once everything is refunded, when the purchase becomes refunded), in the ledger with the
   * refund. Null when the payment names no purchase.
   */
  refundRecorded: (
    tx: Tx,
    payment: PaymentRow,
    refund: { id: number; amountMinor: number; actorId: string | null },
  ) => Promise<PackageRefundOutcome | null>;
  /**
   * A refund did not go through (failed, withdrawn; `payment` locked, as after it): the credits
   * it withdrew are given back, and a purchase no longer wholly refunded is paid again.
   */
  refundFailed: (tx: Tx, payment: PaymentRow, refundId: number) => Promise<void>;
}

/** A package purchase as its payment shows it. */
export interface PackageOfPayment {
  purchaseId: string;
  title: string;
  sessions: number;
  creditsRemaining: number;
  state: 'pending_payment' | 'paid' | 'cancelled' | 'refunded';
}

/** What a package's refund did to the purchase. */
export interface PackageRefundOutcome {
  purchaseId: string;
  creditsWithdrawn: number;
  creditsRemaining: number;
  state: PackageOfPayment['state'];
}

/**
 * The share of a package's price its unused credits are worth, rounded down to the minor unit:
 * never more than was paid. `3` of `5` credits of 100.00 → 60.00.
 */
export function unusedShareMinor(paidMinor: number, sessions: number, unused: number): number {
  if (sessions <= 0) return 0;
  return Math.floor((paidMinor * Math.min(Math.max(unused, 0), sessions)) / sessions);
}

/**
 * How many credits in all a package's refunds withdraw once `refundedMinor` of `paidMinor` is
 * refunded (or on its way): the credits that share of the price bought, rounded up, so a refund
 * of any part of a credit's price takes that credit; all of them once everything is refunded.
 */
export function creditsCoveredBy(refundedMinor: number, paidMinor: number, sessions: number) {
  if (paidMinor <= 0 || refundedMinor >= paidMinor) return sessions;
  return Math.min(sessions, Math.ceil((refundedMinor * sessions) / paidMinor));
}

/** The provider a package bought now is paid with: Stripe when configured and chosen, else manual. */
export async function providerForPackage(
  deps: Pick<AppDeps, 'log' | 'payments'>,
  tx: Tx,
): Promise<PaymentProviderName> {
  const settings = await loadPaymentSettings(tx, deps.log);
  return activePaymentProvider(deps.payments.stripe !== null, settings);
}

/** A package purchase's payment, pending with the provider that takes the money. */
export async function openPackagePayment(
  tx: Tx,
  purchase: {
    clientId: string;
    amountMinor: number;
    currency: string;
    /** A discount code's: `amountMinor` is the price after it (issue 24). */
    discount?: { code: string; discountMinor: number };
  },
  provider: PaymentProviderName,
): Promise<PaymentRow> {
  return insertPayment(tx, {
    bookingId: null,
    purpose: 'package',
    clientId: purchase.clientId,
    amountMinor: purchase.amountMinor,
    currency: purchase.currency,
    provider,
    status: 'pending',
    ...(purchase.discount && {
      discountCode: purchase.discount.code,
      discountMinor: purchase.discount.discountMinor,
    }),
  });
}

/**
 * A package's payment received (the owner's mark-paid, or Stripe's webhook): its receipt number,
 * and the receipt mailed to the client in the same transaction (the outbox).
 */
export async function receivePackagePayment(
  deps: Pick<AppDeps, 'mailer' | 'config' | 'log'>,
  tx: Tx,
  paymentId: string,
  purchase: { title: string; sessions: number },
  client: { name: string; email: string },
  options: { now: Date; manual?: ManualReceipt; providerPaymentId?: string | null },
): Promise<PaymentRow> {
  const locked = await lockPayment(tx, paymentId);
  const paid = await receiveLockedPayment(
    tx,
    locked?.purpose === 'package' ? locked : undefined,
    options,
  );
  const settings = await loadPaymentSettings(tx, deps.log);
  await deps.mailer.queueMail(
    packageReceiptMail({
      appUrl: deps.config.APP_URL,
      to: client.email,
      paymentId: paid.id,
      clientName: client.name,
      packageTitle: purchase.title,
      sessions: purchase.sessions,
      amountMinor: paid.amountMinor,
      currency: paid.currency,
      businessName: settings.businessName,
      receiptNumber: paid.receiptNumber!,
      discount: discountOf(paid),
    }),
    tx,
  );
  return paid;
}

/** The purchase's payment cancelled when the purchase is (unpaid): nothing more can be paid. */
export async function cancelPackagePayment(tx: Tx, paymentId: string): Promise<void> {
  const payment = await lockPayment(tx, paymentId);
  if (payment?.status === 'pending') await updatePayment(tx, payment.id, { status: 'cancelled' });
}

/**
 * Where the client pays a package purchase online: a Stripe Checkout Session for its payment
 * (open for Stripe's shortest 30 minutes and a minute). 503 when Stripe cannot be reached; 409 when
 * Stripe cannot charge the price exactly.
 */
export async function startPackageCheckout(
  deps: Pick<AppDeps, 'db' | 'payments' | 'log' | 'config' | 'clock'>,
  purchase: { id: string; title: string; paymentId: string },
  client: { email: string },
  returnPath: string,
): Promise<string> {
  const stripe = deps.payments.stripe;
  if (!stripe) throw new HttpProblem(503, PAYMENT_MESSAGES.paymentUnavailable);
  const payment = await lockFree(deps, purchase.paymentId);
  if (!isStripeChargeable(payment.amountMinor, payment.currency)) {
    throw new HttpProblem(
      409,
      PAYMENT_MESSAGES.priceNotChargeableOnline(formatMoney(payment.amountMinor, payment.currency)),
      { type: PRICE_NOT_CHARGEABLE_PROBLEM_TYPE },
    );
  }
  const back = `${deps.config.APP_URL}${returnPath}`;
  const separator = back.includes('?') ? '&' : '?';
  let started;
  try {
    started = await stripe.startCheckout({
      bookingId: null,
      purchaseId: purchase.id,
      paymentId: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      description: purchase.title,
      customerEmail: client.email,
      expiresAt: new Date(deps.clock().getTime() + SHORTEST_CHECKOUT_MS),
      successUrl: `${back}${separator}payment=success`,
      cancelUrl: `${back}${separator}payment=cancelled`,
    });
  } catch (err) {
    deps.log.error({ err, purchaseId: purchase.id }, 'Stripe checkout of a package not started');
    throw new HttpProblem(503, PAYMENT_MESSAGES.paymentUnavailable);
  }
  await deps.db.transaction(async (tx) => {
    await updatePayment(tx, payment.id, { providerReference: started.reference });
  });
  return started.url;
}

/**
 * The Stripe Checkout a purchase's payment already has, while it is still open: the answer to a
 * retried purchase request (the same Idempotency-Key). None when it was never started, has ended,
 * or Stripe cannot be asked: the purchase then shows on /dash as it stands.
 */
export async function openPackageCheckoutUrl(
  deps: Pick<AppDeps, 'db' | 'payments' | 'log'>,
  paymentId: string,
): Promise<string | undefined> {
  const stripe = deps.payments.stripe;
  const payment = await deps.db.transaction((tx) => lockPayment(tx, paymentId));
  if (!stripe || payment?.status !== 'pending' || !payment.providerReference) return undefined;
  try {
    const state = await stripe.checkoutState(payment.providerReference);
    return state.status === 'open' ? state.url : undefined;
  } catch (err) {
    deps.log.warn({ err, paymentId }, 'Stripe checkout of a package not read for a retry');
    return undefined;
  }
}

async function lockFree(deps: Pick<AppDeps, 'db'>, paymentId: string): Promise<PaymentRow> {
  const payment = await deps.db.transaction((tx) => lockPayment(tx, paymentId));
  if (!payment || payment.status !== 'pending') {
    throw new HttpProblem(409, PAYMENT_MESSAGES.checkoutNotPending);
  }
  return payment;
}

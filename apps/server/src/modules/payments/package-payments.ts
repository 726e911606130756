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
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { HttpProblem } from '../../plugins/errors';
import type { ManualReceipt } from '../bookings';
import { SHORTEST_CHECKOUT_MS } from './checkout-terms';
import { packageReceiptMail } from './payment-mails';
import { loadPaymentSettings } from './payment-settings';
import { receiveLockedPayment } from './payment-steps';
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
  purchase: { clientId: string; amountMinor: number; currency: string },
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
      clientName: client.name,
      packageTitle: purchase.title,
      sessions: purchase.sessions,
      amountMinor: paid.amountMinor,
      currency: paid.currency,
      businessName: settings.businessName,
      receiptNumber: paid.receiptNumber!,
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

async function lockFree(deps: Pick<AppDeps, 'db'>, paymentId: string): Promise<PaymentRow> {
  const payment = await deps.db.transaction((tx) => lockPayment(tx, paymentId));
  if (!payment || payment.status !== 'pending') {
    throw new HttpProblem(409, PAYMENT_MESSAGES.checkoutNotPending);
  }
  return payment;
}

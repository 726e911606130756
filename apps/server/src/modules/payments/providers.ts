/**
 * Payment providers: how the money of a paid booking is taken and given back. Manual payments are
 * settled by the owner outside the site (bank transfer, at the session); Stripe takes them on a
 * Checkout Session and confirms them by signed webhooks (stripe-provider.ts). Which one a new paid
 * booking uses is `activePaymentProvider` (Stripe when configured and not turned off).
 */
import type { PaymentProvider as ProviderName } from '@consult/shared';

export interface CheckoutRequest {
  /** The booking paid for; null for a package purchase (`purchaseId`). */
  bookingId: string | null;
  /** The package purchase paid for, when it is one (issue 24). */
  purchaseId?: string;
  /** The series paid for, when it is one (issue 25): one line per session in `lines`. */
  seriesId?: string;
  /** The lines of the checkout; without them, one line of `amountMinor` named `description`. */
  lines?: { description: string; amountMinor: number }[];
  paymentId: string;
  amountMinor: number;
  currency: string;
  /** What the client pays for, as the checkout page names it. */
  description: string;
  customerEmail: string;
  /** When the checkout stops taking the payment: the end of the booking's hold. */
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

export interface StartedCheckout {
  /** The provider's id of the checkout (a Checkout Session id). */
  reference: string;
  url: string;
}

export type CheckoutState = { status: 'open'; url: string } | { status: 'complete' | 'expired' };

export interface RefundRequest {
  /** The provider's id of the money received (a PaymentIntent id). */
  providerPaymentId: string | null;
  amountMinor: number;
  currency: string;
  /** Sent again with the same key, the provider gives back the money once. */
  idempotencyKey: string;
  paymentId: string;
  /** The booking it paid; null for a package purchase's payment. */
  bookingId: string | null;
}

export interface SentRefund {
  /** succeeded: final now; pending: final when the provider says so (its webhook). */
  status: 'succeeded' | 'pending' | 'failed';
  reference: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Where the client pays; null when they pay outside the site. */
  startCheckout(request: CheckoutRequest): Promise<StartedCheckout | null>;
  /** Where a checkout stands: still open (with its address), paid, or closed unpaid. */
  checkoutState(reference: string): Promise<CheckoutState>;
  /**
   * Closes a checkout nobody completed, so a late payment cannot happen: 'closed', or
   * 'completed' when it was paid first (its webhook confirms the booking).
   */
  closeCheckout(reference: string): Promise<'closed' | 'completed'>;
  /** Gives back money already received. */
  sendRefund(request: RefundRequest): Promise<SentRefund>;
}

/**
 * The owner takes the money by hand and gives it back by hand: a refund stays pending (owed) until
 * the owner confirms they sent it (`confirmRefundSent`); the app never calls it done by itself.
 */
export const manualProvider: PaymentProvider = {
  name: 'manual',
  startCheckout: async () => null,
  checkoutState: async () => ({ status: 'expired' }),
  closeCheckout: async () => 'closed',
  sendRefund: async () => ({ status: 'pending', reference: null }),
};

/** The providers this server has: manual always, Stripe when its keys are set. */
export interface PaymentProviders {
  manual: PaymentProvider;
  stripe: StripeProvider | null;
}

/** Stripe also verifies its webhooks. */
export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  startCheckout(request: CheckoutRequest): Promise<StartedCheckout>;
  /** The event of a signed webhook body; throws when the signature is missing, wrong or stale. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): StripeEventLike;
}

/** The part of a Stripe event the webhook reads. */
export interface StripeEventLike {
  id: string;
  type: string;
  data: { object: unknown };
}

export function providerOf(providers: PaymentProviders, name: ProviderName): PaymentProvider {
  if (name === 'stripe') {
    if (!providers.stripe) throw new Error('a Stripe payment needs Stripe configured');
    return providers.stripe;
  }
  return providers.manual;
}

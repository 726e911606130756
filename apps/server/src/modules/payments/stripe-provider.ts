/**
 * The Stripe provider, through the official SDK: a Checkout Session per paid booking (mode payment,
 * expiring with the booking's hold), refunds through the Refunds API, webhooks verified with
 * `constructEvent`. STRIPE_API_BASE points the SDK at another endpoint (tests, gateways).
 */
import type Stripe from 'stripe';
import type {
  CheckoutRequest,
  CheckoutState,
  RefundRequest,
  SentRefund,
  StartedCheckout,
  StripeProvider,
} from './providers';
import { toStripeAmount } from './stripe-amounts';

/** Stripe's own tolerance for a webhook's timestamp, in seconds. */
export const WEBHOOK_TOLERANCE_S = 300;

/** The signature header's timestamp (`t=`, in seconds), as the SDK reads it: the first one. */
function signedAt(header: string): number {
  const item = header.split(',').find((part) => part.trim().startsWith('t='));
  return Number(item?.trim().slice(2));
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** An origin (`http://127.0.0.1:12111`); unset: Stripe's own API. */
  apiBase?: string;
}

function sdkOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 15_000, telemetry: false };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    ...options,
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  };
}

const toSeconds = (instant: Date) => Math.floor(instant.getTime() / 1000);

/** Loads the SDK (5 MB held), so that a site without Stripe's keys never does. */
export async function createStripeProvider(settings: StripeSettings): Promise<StripeProvider> {
  const { default: StripeSdk } = await import('stripe');
  const stripe = new StripeSdk(settings.secretKey, sdkOptions(settings.apiBase));

  return {
    name: 'stripe',

    async startCheckout(request: CheckoutRequest): Promise<StartedCheckout> {
      // A package purchase's session names no booking: the webhook tells them apart by purpose.
      // A series' session names its series; its payments are found by the session's id.
      const metadata: Record<string, string> = request.bookingId
        ? { bookingId: request.bookingId, paymentId: request.paymentId }
        : request.seriesId
          ? { purpose: 'series', seriesId: request.seriesId }
          : {
              purpose: 'package',
              purchaseId: request.purchaseId ?? '',
              paymentId: request.paymentId,
            };
      const lines = request.lines ?? [
        { description: request.description, amountMinor: request.amountMinor },
      ];
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        ...(request.bookingId && { client_reference_id: request.bookingId }),
        metadata,
        payment_intent_data: { metadata },
        customer_email: request.customerEmail,
        line_items: lines.map((line) => ({
          quantity: 1,
          price_data: {
            currency: request.currency.toLowerCase(),
            unit_amount: toStripeAmount(line.amountMinor, request.currency),
            product_data: { name: line.description },
          },
        })),
        expires_at: toSeconds(request.expiresAt),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { reference: session.id, url: session.url };
    },

    async checkoutState(reference: string): Promise<CheckoutState> {
      const session = await stripe.checkout.sessions.retrieve(reference);
      if (session.status === 'open' && session.url) return { status: 'open', url: session.url };
      return { status: session.status === 'complete' ? 'complete' : 'expired' };
    },

    async closeCheckout(reference: string): Promise<'closed' | 'completed'> {
      try {
        await stripe.checkout.sessions.expire(reference);
        return 'closed';
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open: ask which way it went.
        if (!(error instanceof StripeSdk.errors.StripeInvalidRequestError)) throw error;
        const session = await stripe.checkout.sessions.retrieve(reference);
        return session.status === 'complete' ? 'completed' : 'closed';
      }
    },

    async sendRefund(request: RefundRequest): Promise<SentRefund> {
      if (!request.providerPaymentId) throw new Error('a Stripe refund needs the PaymentIntent');
      const refund = await stripe.refunds.create(
        {
          payment_intent: request.providerPaymentId,
          amount: toStripeAmount(request.amountMinor, request.currency),
          metadata: {
            paymentId: request.paymentId,
            ...(request.bookingId && { bookingId: request.bookingId }),
          },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      // Final only when charge.refunded says so; a refund Stripe turned down is failed at once.
      const failed = refund.status === 'failed' || refund.status === 'canceled';
      return { status: failed ? 'failed' : 'pending', reference: refund.id };
    },

    verifyEvent(rawBody: Buffer, signature: string | undefined) {
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        settings.webhookSecret,
        WEBHOOK_TOLERANCE_S,
      );
      // The SDK refuses only a timestamp too old; one from the future (milliseconds sent for
      // seconds, a forged clock) would stay replayable for as long, so it is refused as well.
      if (signedAt(signature ?? '') > Date.now() / 1000 + WEBHOOK_TOLERANCE_S) {
        throw new Error('the webhook signature is dated in the future');
      }
      return event;
    },
  };
}

/** What every Stripe Checkout Session of ours shares: its shortest life and where it returns. */
import { MINUTE_MS } from '@consult/shared';

/** Stripe's shortest Checkout Session is 30 minutes; a minute more covers the trip there. */
export const SHORTEST_CHECKOUT_MS = 31 * MINUTE_MS;

/** Where Stripe sends the client back: their bookings, which say how the payment went. */
export function checkoutReturnUrls(appUrl: string, bookingId: string) {
  const back = `${appUrl}/dash/bookings?booking=${encodeURIComponent(bookingId)}`;
  return { successUrl: `${back}&payment=success`, cancelUrl: `${back}&payment=cancelled` };
}

/**
 * Coming back from Stripe Checkout to /dash/bookings?payment=success|cancelled&booking=<id>: what
 * the page says and how often it asks for the booking again while Stripe's confirmation (a webhook
 * to the server) is on its way.
 */
import { MINUTE_MS, type BookingRecord } from '@consult/shared';

export interface PaymentReturn {
  outcome: 'success' | 'cancelled';
  bookingId: string;
}

export function readPaymentReturn(params: URLSearchParams): PaymentReturn | null {
  const outcome = params.get('payment');
  const bookingId = params.get('booking');
  if (!bookingId || (outcome !== 'success' && outcome !== 'cancelled')) return null;
  return { outcome, bookingId };
}

/** The confirmation usually arrives within seconds: ask often at first, then now and then. */
export const PAYMENT_POLL_FAST_MS = 2_000;
export const PAYMENT_POLL_FAST_FOR_MS = 20_000;
export const PAYMENT_POLL_SLOW_MS = 30_000;
/** After this the page stops asking by itself; "Check again" still does. */
export const PAYMENT_POLL_GIVE_UP_MS = 10 * MINUTE_MS;

export type PaymentReturnState =
  /** The booking is paid (or confirmed): done. */
  | 'received'
  /** Paid on Stripe's page; the confirmation is expected any second. */
  | 'confirming'
  /** Longer than usual: the page still asks, less often. */
  | 'slow'
  /** Much longer than usual: only the client's "Check again" asks. */
  | 'waiting'
  /** Cancelled on Stripe's page, and the booking list has not loaded yet. */
  | 'checking'
  /** Cancelled on Stripe's page; the time is still held and can be paid. */
  | 'held'
  /** Cancelled on Stripe's page, and the time is no longer held (the hold ended). */
  | 'released';

export function paymentReceived(booking: BookingRecord | undefined): boolean {
  return booking?.state === 'confirmed' || booking?.payment?.status === 'paid';
}

export function paymentReturnState({
  outcome,
  booking,
  loaded,
  waitedMs,
}: {
  outcome: PaymentReturn['outcome'];
  /** The returning booking in the upcoming list, if it is there. */
  booking: BookingRecord | undefined;
  /** The upcoming list has loaded (so a missing booking is really missing). */
  loaded: boolean;
  /** Since the page opened. */
  waitedMs: number;
}): PaymentReturnState {
  if (paymentReceived(booking)) return 'received';
  if (outcome === 'cancelled') {
    if (!loaded) return 'checking';
    return booking?.state === 'pending_payment' ? 'held' : 'released';
  }
  if (waitedMs < PAYMENT_POLL_FAST_FOR_MS) return 'confirming';
  return waitedMs < PAYMENT_POLL_GIVE_UP_MS ? 'slow' : 'waiting';
}

/** The polling interval of the upcoming list for a state; 0 stops it. */
export function paymentPollInterval(state: PaymentReturnState): number {
  if (state === 'confirming') return PAYMENT_POLL_FAST_MS;
  return state === 'slow' ? PAYMENT_POLL_SLOW_MS : 0;
}

/**
 * Paying a booking held for payment online (Stripe): its Checkout Session, made when the booking is
 * and again on the client's "pay now", and closed when the hold runs out so that a late payment
 * cannot happen.
 */
import {
  BOOKING_MESSAGES,
  canMovePayment,
  CARD_PAYMENT_IN_PROGRESS_PROBLEM_TYPE,
  formatMoney,
  PAYMENT_MESSAGES,
  PRICE_NOT_CHARGEABLE_PROBLEM_TYPE,
} from '@consult/shared';
import type { Tx } from '../../db/client';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { findBookingById, lockBookingById, type BookingRow, expireHeldBooking } from '../bookings';
import type { PaymentDeps } from './payment-steps';
import {
  lockPaymentOfBooking,
  paymentsOfBookings,
  updatePayment,
  type PaymentRow,
} from './payments-repository';
import type { StripeProvider } from './providers';
import { isStripeChargeable } from './stripe-amounts';
import { checkoutReturnUrls, SHORTEST_CHECKOUT_MS } from './checkout-terms';
import { checkoutUrlForSeries } from './series-checkout';

function notPending(): HttpProblem {
  return new HttpProblem(409, PAYMENT_MESSAGES.checkoutNotPending);
}

function unavailable(): HttpProblem {
  return new HttpProblem(503, PAYMENT_MESSAGES.paymentUnavailable);
}

/** The booking's payment while it waits for an online payment, or null. */
function awaitingOnline(booking: BookingRow, payment: PaymentRow | undefined) {
  return booking.state === 'pending_payment' &&
    payment?.provider === 'stripe' &&
    payment.status === 'pending'
    ? payment
    : null;
}

/**
 * Where the client pays `bookingId`: its Checkout Session while open, else a new one. A session
 * lives at least Stripe's 30 minutes, which may outlast the hold; the hold-expiry job closes it when
 * the hold ends. 404 for another client's booking; 409 when it is not waiting for a payment or one
 * is being confirmed; 503 when Stripe cannot be reached.
 */
export async function checkoutUrlFor(
  deps: PaymentDeps,
  client: { id: string; email: string },
  bookingId: string,
  now: Date = deps.clock(),
): Promise<string> {
  const booking = isUuid(bookingId) ? await findBookingById(deps.db, bookingId) : undefined;
  if (!booking || booking.clientId !== client.id) {
    throw new HttpProblem(404, BOOKING_MESSAGES.bookingNotFound);
  }
  // A session of a series is paid with the others held with it: one checkout for them all.
  if (booking.seriesId !== null) return checkoutUrlForSeries(deps, client, booking.seriesId, now);
  const payment = awaitingOnline(
    booking,
    (await paymentsOfBookings(deps.db, [booking.id])).get(booking.id),
  );
  // A hold that has run out is about to be released by the hold-expiry job: no new checkout.
  if (!payment || !booking.holdUntil || booking.holdUntil <= now) throw notPending();
  const stripe = deps.payments.stripe;
  if (!stripe) throw unavailable();
  // Stripe cannot take this price exactly (a fraction of an ariary, a thousandth of a dinar):
  // never rounded, so what the client pays is what the receipt says.
  if (!isStripeChargeable(payment.amountMinor, payment.currency)) {
    throw new HttpProblem(
      409,
      PAYMENT_MESSAGES.priceNotChargeableOnline(formatMoney(payment.amountMinor, payment.currency)),
      { type: PRICE_NOT_CHARGEABLE_PROBLEM_TYPE },
    );
  }

  const expiresAt = new Date(
    Math.max(booking.holdUntil.getTime(), now.getTime() + SHORTEST_CHECKOUT_MS),
  );
  let started;
  try {
    if (payment.providerReference) {
      const state = await stripe.checkoutState(payment.providerReference);
      if (state.status === 'open') return state.url;
      if (state.status === 'complete') {
        throw new HttpProblem(409, PAYMENT_MESSAGES.paymentBeingConfirmed);
      }
    }
    started = await stripe.startCheckout({
      bookingId: booking.id,
      paymentId: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      description: booking.serviceTitle,
      customerEmail: client.email,
      expiresAt,
      ...checkoutReturnUrls(deps.config.APP_URL, booking.id),
    });
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    deps.log.error({ err: error, bookingId: booking.id }, 'Stripe checkout could not be started');
    throw unavailable();
  }

  const stored = await deps.db.transaction(async (tx) => {
    const locked = await lockBookingById(tx, booking.id);
    const current = locked && awaitingOnline(locked, await lockPaymentOfBooking(tx, booking.id));
    if (!current || current.providerReference !== payment.providerReference) {
      return false;
    }
    await updatePayment(tx, current.id, { providerReference: started.reference });
    return true;
  });
  if (!stored) {
    // The booking changed meanwhile (expired, paid, or another checkout made): this one goes.
    await closeQuietly(deps, stripe, started.reference);
    throw notPending();
  }
  return started.url;
}

async function closeQuietly(deps: PaymentDeps, stripe: StripeProvider, reference: string) {
  try {
    await stripe.closeCheckout(reference);
  } catch (err) {
    deps.log.warn({ err, reference }, 'Stripe checkout could not be closed');
  }
}

/** A held booking expired (bookings' expireHeldBooking): its pending payment is cancelled. */
export async function cancelPendingPayment(tx: Tx, bookingId: string): Promise<void> {
  const payment = await lockPaymentOfBooking(tx, bookingId);
  if (payment?.status === 'pending') {
    await updatePayment(tx, payment.id, { status: 'cancelled' });
  }
}

/**
 * The checkout of a booking just made (or made before with the same Idempotency-Key). One that
 * cannot even be started gives its slot back at once, so the client can try again (503) instead
 * of holding a time nobody can pay for; so does one whose price Stripe cannot charge (409).
 */
export async function checkoutOfNewBooking(
  deps: PaymentDeps,
  client: { id: string; email: string },
  bookingId: string,
): Promise<string> {
  try {
    return await checkoutUrlFor(deps, client, bookingId);
  } catch (error) {
    const unpayable =
      error instanceof HttpProblem &&
      (error.status === 503 || error.extra.type === PRICE_NOT_CHARGEABLE_PROBLEM_TYPE);
    if (unpayable) {
      await deps.db.transaction(async (tx) => {
        const booking = await lockBookingById(tx, bookingId);
        if (booking?.state !== 'pending_payment') return;
        const reason =
          error.status === 503 ? 'checkout unavailable' : 'price not chargeable online';
        await expireHeldBooking(deps, tx, booking, deps.clock(), { reason });
      });
    }
    throw error;
  }
}

/**
 * Before a hold is expired: its open checkout is closed at Stripe so no payment can follow.
 * 'completed' when it was paid first: the booking stays for the webhook to confirm.
 */
export async function closeCheckoutOfHold(
  deps: Pick<PaymentDeps, 'payments'>,
  tx: Tx,
  bookingId: string,
): Promise<'closed' | 'completed'> {
  const payment = await lockPaymentOfBooking(tx, bookingId);
  if (payment?.provider !== 'stripe' || !payment.providerReference) return 'closed';
  const stripe = deps.payments.stripe;
  // Stripe's keys were removed since: its sessions expire on their own at the hold's end.
  if (!stripe) return 'closed';
  return stripe.closeCheckout(payment.providerReference);
}

/**
 * Before the owner records a payment by hand (decision 046): the booking's Checkout Session, if one
 * may still be open, is expired at Stripe through the SDK, so the client cannot pay a second time.
 * Nothing may be recorded while a session could still take money: 409 when the client has paid
 * there already (its webhook confirms the booking), 503 when Stripe cannot be reached, 409 when
 * Stripe is no longer configured. Runs in the mark-paid transaction with the booking locked, so a
 * "pay now" racing it either finds the payment received or has its new session closed. Answers the
 * payment as it was (locked).
 */
export async function closeCheckoutForManualPayment(
  deps: Pick<PaymentDeps, 'payments' | 'log'>,
  tx: Tx,
  bookingId: string,
): Promise<PaymentRow | undefined> {
  const payment = await lockPaymentOfBooking(tx, bookingId);
  if (payment?.provider !== 'stripe' || !payment.providerReference) return payment;
  if (!canMovePayment(payment.status, 'paid')) return payment;
  const stripe = deps.payments.stripe;
  if (!stripe) {
    throw new HttpProblem(409, PAYMENT_MESSAGES.checkoutNotClosableWithoutStripe);
  }
  let outcome: 'closed' | 'completed';
  try {
    outcome = await stripe.closeCheckout(payment.providerReference);
  } catch (err) {
    deps.log.error(
      { err, bookingId },
      'Stripe checkout could not be closed before a manual payment',
    );
    throw new HttpProblem(503, PAYMENT_MESSAGES.checkoutNotClosed);
  }
  if (outcome === 'completed') {
    throw new HttpProblem(409, PAYMENT_MESSAGES.cardPaymentInProgress, {
      type: CARD_PAYMENT_IN_PROGRESS_PROBLEM_TYPE,
    });
  }
  return payment;
}

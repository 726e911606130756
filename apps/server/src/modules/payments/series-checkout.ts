/**
 * Paying a series online (issue 25): one Stripe Checkout Session for every session of the series
 * still held for payment, one line per session, each payment keeping its own amount and receipt.
 * Every payment of the series points at the session (`provider_reference`); the webhook finds them
 * by it (stripe-webhook.ts, `seriesSessionEvent`).
 */
import { formatMoney, PAYMENT_MESSAGES, PRICE_NOT_CHARGEABLE_PROBLEM_TYPE } from '@consult/shared';
import { HttpProblem } from '../../plugins/errors';
import {
  expireHeldBooking,
  listSeriesBookings,
  lockBookingById,
  type BookingRow,
} from '../bookings';
import { formatMailTime } from '../mail';
import { findUserById } from '../users';
import { checkoutReturnUrls, SHORTEST_CHECKOUT_MS } from './checkout-terms';
import type { PaymentDeps } from './payment-steps';
import { isStripeChargeable } from './stripe-amounts';
import {
  lockPaymentOfBooking,
  paymentsOfBookings,
  updatePayment,
  type PaymentRow,
} from './payments-repository';

const awaitingOnline = (booking: BookingRow, payment: PaymentRow | undefined) =>
  booking.state === 'pending_payment' &&
  payment?.provider === 'stripe' &&
  payment.status === 'pending'
    ? payment
    : null;

/** The series' sessions held for an online payment now, each with its payment. */
async function awaitingSessions(deps: PaymentDeps, seriesId: string, now: Date) {
  const sessions = (await listSeriesBookings(deps.db, seriesId)).filter(
    (booking) => booking.holdUntil !== null && booking.holdUntil > now,
  );
  const payments = await paymentsOfBookings(
    deps.db,
    sessions.map((booking) => booking.id),
  );
  return sessions.flatMap((booking) => {
    const payment = awaitingOnline(booking, payments.get(booking.id));
    return payment ? [{ booking, payment }] : [];
  });
}

/**
 * Where the client pays the series' held sessions: the Checkout Session they all share while it is
 * open, else a new one for them all. 409 when none waits for a payment (or one is being
 * confirmed), 503 when Stripe cannot be reached.
 */
export async function checkoutUrlForSeries(
  deps: PaymentDeps,
  client: { id: string; email: string },
  seriesId: string,
  now: Date = deps.clock(),
): Promise<string> {
  const awaiting = await awaitingSessions(deps, seriesId, now);
  if (awaiting.length === 0 || awaiting.some(({ booking }) => booking.clientId !== client.id)) {
    throw new HttpProblem(409, PAYMENT_MESSAGES.checkoutNotPending);
  }
  const stripe = deps.payments.stripe;
  if (!stripe) throw new HttpProblem(503, PAYMENT_MESSAGES.paymentUnavailable);
  const total = awaiting.reduce((sum, { payment }) => sum + payment.amountMinor, 0);
  const { currency } = awaiting[0]!.payment;
  const references = new Set(awaiting.map(({ payment }) => payment.providerReference));
  let started;
  try {
    for (const reference of references) {
      if (!reference) continue;
      const state = await stripe.checkoutState(reference);
      if (state.status === 'complete') {
        throw new HttpProblem(409, PAYMENT_MESSAGES.paymentBeingConfirmed);
      }
      // The one session all of them share, still open: the client goes back to it.
      if (state.status === 'open' && references.size === 1) return state.url;
      // A session for only some of them (one was paid or cancelled since): closed, then one anew.
      if (state.status === 'open' && (await stripe.closeCheckout(reference)) === 'completed') {
        throw new HttpProblem(409, PAYMENT_MESSAGES.paymentBeingConfirmed);
      }
    }
    const user = await findUserById(deps.db, client.id);
    const zone = user?.timeZone ?? 'UTC';
    const holdEnd = Math.min(...awaiting.map(({ booking }) => booking.holdUntil!.getTime()));
    const first = awaiting[0]!.booking;
    started = await stripe.startCheckout({
      bookingId: null,
      seriesId,
      paymentId: awaiting[0]!.payment.id,
      amountMinor: total,
      currency,
      description: `${first.serviceTitle} × ${awaiting.length}`,
      lines: awaiting.map(({ booking, payment }) => ({
        description: `${booking.serviceTitle}, ${formatMailTime(booking.startAt, zone)}`,
        amountMinor: payment.amountMinor,
      })),
      customerEmail: client.email,
      expiresAt: new Date(Math.max(holdEnd, now.getTime() + SHORTEST_CHECKOUT_MS)),
      ...checkoutReturnUrls(deps.config.APP_URL, first.id),
    });
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    deps.log.error({ err: error, seriesId }, 'Stripe checkout of a series could not be started');
    throw new HttpProblem(503, PAYMENT_MESSAGES.paymentUnavailable);
  }

  const stored = await deps.db.transaction(async (tx) => {
    for (const { booking, payment } of awaiting) {
      const locked = await lockBookingById(tx, booking.id);
      const current = locked && awaitingOnline(locked, await lockPaymentOfBooking(tx, booking.id));
      if (!current || current.providerReference !== payment.providerReference) return false;
      await updatePayment(tx, current.id, { providerReference: started.reference });
    }
    return true;
  });
  if (!stored) {
    // A session changed meanwhile (expired, paid, cancelled): this checkout goes.
    await stripe.closeCheckout(started.reference).catch((err: unknown) => {
      deps.log.warn({ err, reference: started.reference }, 'Stripe checkout could not be closed');
    });
    throw new HttpProblem(409, PAYMENT_MESSAGES.checkoutNotPending);
  }
  return started.url;
}

/**
 * The checkout of a series just booked. One that cannot be started (or whose price Stripe cannot
 * charge exactly) gives every held session's time back at once, as a single booking's does.
 */
export async function checkoutOfNewSeries(
  deps: PaymentDeps,
  client: { id: string; email: string },
  seriesId: string,
): Promise<string> {
  const awaiting = await awaitingSessions(deps, seriesId, deps.clock());
  const unchargeable = awaiting.find(
    ({ payment }) => !isStripeChargeable(payment.amountMinor, payment.currency),
  );
  try {
    if (unchargeable) {
      const { payment } = unchargeable;
      throw new HttpProblem(
        409,
        PAYMENT_MESSAGES.priceNotChargeableOnline(
          formatMoney(payment.amountMinor, payment.currency),
        ),
        { type: PRICE_NOT_CHARGEABLE_PROBLEM_TYPE },
      );
    }
    return await checkoutUrlForSeries(deps, client, seriesId);
  } catch (error) {
    const unpayable =
      error instanceof HttpProblem &&
      (error.status === 503 || error.extra.type === PRICE_NOT_CHARGEABLE_PROBLEM_TYPE);
    if (unpayable) {
      const reason = error.status === 503 ? 'checkout unavailable' : 'price not chargeable online';
      await deps.db.transaction(async (tx) => {
        for (const { booking } of awaiting) {
          const locked = await lockBookingById(tx, booking.id);
          if (locked?.state !== 'pending_payment') continue;
          await expireHeldBooking(deps, tx, locked, deps.clock(), { reason });
        }
      });
    }
    throw error;
  }
}

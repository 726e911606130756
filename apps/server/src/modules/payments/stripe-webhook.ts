/**
 * Stripe's webhooks, applied once each and in any order: the event id is stored in the transaction
 * that applies its effect, so a second delivery finds it and changes nothing. What each event does
 * is decided from the records as they are now, not from the order events arrive in:
 * - a Checkout Session paid confirms the booking held for it; paid for a booking that expired or
 *   was cancelled meanwhile, the money is received and refunded in full, and the owner is told;
 * - a Checkout Session expired, or its delayed payment failed, ends the hold;
 * - charge.refunded settles the refunds Stripe has made, with Stripe's own total;
 * - a refund Stripe reports failed or canceled (refund.failed, refund.updated,
 *   charge.refund.updated) fails ours: still pending, its amount is free again; already settled
 *   by charge.refunded, the payment's refunded total goes back down. The owner is mailed and the
 *   audit log written.
 */
import { z } from 'zod';
import { canMovePayment, packageLine } from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { isUuid } from '../../db/uuid';
import { auditChange, insertAuditEntry } from '../audit';
import {
  lockBookingById,
  updateBooking,
  applyPayment,
  bookingMailOwner,
  expireHeldBooking,
  queueSeriesConfirmationOf,
  type BookingRow,
} from '../bookings';
import { formatMailTime } from '../mail';
import { findUserById, findUserContacts, type UserRow } from '../users';
import {
  foreignPaymentOwnerMail,
  latePaymentOwnerMail,
  refundFailedOwnerMail,
} from './payment-mails';
import { receivePayment, requestRefund, type PaymentDeps } from './payment-steps';
import {
  claimProviderEvent,
  findBookingFacts,
  findRefundByProviderReference,
  insertRefund,
  lockPaymentsByProviderPaymentId,
  paymentsByProviderReference,
  lockPaymentOfBooking,
  lockPayment,
  lockPendingRefunds,
  lockRefund,
  paymentsOfBookings,
  providerEventRecorded,
  updatePayment,
  type PaymentRow,
} from './payments-repository';
import type { StripeEventLike } from './providers';
import { failRefund, reverseRefund, sendRefundsOfBooking, settleRefunds } from './refunds';
import { fromStripeAmount } from './stripe-amounts';

/**
 * The shape every Stripe event has. A signed body can still lack it (a hand-made event signed with
 * the secret): such an event is refused with 400 before anything reads it.
 */
export const stripeEventShape = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** An event that needs a record not written yet: answered 503 so that Stripe delivers it again. */
export class EventTooEarly extends Error {}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** The fields of a Checkout Session the webhook reads. */
interface SessionObject {
  id: string;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  payment_status?: string;
  payment_intent?: string | { id: string } | null;
  amount_total?: number | null;
  currency?: string | null;
}

/** The fields of a Charge the webhook reads. */
interface ChargeObject {
  payment_intent?: string | { id: string } | null;
  amount_refunded?: number;
  metadata?: Record<string, string> | null;
}

/** The fields of a Refund the webhook reads. */
interface RefundObject {
  id?: string;
  status?: string | null;
  failure_reason?: string | null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function bookingIdOf(session: SessionObject): string | null {
  const id = session.client_reference_id ?? session.metadata?.bookingId ?? null;
  return id && isUuid(id) ? id : null;
}

/**
 * Whether a session pays `payment`: the Checkout Session made for it (its provider reference), or
 * one charging exactly its amount in its currency (an older session of the same booking). Anything
 * else naming the booking (a Payment Link of 1.00 on the same Stripe account) does not pay it.
 */
function sessionPaysFor(session: SessionObject, payment: PaymentRow): boolean {
  if (payment.providerReference !== null && payment.providerReference === session.id) return true;
  if (typeof session.amount_total !== 'number' || typeof session.currency !== 'string') {
    return false;
  }
  const currency = session.currency.toUpperCase();
  // Stripe counts in its own unit (ISK ×100, MGA whole ariary): ours are ISO minor units.
  return (
    currency === payment.currency &&
    fromStripeAmount(session.amount_total, currency) === payment.amountMinor
  );
}

/**
 * The marker, among the provider events, of a foreign session's PaymentIntent refunded here: its
 * charge.refunded names the booking but no payment of ours, and is ignored instead of awaited.
 */
const foreignIntentMarker = (intentId: string) => `foreign-intent:${intentId}`;

/** A paid session that names one of our bookings but does not pay its payment. */
interface ForeignSession {
  bookingId: string;
  paymentId: string;
  sessionId: string;
  intentId: string;
  amountMinor: number;
  currency: string;
}

/** The paid session as a foreign one, or null when it pays its booking or names none of ours. */
async function foreignPaidSession(
  deps: PaymentDeps,
  session: SessionObject,
): Promise<ForeignSession | null> {
  const bookingId = bookingIdOf(session);
  const intentId = idOf(session.payment_intent);
  if (!bookingId || !intentId || session.payment_status !== 'paid') return null;
  // Without an amount Stripe always sends, nothing can be refunded: sessionPaid ignores it.
  if (typeof session.amount_total !== 'number' || session.amount_total <= 0) return null;
  const payment = (await paymentsOfBookings(deps.db, [bookingId])).get(bookingId);
  if (payment?.provider !== 'stripe' || sessionPaysFor(session, payment)) return null;
  const currency = (session.currency ?? payment.currency).toUpperCase();
  return {
    bookingId,
    paymentId: payment.id,
    sessionId: session.id,
    intentId,
    amountMinor: fromStripeAmount(session.amount_total ?? 0, currency),
    currency,
  };
}

/**
 * Gives a foreign session's money back in full, before anything is recorded: the idempotency key
 * makes a second delivery ask once more for the same refund, and a refund Stripe cannot take now
 * answers 503 so that Stripe delivers the event again.
 */
async function refundForeignSession(deps: PaymentDeps, foreign: ForeignSession): Promise<string> {
  const stripe = deps.payments.stripe;
  try {
    if (!stripe) throw new Error('Stripe is no longer configured');
    const sent = await stripe.sendRefund({
      providerPaymentId: foreign.intentId,
      amountMinor: foreign.amountMinor,
      currency: foreign.currency,
      idempotencyKey: `refund-foreign-${foreign.sessionId}`,
      paymentId: foreign.paymentId,
      bookingId: foreign.bookingId,
    });
    if (sent.status === 'failed') throw new Error('Stripe turned the refund down');
    return sent.reference ?? 'unknown';
  } catch (err) {
    deps.log.error({ err, ...foreign }, 'a foreign session could not be refunded');
    throw new EventTooEarly();
  }
}

/**
 * Records a foreign session's payment, already refunded: the booking and its payment are left as
 * they are (no receipt), the audit log says what came and went, and the owner is mailed.
 */
async function foreignSessionPaid(
  deps: PaymentDeps,
  tx: Tx,
  foreign: ForeignSession,
  refundReference: string,
): Promise<EventOutcome> {
  const booking = await lockBookingById(tx, foreign.bookingId);
  if (!booking) return 'ignored';
  deps.log.error({ ...foreign }, 'a Stripe session that is not the payment’s own was refunded');
  await claimProviderEvent(tx, foreignIntentMarker(foreign.intentId), 'foreign_session.refunded');
  await insertAuditEntry(tx, {
    actorId: null,
    action: 'payment.foreign_session_refund',
    target: foreign.paymentId,
    details: { ...foreign, refundReference, bookingState: booking.state },
  });
  const owner = await bookingMailOwner(deps, tx);
  for (const to of owner.copyTo ?? []) {
    await deps.mailer.queueMail(
      foreignPaymentOwnerMail({
        to,
        bookingId: booking.id,
        serviceTitle: booking.serviceTitle,
        state: booking.state,
        sessionId: foreign.sessionId,
        intentId: foreign.intentId,
        amountMinor: foreign.amountMinor,
        currency: foreign.currency,
      }),
      tx,
    );
  }
  return 'applied';
}

/**
 * The booking and its payment, both locked, when the payment is a Stripe one or was until the owner
 * took it by hand (it keeps its last session, decision 046); null when the session is not ours.
 */
async function lockSessionBooking(tx: Tx, session: SessionObject) {
  const bookingId = bookingIdOf(session);
  const booking = bookingId ? await lockBookingById(tx, bookingId) : undefined;
  const payment = booking ? await lockPaymentOfBooking(tx, booking.id) : undefined;
  if (!booking || !payment) return null;
  if (payment.provider !== 'stripe' && payment.providerReference === null) return null;
  return { booking, payment };
}

async function sessionPaid(
  deps: PaymentDeps,
  tx: Tx,
  session: SessionObject,
  now: Date,
): Promise<EventOutcome> {
  const found = await lockSessionBooking(tx, session);
  if (!found) return 'ignored';
  const { booking, payment } = found;
  // Not the payment's session: a paid one was refunded and recorded before (foreignSessionPaid);
  // a delayed one neither stops the hold nor names the money that pays it.
  if (!sessionPaysFor(session, payment)) return 'ignored';
  const intentId = idOf(session.payment_intent);
  if (session.payment_status !== 'paid') {
    // A delayed method (a bank debit): completed, not paid yet. The hold waits for its outcome.
    if (booking.state === 'pending_payment' && payment.status === 'pending') {
      await updateBooking(tx, booking.id, { holdUntil: null });
      await updatePayment(tx, payment.id, { providerPaymentId: intentId });
      return 'applied';
    }
    return 'ignored';
  }
  if (payment.providerPaymentId !== null && payment.providerPaymentId === intentId) {
    return 'ignored';
  }
  const client = await findUserById(tx, booking.clientId);
  if (!client) return 'ignored';
  // Received by hand since (decision 046): this money is not the payment's, so never received here.
  const pays =
    payment.provider === 'stripe' && (payment.status === 'pending' || payment.status === 'failed');
  if (booking.state === 'pending_payment' && pays) {
    await applyPayment(deps, tx, booking, client, {
      now,
      providerPaymentId: intentId,
      actor: { type: 'system', userId: null },
    });
    return 'applied';
  }
  return paidForGoneBooking(deps, tx, booking, payment, client, intentId, now);
}

/**
 * Money paid for a booking the client no longer has (expired or cancelled), or already paid
 * another way: nobody is charged for it. Received and refunded in full, or (received already)
 * left for the owner to return, who is mailed either way.
 */
async function paidForGoneBooking(
  deps: PaymentDeps,
  tx: Tx,
  booking: BookingRow,
  payment: PaymentRow,
  client: UserRow,
  intentId: string | null,
  now: Date,
): Promise<EventOutcome> {
  const owner = await bookingMailOwner(deps, tx);
  const facts = { bookingId: booking.id, serviceTitle: booking.serviceTitle, state: booking.state };
  if (payment.provider !== 'stripe' || !canMovePayment(payment.status, 'paid')) {
    // The payment was already received another way: this second one is for the owner to return.
    deps.log.error({ ...facts, intentId }, 'a second payment arrived for a booking already paid');
    for (const to of owner.copyTo ?? []) {
      await deps.mailer.queueMail(
        latePaymentOwnerMail({ to, ...facts, intentId, refunded: false }),
        tx,
      );
    }
    return 'applied';
  }
  const received = await receivePayment(deps, tx, booking, client, {
    now,
    providerPaymentId: intentId,
  });
  await requestRefund(tx, received, {
    amountMinor: received.amountMinor,
    reason: `Paid after the booking was ${booking.state === 'expired' ? 'released' : 'cancelled'}: refunded in full`,
    by: null,
  });
  await insertAuditEntry(tx, {
    actorId: null,
    action: 'payment.late_refund',
    target: received.id,
    details: {
      ...auditChange(
        { status: payment.status, refundPendingMinor: payment.refundPendingMinor },
        { status: received.status, refundPendingMinor: received.amountMinor },
      ),
      ...facts,
      amountMinor: received.amountMinor,
      currency: received.currency,
    },
  });
  for (const to of owner.copyTo ?? []) {
    await deps.mailer.queueMail(
      latePaymentOwnerMail({ to, ...facts, intentId, refunded: true }),
      tx,
    );
  }
  return 'applied';
}

/** The session ended unpaid (expired at Stripe, or its delayed payment failed): the hold ends. */
async function sessionEnded(
  deps: PaymentDeps,
  tx: Tx,
  session: SessionObject,
  now: Date,
  reason: 'checkout expired' | 'payment failed',
): Promise<EventOutcome> {
  const found = await lockSessionBooking(tx, session);
  if (!found) return 'ignored';
  const { booking, payment } = found;
  // An older session of a booking that has a newer one says nothing about the newer one.
  const current = payment.providerReference === session.id;
  if (booking.state !== 'pending_payment' || payment.status !== 'pending' || !current) {
    return 'ignored';
  }
  if (reason === 'payment failed') await updatePayment(tx, payment.id, { status: 'failed' });
  await expireHeldBooking(deps, tx, booking, now, { reason });
  return 'applied';
}

/**
 * charge.refunded of a PaymentIntent several payments share (a series paid in one checkout, issue
 * 25): Stripe's total is the sum of the refunds of all of them. Each payment's pending refunds are
 * settled in order while the increase covers them; what is left was given back in Stripe's
 * dashboard and is recorded on the payments that still have room, never beyond what each received.
 */
async function sharedIntentRefunded(
  deps: PaymentDeps,
  tx: Tx,
  shared: PaymentRow[],
  charge: ChargeObject,
): Promise<EventOutcome> {
  const refunded = fromStripeAmount(charge.amount_refunded ?? 0, shared[0]!.currency);
  const received = shared.reduce((sum, payment) => sum + payment.amountMinor, 0);
  const known = shared.reduce((sum, payment) => sum + payment.refundedMinor, 0);
  let increase = Math.min(refunded, received) - known;
  if (increase <= 0) return 'ignored';
  const plans = [];
  for (const payment of shared) {
    const settled = [];
    for (const refund of await lockPendingRefunds(tx, payment.id)) {
      if (refund.amountMinor > increase) break;
      settled.push(refund);
      increase -= refund.amountMinor;
    }
    plans.push({ payment, settled });
  }
  for (const plan of plans) {
    if (increase <= 0) break;
    const { payment } = plan;
    const amountMinor = Math.min(
      payment.amountMinor - payment.refundedMinor - payment.refundPendingMinor,
      increase,
    );
    if (amountMinor <= 0) continue;
    plan.settled.push(
      await insertRefund(tx, {
        paymentId: payment.id,
        amountMinor,
        reason: 'Refunded in Stripe',
        status: 'pending',
      }),
    );
    await updatePayment(tx, payment.id, {
      refundPendingMinor: payment.refundPendingMinor + amountMinor,
    });
    payment.refundPendingMinor += amountMinor;
    increase -= amountMinor;
  }
  for (const { payment, settled } of plans) {
    if (settled.length === 0) continue;
    const total = settled.reduce((sum, refund) => sum + refund.amountMinor, payment.refundedMinor);
    await settleRefunds(deps, tx, payment, settled, total);
  }
  return 'applied';
}

async function chargeRefunded(
  deps: PaymentDeps,
  tx: Tx,
  charge: ChargeObject,
): Promise<EventOutcome> {
  const intentId = idOf(charge.payment_intent);
  const shared = intentId ? await lockPaymentsByProviderPaymentId(tx, intentId) : [];
  // A series' sessions share one PaymentIntent: Stripe's total covers all their refunds.
  if (shared.length > 1) return sharedIntentRefunded(deps, tx, shared, charge);
  const payment = shared[0];
  if (!payment) {
    // A refund of a payment whose own event has not arrived yet: Stripe delivers it again later.
    const bookingId = charge.metadata?.bookingId;
    // A foreign session's money, refunded by foreignSessionPaid: no payment of ours will have it.
    if (intentId && (await providerEventRecorded(tx, foreignIntentMarker(intentId)))) {
      return 'ignored';
    }
    if (bookingId && isUuid(bookingId) && (await findBookingFacts(tx, bookingId))) {
      throw new EventTooEarly();
    }
    return 'ignored';
  }
  // Stripe counts in its own unit (ISK ×100, MGA whole ariary): ours are ISO minor units.
  const refunded = fromStripeAmount(charge.amount_refunded ?? 0, payment.currency);
  const total = Math.min(refunded, payment.amountMinor);
  let increase = total - payment.refundedMinor;
  if (increase <= 0) return 'ignored';
  const settled = [];
  for (const refund of await lockPendingRefunds(tx, payment.id)) {
    if (refund.amountMinor > increase) break;
    settled.push(refund);
    increase -= refund.amountMinor;
  }
  if (increase > 0) {
    // Given back in Stripe's dashboard, not here: recorded as Stripe says.
    const made = await insertRefund(tx, {
      paymentId: payment.id,
      amountMinor: increase,
      reason: 'Refunded in Stripe',
      status: 'pending',
    });
    settled.push(made);
    // A package's unused credits go with it, as with a refund made here (decision 064).
    if (payment.purpose === 'package') {
      await deps.packagePayments.refundRecorded(tx, payment, {
        id: made.id,
        amountMinor: increase,
        actorId: null,
      });
    }
    await updatePayment(tx, payment.id, {
      refundPendingMinor: payment.refundPendingMinor + increase,
    });
    payment.refundPendingMinor += increase;
  }
  await settleRefunds(deps, tx, payment, settled, total);
  return 'applied';
}

/**
 * A refund Stripe failed or canceled. Still pending here: ours fails and its amount is free to
 * refund again. Already settled here (Stripe sends charge.refunded when a refund is created, its
 * total counting refunds still on their way): ours fails too and the payment's refunded total goes
 * back down, its status following; the client was told the money was on its way, so the owner is
 * told to contact them. Either way the owner is mailed and the audit log written. A refund already
 * failed or not ours is left as it is, so the several events Stripe sends for one failure act once.
 */
async function refundEnded(deps: PaymentDeps, tx: Tx, object: RefundObject): Promise<EventOutcome> {
  if (object.status !== 'failed' && object.status !== 'canceled') return 'ignored';
  // Payment first, then its refund: the order sendRefund and charge.refunded lock them in.
  const found = object.id ? await findRefundByProviderReference(tx, object.id) : undefined;
  const payment = found ? await lockPayment(tx, found.paymentId) : undefined;
  const refund = found && payment ? await lockRefund(tx, found.id) : undefined;
  if (!payment || payment.provider !== 'stripe' || !refund) return 'ignored';
  const clientTold = refund.status === 'succeeded';
  let failed: PaymentRow;
  if (refund.status === 'pending') failed = await failRefund(deps, tx, payment, refund);
  else if (clientTold) failed = await reverseRefund(deps, tx, payment, refund);
  else return 'ignored';
  const failureReason = object.failure_reason ?? object.status;
  const booking = payment.bookingId ? await findBookingFacts(tx, payment.bookingId) : undefined;
  await insertAuditEntry(tx, {
    actorId: null,
    action: 'payment.refund_failed',
    target: payment.id,
    details: {
      ...auditChange(
        {
          refundStatus: refund.status,
          paymentStatus: payment.status,
          refundedMinor: payment.refundedMinor,
          refundPendingMinor: payment.refundPendingMinor,
        },
        {
          refundStatus: 'failed',
          paymentStatus: failed.status,
          refundedMinor: failed.refundedMinor,
          refundPendingMinor: failed.refundPendingMinor,
        },
      ),
      refundId: refund.id,
      providerReference: object.id,
      bookingId: payment.bookingId,
      amountMinor: refund.amountMinor,
      currency: payment.currency,
      failureReason,
    },
  });
  // A package's payment names what was bought (decision 064); a booking's, the booking.
  const bought = booking
    ? undefined
    : (await deps.packagePayments.purchasesOfPayments(tx, [payment.id])).get(payment.id);
  if (!booking && !bought) return 'applied';
  const owner = await bookingMailOwner(deps, tx);
  const [client] = await findUserContacts(tx, [payment.clientId]);
  const paidFor = booking
    ? `the booking of ${booking.serviceTitle} on ${formatMailTime(booking.startAt, owner.timeZone)} (${booking.id})`
    : `the package ${packageLine(bought!)} (purchase ${bought!.purchaseId})`;
  for (const to of owner.copyTo ?? []) {
    await deps.mailer.queueMail(
      refundFailedOwnerMail({
        to,
        appUrl: deps.config.APP_URL,
        paymentId: payment.id,
        paidFor,
        clientName: client?.name ?? 'the client',
        amountMinor: refund.amountMinor,
        currency: payment.currency,
        failureReason,
        clientTold,
      }),
      tx,
    );
  }
  return 'applied';
}

/**
 * A package purchase's Checkout Session (issue 24), applied once like a booking's: paid, the
 * purchase gets its receipt and credits; ended unpaid, it is cancelled. A session that does not pay
 * the purchase's payment (another amount), or pays one received already, changes nothing and is
 * logged for the owner to look at.
 */
async function packageSessionEvent(
  deps: PaymentDeps & Pick<AppDeps, 'packagePayments'>,
  event: StripeEventLike,
  session: SessionObject,
  now: Date,
): Promise<EventOutcome> {
  const paymentId = session.metadata?.paymentId;
  return deps.db.transaction(async (tx): Promise<EventOutcome> => {
    if (!(await claimProviderEvent(tx, event.id, event.type))) return 'duplicate';
    const payment = paymentId && isUuid(paymentId) ? await lockPayment(tx, paymentId) : undefined;
    if (payment?.purpose !== 'package' || payment.provider !== 'stripe') return 'ignored';
    if (!sessionPaysFor(session, payment)) return 'ignored';
    const intentId = idOf(session.payment_intent);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        if (session.payment_status !== 'paid') {
          await updatePayment(tx, payment.id, { providerPaymentId: intentId });
          return 'applied';
        }
        if (!canMovePayment(payment.status, 'paid')) {
          deps.log.error(
            { paymentId: payment.id, intentId, status: payment.status },
            'a package payment arrived for a purchase no longer awaiting it',
          );
          return 'ignored';
        }
        await deps.packagePayments.purchasePaid(deps, tx, payment, {
          now,
          providerPaymentId: intentId,
        });
        return 'applied';
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed':
        if (payment.status !== 'pending') return 'ignored';
        await deps.packagePayments.purchaseCancelled(tx, payment.id);
        await updatePayment(tx, payment.id, { status: 'cancelled' });
        return 'applied';
      default:
        return 'ignored';
    }
  });
}

/**
 * A series' Checkout Session (issue 25), applied once: every payment made for it (found by the
 * session's id, one per session) is received with its own receipt and its booking confirmed, with
 * one confirmation for them all; a session no longer held is refunded as a single booking's would
 * be. Ended unpaid, the sessions whose holds have run out are released (the hold-expiry job
 * releases the others at their end, so a session the owner closed early takes no time away).
 */
async function seriesSessionEvent(
  deps: PaymentDeps,
  event: StripeEventLike,
  session: SessionObject,
  now: Date,
): Promise<EventOutcome> {
  const found = await paymentsByProviderReference(deps.db, session.id);
  const touched: string[] = [];
  const outcome = await deps.db.transaction(async (tx): Promise<EventOutcome> => {
    if (!(await claimProviderEvent(tx, event.id, event.type))) return 'duplicate';
    // Bookings before their payments, the order every booking change locks them in.
    const sessions: { booking: BookingRow; payment: PaymentRow }[] = [];
    for (const row of found) {
      const booking = row.bookingId ? await lockBookingById(tx, row.bookingId) : undefined;
      const payment = booking ? await lockPaymentOfBooking(tx, booking.id) : undefined;
      if (booking && payment?.providerReference === session.id) sessions.push({ booking, payment });
    }
    if (sessions.length === 0) return 'ignored';
    const intentId = idOf(session.payment_intent);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const total = sessions.reduce((sum, { payment }) => sum + payment.amountMinor, 0);
        const currency = (session.currency ?? '').toUpperCase();
        const amount =
          typeof session.amount_total === 'number'
            ? fromStripeAmount(session.amount_total, currency)
            : null;
        if (currency !== sessions[0]!.payment.currency || amount !== total) {
          deps.log.error(
            { sessionId: session.id, amount, total, currency },
            'a series checkout paid an amount that is not its sessions’ total',
          );
          return 'ignored';
        }
        if (session.payment_status !== 'paid') {
          // A delayed method: the holds wait for its outcome.
          for (const { booking, payment } of sessions) {
            if (booking.state !== 'pending_payment' || payment.status !== 'pending') continue;
            await updateBooking(tx, booking.id, { holdUntil: null });
            await updatePayment(tx, payment.id, { providerPaymentId: intentId });
          }
          return 'applied';
        }
        const confirmed: BookingRow[] = [];
        let client: UserRow | undefined;
        for (const { booking, payment } of sessions) {
          if (payment.providerPaymentId !== null && payment.providerPaymentId === intentId)
            continue;
          client ??= await findUserById(tx, booking.clientId);
          if (!client) return 'ignored';
          touched.push(booking.id);
          const pays =
            payment.provider === 'stripe' &&
            (payment.status === 'pending' || payment.status === 'failed');
          if (booking.state === 'pending_payment' && pays) {
            confirmed.push(
              await applyPayment(deps, tx, booking, client, {
                now,
                providerPaymentId: intentId,
                actor: { type: 'system', userId: null },
                mail: false,
              }),
            );
          } else {
            await paidForGoneBooking(deps, tx, booking, payment, client, intentId, now);
          }
        }
        if (client && confirmed.length > 0) {
          await queueSeriesConfirmationOf(deps, tx, confirmed, client);
        }
        return touched.length > 0 ? 'applied' : 'ignored';
      }
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed': {
        let applied = false;
        for (const { booking, payment } of sessions) {
          if (booking.state !== 'pending_payment' || payment.status !== 'pending') continue;
          const failed = event.type === 'checkout.session.async_payment_failed';
          if (!failed && booking.holdUntil !== null && booking.holdUntil > now) continue;
          if (failed) await updatePayment(tx, payment.id, { status: 'failed' });
          await expireHeldBooking(deps, tx, booking, now, {
            reason: failed ? 'payment failed' : 'checkout expired',
          });
          applied = true;
        }
        return applied ? 'applied' : 'ignored';
      }
      default:
        return 'ignored';
    }
  });
  if (outcome === 'applied') {
    for (const bookingId of touched) await sendRefundsOfBooking(deps, bookingId);
  }
  return outcome;
}

/**
 * Applies a verified event once. The refund a late payment needs is sent after the transaction;
 * the refund job sends it if that fails.
 */
export async function applyStripeEvent(
  deps: PaymentDeps & Pick<AppDeps, 'packagePayments'>,
  event: StripeEventLike,
): Promise<EventOutcome> {
  const now = deps.clock();
  const object = event.data.object as SessionObject & ChargeObject & RefundObject;
  if (event.type.startsWith('checkout.session.') && object.metadata?.purpose === 'package') {
    return packageSessionEvent(deps, event, object, now);
  }
  if (event.type.startsWith('checkout.session.') && object.metadata?.purpose === 'series') {
    return seriesSessionEvent(deps, event, object, now);
  }
  const paidEvent =
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded';
  // A paid session that is not the payment's own is refunded first; what the transaction records
  // is then true. A booking's payment, its reference and amount, are the same then and later.
  const foreign = paidEvent ? await foreignPaidSession(deps, object) : null;
  const refundReference = foreign ? await refundForeignSession(deps, foreign) : null;
  const outcome = await deps.db.transaction(async (tx): Promise<EventOutcome> => {
    if (!(await claimProviderEvent(tx, event.id, event.type))) return 'duplicate';
    if (foreign && refundReference) return foreignSessionPaid(deps, tx, foreign, refundReference);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return sessionPaid(deps, tx, object, now);
      case 'checkout.session.expired':
        return sessionEnded(deps, tx, object, now, 'checkout expired');
      case 'checkout.session.async_payment_failed':
        return sessionEnded(deps, tx, object, now, 'payment failed');
      case 'charge.refunded':
        return chargeRefunded(deps, tx, object);
      case 'refund.failed':
      case 'refund.updated':
      case 'charge.refund.updated':
        return refundEnded(deps, tx, object);
      default:
        return 'ignored';
    }
  });
  const bookingId =
    event.type.startsWith('checkout.session.') && !foreign ? bookingIdOf(object) : null;
  if (outcome === 'applied' && bookingId) await sendRefundsOfBooking(deps, bookingId);
  return outcome;
}

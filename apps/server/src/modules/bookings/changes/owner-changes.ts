/** What only the owner does to a booking: mark it completed or no-show, record a payment. */
import { BOOKING_MESSAGES, type BookingState, type MarkPaidInput } from '@consult/shared';
import { HttpProblem } from '../../../plugins/errors';
import { initialReminderSentAt } from '../booking-state';
import type { ManualReceipt } from '../booking-payment-hooks';
import type { Tx } from '../../../db/client';
import { insertAuditEntry } from '../../audit';
import type { UserRow } from '../../users';
import { insertBookingEvent, updateBooking, type BookingRow } from '../bookings-repository';
import { loadSchedulingSettings } from '../scheduling-settings';
import {
  bookingClient,
  changeContext,
  clientView,
  lockOwnBooking,
  mailChange,
  meetingUrlFor,
  notFound,
  recordChange,
  requireStateChange,
  type BookingActorRef,
  type BookingDeps,
  type CreditedBookingDeps,
  type BookingOutcome,
} from './change-steps';

/**
 * The owner marks a booking completed or no-show once it has started, or corrects one mark to the
 * other. No mail: nothing changes for the client's calendar.
 */
export async function changeBookingState(
  deps: CreditedBookingDeps,
  actor: BookingActorRef,
  bookingId: string,
  to: Extract<BookingState, 'completed' | 'no_show'>,
  now: Date = deps.clock(),
): Promise<BookingOutcome> {
  const { view } = await changeContext(deps, now);
  return deps.db.transaction(async (tx) => {
    const booking = await lockOwnBooking(tx, actor, bookingId);
    requireStateChange(booking, to, actor, view);
    const updated = await updateBooking(tx, booking.id, { state: to });
    await recordChange(tx, actor, booking, { action: to, toState: to });
    // A no-show forfeits a package credit that paid the booking (the late-cancellation rule).
    if (to === 'no_show') {
      await deps.bookingCredits.settleCredit(tx, {
        bookingId: booking.id,
        outcome: 'forfeited',
        actorId: actor.userId,
      });
    }
    const client = await bookingClient(tx, booking);
    return { booking: updated, client: clientView(client), view };
  });
}

/**
 * The owner records a manual payment: paidAt set, paymentDue cleared, the payment paid with its
 * receipt number and mail, and how and on which day the money arrived (today in the owner's zone
 * when not given; 400 when after it). A booking still held for payment is confirmed by it (with its
 * meeting link and the confirmation mail), once its Stripe Checkout Session is closed (decision 046).
 */
export async function markBookingPaid(
  deps: BookingDeps,
  actor: BookingActorRef,
  bookingId: string,
  input: MarkPaidInput,
  now: Date = deps.clock(),
): Promise<BookingOutcome> {
  const { view } = await changeContext(deps, now);
  // Only the owner receives payments; to a client it is no operation on their bookings.
  if (actor.type !== 'owner') throw notFound();
  const manual = await deps.bookingPayments.manualReceiptOf(deps, deps.db, now, input);
  return deps.db.transaction(async (tx) => {
    const booking = await lockOwnBooking(tx, actor, bookingId);
    if (booking.state === 'cancelled' || booking.state === 'expired') {
      throw new HttpProblem(409, BOOKING_MESSAGES.paymentClosed);
    }
    if (!booking.paymentDue) throw new HttpProblem(409, BOOKING_MESSAGES.paymentNotDue);
    // A booking held for Stripe: its payment page is closed first, so the client cannot pay twice.
    const before = await deps.bookingPayments.closeCheckoutForManualPayment(deps, tx, booking.id);
    const client = await bookingClient(tx, booking);
    const updated = await applyPayment(deps, tx, booking, client, {
      now,
      manual,
      providerBefore: before?.provider,
      actor: { type: 'owner', userId: actor.userId },
    });
    return { booking: updated, client: clientView(client), view };
  });
}

/**
 * A due payment received, by the owner's hand or the provider's webhook (`actor` system): the
 * payment paid with its receipt, the booking's payment no longer due, and a booking held for payment
 * confirmed (meeting link, confirmation mail). `booking` is locked by the caller.
 */
export async function applyPayment(
  deps: BookingDeps,
  tx: Tx,
  booking: BookingRow,
  client: UserRow,
  options: {
    now: Date;
    manual?: ManualReceipt;
    providerPaymentId?: string | null;
    /** The payment's provider before the owner marked it paid, for the audit log. */
    providerBefore?: string;
    actor: { type: 'owner' | 'system'; userId: string | null };
    /** False: the caller sends one confirmation for several (a series' checkout paid). */
    mail?: boolean;
  },
): Promise<BookingRow> {
  const { now, actor } = options;
  const confirms = booking.state === 'pending_payment';
  const settings = confirms ? await loadSchedulingSettings(tx, deps.log) : null;
  const updated = await updateBooking(tx, booking.id, {
    paymentDue: false,
    paidAt: now,
    ...(settings && {
      state: 'confirmed' as const,
      holdUntil: null,
      meetingUrl: meetingUrlFor(booking.meetingMode, settings.meetingLinks),
      reminderSentAt: initialReminderSentAt(booking.startAt, now),
    }),
  });
  await insertBookingEvent(tx, {
    bookingId: booking.id,
    action: 'paid',
    fromState: booking.state,
    toState: updated.state,
    actorType: actor.type,
    actorId: actor.userId,
    details: {},
  });
  if (confirms && options.mail !== false) {
    await mailChange(deps, tx, 'confirmed', updated, client);
  }
  // Last: the receipt number's counter row is locked from here to the commit.
  const payment = await deps.bookingPayments.receivePayment(deps, tx, booking, client, options);
  if (actor.type === 'owner') {
    // A booking held for Stripe and paid by hand is a manual payment from now on (decision 046).
    const providerChanged =
      options.providerBefore !== undefined && options.providerBefore !== payment.provider;
    await insertAuditEntry(tx, {
      actorId: actor.userId,
      action: 'payment.mark_paid',
      target: payment.id,
      details: {
        bookingId: booking.id,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        receiptNumber: payment.receiptNumber,
        note: options.manual?.note ?? null,
        before: {
          status: 'pending',
          bookingState: booking.state,
          ...(providerChanged && { provider: options.providerBefore }),
        },
        after: {
          status: payment.status,
          bookingState: updated.state,
          ...(providerChanged && { provider: payment.provider }),
          paidMethod: options.manual?.method ?? null,
          receivedOn: options.manual?.receivedOn ?? null,
        },
      },
    });
  }
  return updated;
}

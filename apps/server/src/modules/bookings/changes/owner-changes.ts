/** What only the owner does to a booking: mark it completed or no-show, record a payment. */
import { BOOKING_MESSAGES, type BookingState } from '@consult/shared';
import { HttpProblem } from '../../../plugins/errors';
import { receivePayment } from '../../payments/payment-steps';
import { initialReminderSentAt } from '../booking-state';
import { updateBooking } from '../bookings-repository';
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
  type BookingOutcome,
} from './change-steps';

/**
 * The owner marks a booking completed or no-show once it has started, or corrects one mark to the
 * other. No mail: nothing changes for the client's calendar.
 */
export async function changeBookingState(
  deps: BookingDeps,
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
    const client = await bookingClient(tx, booking);
    return { booking: updated, client: clientView(client), view };
  });
}

/**
 * The owner records a manual payment: paidAt set, paymentDue cleared, the payment paid with its
 * receipt number and mail. A booking still held for payment is confirmed by it (with its meeting
 * link and the confirmation mail).
 */
export async function markBookingPaid(
  deps: BookingDeps,
  actor: BookingActorRef,
  bookingId: string,
  now: Date = deps.clock(),
  note: string | null = null,
): Promise<BookingOutcome> {
  const { settings, view } = await changeContext(deps, now);
  // Only the owner receives payments; to a client it is no operation on their bookings.
  if (actor.type !== 'owner') throw notFound();
  return deps.db.transaction(async (tx) => {
    const booking = await lockOwnBooking(tx, actor, bookingId);
    if (booking.state === 'cancelled' || booking.state === 'expired') {
      throw new HttpProblem(409, BOOKING_MESSAGES.paymentClosed);
    }
    if (!booking.paymentDue) throw new HttpProblem(409, BOOKING_MESSAGES.paymentNotDue);
    const client = await bookingClient(tx, booking);
    await receivePayment(deps, tx, booking, client, { now, note });
    const confirms = booking.state === 'pending_payment';
    const updated = await updateBooking(tx, booking.id, {
      paymentDue: false,
      paidAt: now,
      ...(confirms && {
        state: 'confirmed' as const,
        holdUntil: null,
        meetingUrl: meetingUrlFor(booking.meetingMode, settings.meetingLinks),
        reminderSentAt: initialReminderSentAt(booking.startAt, now),
      }),
    });
    await recordChange(tx, actor, booking, { action: 'paid', toState: updated.state });
    if (confirms) await mailChange(deps, tx, 'confirmed', updated, client);
    return { booking: updated, client: clientView(client), view };
  });
}

/** Cancelling a held or confirmed booking. */
import { beforeCancellationCutoff } from '../booking-state';
import type { Tx } from '../../../db/client';
import type { ViewContext } from '../booking-view';
import { updateBooking, type BookingRow } from '../bookings-repository';
import {
  bookingClient,
  changeContext,
  clientView,
  lockOwnBooking,
  mailChange,
  recordChange,
  requireClientChange,
  requireStateChange,
  type BookingActorRef,
  type CreditedBookingDeps,
  type BookingOutcome,
} from './change-steps';

/**
 * The cancellation of a booking already locked in `tx`, with everything it settles in the same
 * transaction: the client's right to cancel (before the cutoff), its event (audited for the owner),
 * the payment (`deps.bookingPayments.settleOnCancel`), a package credit that paid it (given back
 * before the cutoff, forfeited after it, by the same policy (`beforeCancellationCutoff`) whoever
 * cancels) and the mails. A series' cancellation runs it once per session, by each one's own start.
 */
export async function cancelLockedBooking(
  deps: CreditedBookingDeps,
  tx: Tx,
  actor: BookingActorRef,
  booking: BookingRow,
  view: ViewContext,
  reason: string | null,
): Promise<BookingOutcome> {
  const { now } = view;
  // A client hears the same reason their booking's clientChange shows.
  if (actor.type === 'client') requireClientChange(booking, view);
  requireStateChange(booking, 'cancelled', actor, view);
  const updated = await updateBooking(tx, booking.id, {
    state: 'cancelled',
    cancelledAt: now,
    holdUntil: null,
    icsSequence: booking.icsSequence + 1,
  });
  await recordChange(tx, actor, booking, {
    action: 'cancelled',
    toState: 'cancelled',
    details: reason ? { reason } : {},
  });
  const client = await bookingClient(tx, booking);
  const refund = await deps.bookingPayments.settleOnCancel(deps, tx, booking, actor);
  await deps.bookingCredits.settleCredit(tx, {
    bookingId: booking.id,
    outcome: beforeCancellationCutoff(booking.startAt, now, view.cutoffHours)
      ? 'returned'
      : 'forfeited',
    actorId: actor.userId,
  });
  await mailChange(deps, tx, 'cancelled', updated, client, { reason, refund });
  return { booking: updated, client: clientView(client), view };
}

/**
 * Cancels a held or confirmed booking: a client only before the cutoff, the owner any time
 * (`cancelLockedBooking`), and sends the provider's refund it gave once committed.
 */
export async function cancelBooking(
  deps: CreditedBookingDeps,
  actor: BookingActorRef,
  bookingId: string,
  input: { reason: string | null },
  now: Date = deps.clock(),
): Promise<BookingOutcome> {
  const { view } = await changeContext(deps, now);
  const outcome = await deps.db.transaction(async (tx) => {
    const booking = await lockOwnBooking(tx, actor, bookingId);
    return cancelLockedBooking(deps, tx, actor, booking, view, input.reason);
  });
  // A provider's refund the cancellation gave goes out now (the refund job sends it if this fails);
  // a manual one stays owed until the owner confirms sending it.
  await deps.bookingPayments.sendRefundsOfBooking(deps, bookingId);
  return outcome;
}

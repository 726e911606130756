/** Moving a booking to another start. */
import { HttpProblem } from '../../../plugins/errors';
import { canOwnerChange, CHANGE_MESSAGES, initialReminderSentAt } from '../booking-state';
import { updateBooking } from '../bookings-repository';
import { isExclusionViolation } from '../../../db/database-errors';
import type { SlotService } from '../availability/slots';
import {
  addMinutes,
  bookingClient,
  changeContext,
  checkTimeFree,
  clientView,
  keptRange,
  lockOwnBooking,
  mailChange,
  recordChange,
  requireClientChange,
  SlotUnavailable,
  slotTakenProblem,
  type BookingActorRef,
  type TimedBookingDeps,
  type BookingOutcome,
} from './change-steps';

export interface RescheduleBookingInput {
  start: string;
  /** Owner only, as for createBooking. */
  outsideHours?: boolean;
}

/**
 * Moves a held or confirmed booking to another start in ONE update of its row: the exclusion
 * constraint checks the new time against the other bookings, so the old time is freed exactly when
 * the new one is taken. A client only before the cutoff and only to an offered slot.
 */
export async function rescheduleBooking(
  deps: TimedBookingDeps,
  actor: BookingActorRef,
  bookingId: string,
  input: RescheduleBookingInput,
  now: Date = deps.clock(),
): Promise<BookingOutcome> {
  const { settings, view } = await changeContext(deps, now);
  const start = new Date(input.start);
  let service: SlotService | undefined;
  try {
    return await deps.db.transaction(async (tx) => {
      const booking = await lockOwnBooking(tx, actor, bookingId);
      service = { durationMinutes: booking.durationMinutes };
      if (actor.type === 'client') {
        requireClientChange(booking, view);
      } else if (!canOwnerChange(booking)) {
        throw new HttpProblem(409, CHANGE_MESSAGES.notChangeable);
      }
      const client = await bookingClient(tx, booking);
      if (start.getTime() === booking.startAt.getTime()) {
        return { booking, client: clientView(client), view };
      }
      await checkTimeFree(tx, deps.calendarBusy, service, start, now, settings, {
        outsideHours: actor.type === 'owner' && input.outsideHours === true,
        exceptBookingId: booking.id,
      });
      const end = addMinutes(start, booking.durationMinutes);
      const updated = await updateBooking(tx, booking.id, {
        startAt: start,
        endAt: end,
        blockedUntil: keptRange(start, booking, settings).end,
        icsSequence: booking.icsSequence + 1,
        reminderSentAt: initialReminderSentAt(start, now),
      });
      await recordChange(tx, actor, booking, {
        action: 'rescheduled',
        toState: updated.state,
        details: { previousStart: booking.startAt.toISOString(), start: start.toISOString() },
      });
      await mailChange(deps, tx, 'rescheduled', updated, client, {
        previousStart: booking.startAt,
      });
      return { booking: updated, client: clientView(client), view };
    });
  } catch (error) {
    if (service && (error instanceof SlotUnavailable || isExclusionViolation(error))) {
      throw await slotTakenProblem(
        deps.db,
        deps.calendarBusy,
        service,
        start,
        now,
        settings,
        bookingId,
      );
    }
    throw error;
  }
}

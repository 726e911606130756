/**
 * Cancelling a series (issue 25): one session and the following (`from`), or every future one.
 * Each session goes through the single booking's cancellation (`cancelLockedBooking`) by its own
 * start: the cutoff, the refund or the credit back are decided per session, all in one transaction.
 * A client's sessions already inside the cutoff stay booked (they can no longer cancel them); the
 * owner's are all cancelled.
 */
import { SERIES_MESSAGES } from '@consult/shared';
import { isUuid } from '../../../db/uuid';
import { HttpProblem } from '../../../plugins/errors';
import { insertAuditEntry } from '../../audit';
import { canClientChange } from '../booking-state';
import type { ViewContext } from '../booking-view';
import { lockBookingById, type BookingRow } from '../bookings-repository';
import { cancelLockedBooking } from '../changes/cancel-booking';
import {
  changeContext,
  requireClientChange,
  type BookingActorRef,
  type CreditedBookingDeps,
} from '../changes/change-steps';
import {
  listSeriesBookings,
  lockActiveSeriesBookings,
  lockSeries,
  type SeriesRow,
} from './series-repository';

function seriesNotFound(): HttpProblem {
  return new HttpProblem(404, SERIES_MESSAGES.seriesNotFound);
}

export async function cancelSeries(
  deps: CreditedBookingDeps,
  actor: BookingActorRef,
  seriesId: string,
  input: { from?: string; reason?: string | null },
  now: Date = deps.clock(),
): Promise<{ series: SeriesRow; bookings: BookingRow[]; view: ViewContext }> {
  const { view } = await changeContext(deps, now);
  const reason = input.reason ?? null;
  const { series, cancelled } = await deps.db.transaction(async (tx) => {
    const series = isUuid(seriesId) ? await lockSeries(tx, seriesId) : undefined;
    if (!series || (actor.type === 'client' && series.clientId !== actor.userId)) {
      throw seriesNotFound();
    }
    let from = now;
    if (input.from !== undefined) {
      const first = isUuid(input.from) ? await lockBookingById(tx, input.from) : undefined;
      if (!first || first.seriesId !== series.id) {
        throw new HttpProblem(404, SERIES_MESSAGES.fromNotInSeries);
      }
      // The client asked for this one by name: they hear why it cannot be cancelled.
      if (actor.type === 'client') requireClientChange(first, view);
      from = first.startAt;
    }
    const sessions = await lockActiveSeriesBookings(tx, series.id, from);
    const changeable =
      actor.type === 'owner'
        ? sessions
        : sessions.filter(
            (session) =>
              canClientChange(
                { state: session.state, start: session.startAt },
                now,
                view.cutoffHours,
              ).allowed,
          );
    if (changeable.length === 0) throw new HttpProblem(409, SERIES_MESSAGES.nothingToCancel);
    const cancelled: BookingRow[] = [];
    for (const session of changeable) {
      cancelled.push((await cancelLockedBooking(deps, tx, actor, session, view, reason)).booking);
    }
    if (actor.type === 'owner') {
      await insertAuditEntry(tx, {
        actorId: actor.userId,
        action: 'booking_series.cancelled',
        target: series.id,
        details: {
          from: input.from ?? null,
          cancelled: cancelled.map((booking) => ({
            id: booking.id,
            start: booking.startAt.toISOString(),
          })),
        },
      });
    }
    return { series, cancelled };
  });
  // Each provider refund the cancellations gave goes out now (the refund job sends any that fail).
  for (const booking of cancelled) {
    await deps.bookingPayments.sendRefundsOfBooking(deps, booking.id);
  }
  return { series, bookings: await listSeriesBookings(deps.db, series.id), view };
}

/**
 * The caps on one client's unpaid bookings (decision 045): so that nobody can hold a whole day,
 * a client may hold only so many bookings waiting for online payment at once, and, when the owner
 * sets a cap, have only so many upcoming bookings not paid yet under manual payments. The owner
 * booking for a client is not capped: the owner arranges that payment with them.
 */
import {
  BOOKING_LIMIT_PROBLEM_TYPE,
  BOOKING_MESSAGES,
  type BookingLimitKind,
  type BookingRules,
  type PaymentProvider,
} from '@consult/shared';
import type { Tx } from '../../../db/client';
import { HttpProblem } from '../../../plugins/errors';
import {
  countHeldBookings,
  countUnpaidUpcomingBookings,
  lockClientBookings,
} from '../bookings-repository';

function limitReached(kind: BookingLimitKind, limit: number): HttpProblem {
  const detail =
    kind === 'held'
      ? BOOKING_MESSAGES.heldLimitReached(limit)
      : BOOKING_MESSAGES.unpaidLimitReached(limit);
  return new HttpProblem(409, detail, {
    type: BOOKING_LIMIT_PROBLEM_TYPE,
    members: { bookingLimit: { kind, limit } },
  });
}

/**
 * 409 when a client's new paid booking would go over their cap, checked under a per-client lock
 * held until the booking's transaction ends, so two bookings sent at once cannot both pass.
 */
export async function requireUnderClientCaps(
  tx: Tx,
  booking: {
    clientId: string;
    priceMinor: number;
    provider: PaymentProvider;
    rules: Pick<BookingRules, 'maxHeldBookingsPerClient' | 'maxUnpaidBookingsPerClient'>;
    now: Date;
  },
): Promise<void> {
  const { clientId, rules, now } = booking;
  if (booking.priceMinor <= 0) return;
  const unpaidCap = booking.provider === 'manual' ? rules.maxUnpaidBookingsPerClient : null;
  if (booking.provider !== 'stripe' && unpaidCap === null) return;
  await lockClientBookings(tx, clientId);
  if (booking.provider === 'stripe') {
    const held = await countHeldBookings(tx, clientId, now);
    if (held >= rules.maxHeldBookingsPerClient) {
      throw limitReached('held', rules.maxHeldBookingsPerClient);
    }
  }
  if (unpaidCap !== null && (await countUnpaidUpcomingBookings(tx, clientId, now)) >= unpaidCap) {
    throw limitReached('unpaid', unpaidCap);
  }
}

/**
 * The times held by open waitlist offers, as availability sees them: busy for everyone, like the
 * owner's own calendars, until the offer is accepted, declined or lapses. Composed around the
 * calendars' busy times (bookings' `CalendarBusyTimes`, handed over in AppDeps), so every reader of
 * availability (the calendar, a booking's check, the owner's preview) skips a held time. The
 * offered client's own acceptance marks the offer accepted in its transaction before the booking's
 * check reads the holds, so their hold does not stand in their way.
 */
import type { Db } from '../../db/client';
import type { CalendarBusy, CalendarBusyTimes } from '../bookings';
import { openOfferTimes } from './waitlist-repository';

interface Range {
  start: Date;
  end: Date;
}

const HELD_REASON = { label: 'Waitlist', summary: 'held for a client’s offer' };

/** Whether `range`, widened by `bufferMs` on both sides, meets `held`. */
const near = (held: Range, range: Range, bufferMs: number) =>
  held.start.getTime() < range.end.getTime() + bufferMs &&
  held.end.getTime() > range.start.getTime() - bufferMs;

function heldBusy(held: Range[], inner: CalendarBusy, explained: boolean): CalendarBusy {
  return {
    withoutBusy: (candidates, bufferMs) =>
      inner.withoutBusy(
        candidates.filter((slot) => !held.some((time) => near(time, slot, bufferMs))),
        bufferMs,
      ),
    near: (range, bufferMs) => [
      ...inner.near(range, bufferMs),
      ...held
        .filter((time) => near(time, range, bufferMs))
        .map((time) => ({ ...time, reasons: explained ? [HELD_REASON] : [] })),
    ],
  };
}

/**
 * The calendars' busy times with the waitlist's holds added. The two reads run one after the other:
 * `db` may be a transaction's one connection (a booking's time check), which cannot run two
 * queries at once (pg queues them today and will refuse them from pg 9).
 */
export function withWaitlistHolds(inner: CalendarBusyTimes): CalendarBusyTimes {
  return {
    async busyIn(db: Db, window: Range) {
      const held = await openOfferTimes(db, window);
      return heldBusy(held, await inner.busyIn(db, window), false);
    },
    async explainedBusyIn(db: Db, window: Range) {
      const held = await openOfferTimes(db, window);
      return heldBusy(held, await inner.explainedBusyIn(db, window), true);
    },
  };
}

/**
 * The owner's slot preview: every start the day's hours give (the grid, with the buffer kept from
 * opening and closing), each offered or with why not: "booked", "past the daily maximum",
 * "buffer after a booking", "busy in Personal: Dentist". The same rules as `slotStartsIn` and the
 * calendars' `withoutBusy`, read one start at a time; the reasons name the owner's events, so this
 * is for the owner's eyes only.
 */
import {
  slotReasonText,
  type SchedulingConfig,
  type SlotCandidate,
  type SlotUnavailableReason,
} from '@consult/shared';
import { DAY_MS, MINUTE_MS, ZoneClock } from '../../clock';
import type { CalendarBusy, CalendarBusyReason } from './calendar-busy';
import {
  lowerBound,
  slotStartsIn,
  type BusyRange,
  type InstantRange,
  type SlotService,
} from './slots';

type Reason = NonNullable<SlotCandidate['reason']>;

function reason(kind: SlotUnavailableReason, calendar?: CalendarBusyReason): Reason {
  return { kind, text: slotReasonText(kind, calendar) };
}

/** Why the slot [start, end) is not offered, or null when it is. */
function whyNot(
  start: number,
  end: number,
  bufferMs: number,
  bookings: readonly BusyRange[],
  dayFull: boolean,
  calendar: CalendarBusy,
): Reason | null {
  const near = bookings.filter(
    (booking) =>
      booking.start.getTime() < end + bufferMs && booking.end.getTime() > start - bufferMs,
  );
  if (near.some((booking) => booking.start.getTime() < end && booking.end.getTime() > start)) {
    return reason('booked');
  }
  if (dayFull) return reason('daily_maximum');
  if (near.some((booking) => booking.end.getTime() <= start)) return reason('buffer_after_booking');
  if (near.length > 0) return reason('buffer_before_booking');
  const range = { start: new Date(start), end: new Date(end) };
  const busy = calendar.near(range, bufferMs);
  const overlapping = busy.find((time) => time.start.getTime() < end && time.end.getTime() > start);
  if (busy.length === 0) return null;
  const which = (overlapping ?? busy[0]!).reasons[0];
  return reason(overlapping ? 'busy_in_calendar' : 'buffer_around_calendar', which);
}

/**
 * The preview's candidates in `window`. `bookings` as `slotStartsIn` takes them (their own times,
 * covering `busyWindowFor(window)`); `calendar` read with its reasons over the same stretch.
 */
export function explainSlots(
  service: SlotService,
  window: InstantRange,
  config: SchedulingConfig,
  bookings: readonly BusyRange[],
  calendar: CalendarBusy,
): SlotCandidate[] {
  const { rules } = config;
  // The grid of the day's hours alone: no bookings, no daily maximum.
  const grid = slotStartsIn(
    service,
    window,
    { ...config, rules: { ...rules, maxBookingsPerDay: null } },
    [],
  );
  const clock = ZoneClock.for(rules.timeZone);
  const durationMs = service.durationMinutes * MINUTE_MS;
  const bufferMs = rules.bufferMinutes * MINUTE_MS;
  const bookingStarts = bookings.map((booking) => booking.start.getTime()).sort((a, b) => a - b);
  return grid.map((slot) => {
    const start = Date.parse(slot);
    const end = start + durationMs;
    const day = clock.dateAt(start);
    const booked =
      lowerBound(bookingStarts, clock.startOfDate(day + DAY_MS)) -
      lowerBound(bookingStarts, clock.startOfDate(day));
    const dayFull = rules.maxBookingsPerDay !== null && booked >= rules.maxBookingsPerDay;
    const why = whyNot(start, end, bufferMs, bookings, dayFull, calendar);
    return {
      start: slot,
      end: new Date(end).toISOString(),
      offered: why === null,
      reason: why,
    };
  });
}

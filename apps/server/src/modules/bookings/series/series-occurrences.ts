/**
 * Each date of a series with its state for the client: free, or why not (booked, outside hours,
 * past the horizon, the day's maximum). The owner's slot preview's rules (slot-reasons.ts) read one
 * start at a time, with the reasons folded into the four a client may see: the owner's calendar
 * events and buffers read as "booked".
 */
import type {
  SchedulingConfig,
  SeriesOccurrence,
  SeriesUnavailableReason,
  SlotUnavailableReason,
} from '@consult/shared';
import type { Db } from '../../../db/client';
import { HOUR_MS } from '../../clock';
import type { CalendarBusy, CalendarBusyTimes } from '../availability/calendar-busy';
import { explainSlots } from '../availability/slot-reasons';
import {
  busyWindowFor,
  offerWindow,
  type BusyRange,
  type SlotService,
} from '../availability/slots';
import { listBusyRanges } from '../bookings-repository';

function clientReason(kind: SlotUnavailableReason): SeriesUnavailableReason {
  return kind === 'daily_maximum' ? 'daily_maximum' : 'booked';
}

/** One start's state against the bookings and calendars around it (as `explainSlots` takes them). */
function occurrenceAt(
  service: SlotService,
  start: Date,
  now: Date,
  config: SchedulingConfig,
  bookings: readonly BusyRange[],
  calendar: CalendarBusy,
): SeriesOccurrence {
  const iso = start.toISOString();
  const instant = { start, end: new Date(start.getTime() + 1) };
  if (!offerWindow(instant, now, config)) {
    // Before the minimum notice is not a time the hours offer; after the horizon is "not yet".
    const tooSoon = start.getTime() <= now.getTime() + config.rules.minimumNoticeHours * HOUR_MS;
    return { start: iso, free: false, reason: tooSoon ? 'outside_hours' : 'past_horizon' };
  }
  const [candidate] = explainSlots(service, instant, config, bookings, calendar);
  if (!candidate || candidate.start !== iso) {
    return { start: iso, free: false, reason: 'outside_hours' };
  }
  if (candidate.offered) return { start: iso, free: true };
  return { start: iso, free: false, reason: clientReason(candidate.reason!.kind) };
}

/** Every start's state; `bookings` and `calendar` cover `seriesBusyWindow(starts, config)`. */
export function seriesOccurrences(
  service: SlotService,
  starts: readonly Date[],
  now: Date,
  config: SchedulingConfig,
  bookings: readonly BusyRange[],
  calendar: CalendarBusy,
): SeriesOccurrence[] {
  return starts.map((start) => occurrenceAt(service, start, now, config, bookings, calendar));
}

/** The stretch whose bookings and calendar times can touch any of the starts. */
export function seriesBusyWindow(starts: readonly Date[], config: SchedulingConfig) {
  const first = starts[0]!.getTime();
  const last = starts[starts.length - 1]!.getTime();
  return busyWindowFor({ start: new Date(first), end: new Date(last + 1) }, config);
}

/** The occurrences read from the database (`db` may be the commit's transaction). */
export async function readSeriesOccurrences(
  db: Db,
  calendars: CalendarBusyTimes,
  service: SlotService,
  starts: readonly Date[],
  now: Date,
  config: SchedulingConfig,
): Promise<SeriesOccurrence[]> {
  const window = seriesBusyWindow(starts, config);
  // One after the other: inside a transaction both go through its one connection.
  const bookings = await listBusyRanges(db, window);
  const calendar = await calendars.busyIn(db, window);
  return seriesOccurrences(service, starts, now, config, bookings, calendar);
}

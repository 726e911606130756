/**
 * Reads an iCalendar text and expands its events into the times they make the owner busy, between
 * two instants. ical.js parses and walks the recurrence rules (RRULE, RDATE, EXDATE) in the event's
 * wall-clock time; this module turns each wall-clock reading into an instant itself, through the tz
 * database (IANA and Windows zone names, see ics-zones.ts), the feed's VTIMEZONE only when the name
 * is unknown, and the owner's zone for floating times and all-day dates. Overrides (RECURRENCE-ID)
 * and EXDATE are matched by instant, so a UTC EXDATE still removes a zoned occurrence.
 *
 * The work is bounded: the window is clamped to CALENDAR_EXPANSION_LIMITS.maxWindowDays, at most
 * maxInstances busy events are returned and at most maxIterations occurrences are walked per feed
 * (a daily rule from 1990 costs its whole past); `truncated` says when a limit cut the result.
 * Summaries are for the owner's own explanations only, never for a public or client response.
 */
import type ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { ianaZoneForTzid } from './ics-zones';

type IcalLibrary = typeof ICAL;
type ZoneForTzid = (tzid: string) => string | null;

/**
 * ical.js and CLDR's Windows zone names, loaded by the first calendar read, not at start (decision
 * 051): only an owner who connects a calendar needs them (about 1.5 MB of heap).
 */
async function calendarLibraries(): Promise<{ ical: IcalLibrary; zoneForTzid: ZoneForTzid }> {
  const [{ default: ical }, { findIana }] = await Promise.all([
    import('ical.js'),
    import('windows-iana'),
  ]);
  return { ical, zoneForTzid: (tzid) => ianaZoneForTzid(tzid, findIana) };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** More than any zone's offset from UTC (+14 h, −12 h), with room for a day's shift. */
const OFFSET_MARGIN_MS = 26 * 60 * 60 * 1000;

export interface CalendarExpansionLimits {
  /** Busy events returned per feed. */
  maxInstances: number;
  /** Occurrences walked per feed, before the window included. */
  maxIterations: number;
  /** Longest window expanded; the horizon is at most a year, plus the day back. */
  maxWindowDays: number;
}

export const CALENDAR_EXPANSION_LIMITS: Readonly<CalendarExpansionLimits> = {
  maxInstances: 10_000,
  maxIterations: 200_000,
  maxWindowDays: 400,
};

export interface CalendarFeedOptions {
  /** All-day events block the whole day(s) in the owner's zone; off: they do not block. */
  blockAllDay: boolean;
  /** Also transparent ("free") and cancelled events block. */
  blockEverything: boolean;
}

export const DEFAULT_CALENDAR_FEED_OPTIONS: CalendarFeedOptions = {
  blockAllDay: true,
  blockEverything: false,
};

/** Half-open [start, end). */
export interface InstantWindow {
  start: Date;
  end: Date;
}

/** One busy occurrence of one event. */
export interface BusyEvent {
  start: Date;
  end: Date;
  /** The event's SUMMARY ('' when none): for the owner only. */
  summary: string;
  uid: string;
  allDay: boolean;
}

export interface CalendarExpansion {
  /** Busy occurrences overlapping the window, ascending by start. */
  events: BusyEvent[];
  /** VEVENT components read (masters and overrides), blocking or not. */
  eventsRead: number;
  /** A limit cut the expansion short; the events returned are still correct, only incomplete. */
  truncated: boolean;
  /** TZIDs neither the tz database, CLDR nor the feed defines; read in the owner's zone. */
  unknownZones: string[];
}

export interface ExpandOptions {
  window: InstantWindow;
  /** IANA zone of the owner: floating times and all-day dates are read in it. */
  ownerZone: string;
  feed?: CalendarFeedOptions;
  limits?: Partial<CalendarExpansionLimits>;
}

export class CalendarParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalendarParseError';
  }
}

/** The window a feed is kept for: from 1 day before `now` to the booking horizon. */
export function busyWindow(now: Date, horizonDays: number): InstantWindow {
  return {
    start: new Date(now.getTime() - DAY_MS),
    end: new Date(now.getTime() + horizonDays * DAY_MS),
  };
}

/** How an event's wall-clock readings become instants. */
type EventZone =
  | { kind: 'utc' }
  | { kind: 'iana'; name: string }
  | { kind: 'feed'; zone: ICAL.Timezone }
  | { kind: 'unknown'; tzid: string };

export async function expandCalendarBusy(
  icsText: string,
  options: ExpandOptions,
): Promise<CalendarExpansion> {
  const { ical, zoneForTzid } = await calendarLibraries();
  const feed = options.feed ?? DEFAULT_CALENDAR_FEED_OPTIONS;
  const limits = { ...CALENDAR_EXPANSION_LIMITS, ...options.limits };
  const windowStart = options.window.start.getTime();
  const windowEnd = Math.min(
    options.window.end.getTime(),
    windowStart + limits.maxWindowDays * DAY_MS,
  );
  const reader = new WallClockReader(options.ownerZone, ical.Timezone.utcTimezone, zoneForTzid);

  const calendar = parseCalendar(ical, icsText);
  const vevents = calendar.getAllSubcomponents('vevent');
  const events: BusyEvent[] = [];
  let truncated = windowEnd < options.window.end.getTime();
  let iterations = 0;

  const overridden = new Map<string, Set<number>>();
  const masters: ICAL.Event[] = [];
  for (const component of vevents) {
    // No exceptions handed over: this module matches overrides itself, by instant; left to
    // itself ical.js relates every override in the file to every master (quadratic).
    const event = new ical.Event(component, { exceptions: [] });
    if (!event.startDate) continue;
    if (event.isRecurrenceException()) {
      const zone = reader.zoneOf(event.recurrenceId);
      const key = reader.instant(event.recurrenceId, zone);
      const set = overridden.get(event.uid) ?? new Set<number>();
      set.add(key);
      overridden.set(event.uid, set);
      // An override stands on its own: its own time, status and transparency.
      if (blocks(component, event, feed)) {
        const occurrence = occurrenceOf(event, reader);
        iterations += 1;
        pushIfInWindow(events, event, occurrence, event.startDate, windowStart, windowEnd, reader);
      }
    } else {
      masters.push(event);
    }
  }

  outer: for (const event of masters) {
    if (!blocks(event.component, event, feed)) continue;
    const occurrence = occurrenceOf(event, reader);
    if (!event.isRecurring()) {
      iterations += 1;
      pushIfInWindow(events, event, occurrence, event.startDate, windowStart, windowEnd, reader);
      continue;
    }
    const skip = new Set(overridden.get(event.uid));
    for (const property of event.component.getAllProperties('exdate')) {
      for (const value of property.getValues() as ICAL.Time[]) {
        skip.add(reader.instant(value, reader.zoneOf(value, occurrence.zone)));
      }
    }
    const expansion = event.iterator();
    for (let next = expansion.next(); next; next = expansion.next()) {
      iterations += 1;
      if (iterations > limits.maxIterations || events.length >= limits.maxInstances) {
        truncated = true;
        break outer;
      }
      // Zone offsets lie within ±14 h, so a wall-clock reading far enough outside the window is
      // decided without the costlier conversion to an instant.
      const wall = Date.UTC(
        next.year,
        next.month - 1,
        next.day,
        next.hour,
        next.minute,
        next.second,
      );
      const span = occurrence.allDay ? occurrence.length * DAY_MS : occurrence.length;
      if (wall - OFFSET_MARGIN_MS >= windowEnd) break;
      if (wall + OFFSET_MARGIN_MS + span <= windowStart) continue;
      const start = reader.instant(next, occurrence.zone);
      if (start >= windowEnd) break;
      if (skip.has(start)) continue;
      pushIfInWindow(events, event, occurrence, next, windowStart, windowEnd, reader);
    }
  }

  if (events.length > limits.maxInstances) {
    events.length = limits.maxInstances;
    truncated = true;
  }
  events.sort((a, b) => a.start.getTime() - b.start.getTime());
  return {
    events,
    eventsRead: vevents.length,
    truncated,
    unknownZones: [...reader.unknownZones],
  };
}

function parseCalendar(ical: IcalLibrary, icsText: string): ICAL.Component {
  let parsed: unknown;
  try {
    parsed = ical.parse(icsText);
  } catch (error) {
    throw new CalendarParseError(`not a readable iCalendar text: ${(error as Error).message}`);
  }
  // A text with several VCALENDARs parses to a list; they are read as one.
  const roots = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : parsed) as [];
  const components = (Array.isArray(roots) ? roots : []).map((root) => new ical.Component(root));
  const calendars = components.filter((component) => component.name === 'vcalendar');
  if (calendars.length === 0) throw new CalendarParseError('no VCALENDAR in the text');
  if (calendars.length === 1) return calendars[0]!;
  const merged = new ical.Component('vcalendar');
  for (const calendar of calendars) {
    for (const child of calendar.getAllSubcomponents()) merged.addSubcomponent(child);
  }
  return merged;
}

function blocks(component: ICAL.Component, event: ICAL.Event, feed: CalendarFeedOptions): boolean {
  if (event.startDate.isDate && !feed.blockAllDay) return false;
  if (feed.blockEverything) return true;
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transparency = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT';
}

/** What every occurrence of an event shares: its zone and its length. */
interface OccurrenceShape {
  zone: EventZone;
  allDay: boolean;
  /** Timed: elapsed milliseconds. All-day: whole days. */
  length: number;
}

function occurrenceOf(event: ICAL.Event, reader: WallClockReader): OccurrenceShape {
  const start = event.startDate;
  const zone = reader.zoneOf(start);
  if (start.isDate) {
    const end = event.endDate;
    const days = end && end.isDate ? Math.round(end.subtractDate(start).toSeconds() / 86_400) : 1;
    return { zone, allDay: true, length: Math.max(1, days) };
  }
  const end = event.endDate;
  const length = end
    ? reader.instant(end, reader.zoneOf(end, zone)) - reader.instant(start, zone)
    : 0;
  return { zone, allDay: false, length: Math.max(0, length) };
}

function pushIfInWindow(
  events: BusyEvent[],
  event: ICAL.Event,
  shape: OccurrenceShape,
  startTime: ICAL.Time,
  windowStart: number,
  windowEnd: number,
  reader: WallClockReader,
): void {
  let start: number;
  let end: number;
  if (shape.allDay) {
    const day = reader.ownerDay(startTime);
    start = day.toMillis();
    end = day.plus({ days: shape.length }).toMillis();
  } else {
    start = reader.instant(startTime, shape.zone);
    end = start + shape.length;
  }
  if (end <= start || end <= windowStart || start >= windowEnd) return;
  events.push({
    start: new Date(start),
    end: new Date(end),
    summary: String(event.summary ?? ''),
    uid: String(event.uid ?? ''),
    allDay: shape.allDay,
  });
}

class WallClockReader {
  readonly unknownZones = new Set<string>();

  constructor(
    private readonly ownerZone: string,
    private readonly utc: ICAL.Timezone,
    private readonly zoneForTzid: ZoneForTzid,
  ) {}

  /** The zone a time's wall-clock reading belongs to; `inherit` for times that lost their TZID. */
  zoneOf(time: ICAL.Time, inherit?: EventZone): EventZone {
    const zone = time.zone;
    if (zone === this.utc || zone?.tzid === 'UTC') return { kind: 'utc' };
    // ical.js keeps a TZID it has no definition for in `timezone`, outside its typings.
    const named = (time as unknown as { timezone?: string }).timezone;
    const tzid = named ?? (zone && zone.tzid !== 'floating' ? zone.tzid : undefined);
    if (tzid) {
      const iana = this.zoneForTzid(tzid);
      if (iana) return { kind: 'iana', name: iana };
      if (zone && zone.component) return { kind: 'feed', zone };
      this.unknownZones.add(tzid);
      return { kind: 'unknown', tzid };
    }
    return inherit ?? { kind: 'iana', name: this.ownerZone };
  }

  /** The instant (ms) a wall-clock reading stands for in a zone; dates start the owner's day. */
  instant(time: ICAL.Time, zone: EventZone): number {
    if (time.isDate) return this.ownerDay(time).toMillis();
    const { year, month, day, hour, minute, second } = time;
    switch (zone.kind) {
      case 'utc':
        return Date.UTC(year, month - 1, day, hour, minute, second);
      case 'feed': {
        const copy = time.clone();
        copy.zone = zone.zone;
        return copy.toUnixTime() * 1000;
      }
      case 'iana':
      case 'unknown': {
        const name = zone.kind === 'iana' ? zone.name : this.ownerZone;
        return DateTime.fromObject(
          { year, month, day, hour, minute, second },
          { zone: name },
        ).toMillis();
      }
    }
  }

  ownerDay(time: ICAL.Time): DateTime {
    return DateTime.fromObject(
      { year: time.year, month: time.month, day: time.day },
      { zone: this.ownerZone },
    );
  }
}

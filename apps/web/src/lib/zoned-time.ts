/**
 * Calendar days and wall-clock times in a named IANA zone (the owner's), with Intl only: the admin
 * screens show and pick times in the owner's zone whatever zone the browser is in.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@consult/shared';

/** Offsets lie within ±14 h; probing ±18 h around a reading finds every offset that may apply. */
const OFFSET_PROBE_MS = 18 * HOUR_MS;

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormats.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at an instant, as milliseconds of a UTC calendar ("wall ms"). */
function wallAt(epochMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  // Intl drops the milliseconds; keep them so the offset comes out in whole minutes.
  return wall + (((epochMs % 1000) + 1000) % 1000);
}

function offsetMs(epochMs: number, timeZone: string): number {
  return Math.round((wallAt(epochMs, timeZone) - epochMs) / MINUTE_MS) * MINUTE_MS;
}

/** YYYY-MM-DD of the calendar day an instant falls on in the zone. */
export function dateInZone(instant: string | number | Date, timeZone: string): string {
  return new Date(wallAt(new Date(instant).getTime(), timeZone)).toISOString().slice(0, 10);
}

/** HH:MM of the zone's wall clock at an instant. */
export function timeInZone(instant: string | number | Date, timeZone: string): string {
  return new Date(wallAt(new Date(instant).getTime(), timeZone)).toISOString().slice(11, 16);
}

/** The calendar day `days` after (or before) a YYYY-MM-DD day. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant (ISO 8601, UTC) at which the zone's clock shows `time` on `date`. A reading the clock
 * passes twice (autumn) is its first pass; one it skips (spring) becomes the instant of the jump.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  const offsets = new Set(
    [wall - OFFSET_PROBE_MS, wall, wall + OFFSET_PROBE_MS].map((at) => offsetMs(at, timeZone)),
  );
  const matches = [...offsets]
    .map((offset) => wall - offset)
    .filter((candidate) => wallAt(candidate, timeZone) === wall);
  const instant = matches.length ? Math.min(...matches) : jumpPast(wall, [...offsets], timeZone);
  return new Date(instant).toISOString();
}

/** In a skipped stretch: the first instant whose reading is at least `wall`, to the minute. */
function jumpPast(wall: number, offsets: number[], timeZone: string): number {
  let low = Math.floor((wall - Math.max(...offsets)) / MINUTE_MS);
  let high = Math.ceil((wall - Math.min(...offsets)) / MINUTE_MS);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (wallAt(middle * MINUTE_MS, timeZone) >= wall) high = middle;
    else low = middle;
  }
  return high * MINUTE_MS;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day as words, e.g. "Tuesday, 10 March 2026" (the day itself carries no zone). */
export function formatDay(date: string, style: 'long' | 'short' = 'long'): string {
  let format = dayFormats.get(style);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: style,
      day: 'numeric',
      month: style,
      ...(style === 'long' ? { year: 'numeric' } : {}),
    });
    dayFormats.set(style, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** An instant as day and time on the zone's clock, e.g. "Tue, 10 Mar 2026, 14:00". */
const instantFormats = new Map<string, Intl.DateTimeFormat>();

export function formatInstant(instant: string, timeZone: string): string {
  let format = instantFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    instantFormats.set(timeZone, format);
  }
  return format.format(new Date(instant));
}

/** A zone's name for people: underscores as spaces. */
export function zoneLabel(timeZone: string): string {
  return timeZone.replace(/_/g, ' ');
}

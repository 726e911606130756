/**
 * The wall clocks of IANA zones, to the minute, with Intl only: which calendar day and time an
 * instant shows in a zone, and which instant a zone's reading means. Booking times travel as UTC
 * instants; calendar days (YYYY-MM-DD) are always meant in the zone named beside them.
 *
 * The DST policy, in one place (`zonedToInstant`): a wall-clock reading the zone passes twice (when
 * the clocks go back) means its first pass; a reading the zone skips (when they go forward) means
 * the instant of the jump. Reading an instant back (`timeInZone`, the formats of `format.ts`) always
 * shows the zone's clock at that instant, summer or winter.
 */
import { HOUR_MS, MINUTE_MS } from '@consult/shared';

/** Offsets lie within ±14 h; probing ±18 h around a reading finds every offset that may apply. */
const OFFSET_PROBE_MS = 18 * HOUR_MS;

const partFormats = new Map<string, Intl.DateTimeFormat>();

/** Figures, not words: the zone's clock in parts, whatever the clock people read. */
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

/**
 * The instant (ISO 8601, UTC) at which the zone's clock shows `time` on `date`, by the DST policy
 * above: a repeated reading is its first pass, a skipped one the instant of the jump.
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

/** The calendar day (YYYY-MM-DD) it is now in the zone: the owner's today, a client's today. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dateInZone(now, timeZone);
}

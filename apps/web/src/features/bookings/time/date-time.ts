/**
 * Instants, calendar days and wall-clock times as a person reads them in a chosen IANA zone, with
 * Intl only: the client's screens show times in the client's zone, the admin screens in the owner's,
 * whatever zone the browser is in. Booking times travel as UTC instants; calendar days (YYYY-MM-DD)
 * are always meant in the zone named beside them.
 *
 * The DST policy, in one place (`zonedToInstant`): a wall-clock reading the zone passes twice (when
 * the clocks go back) means its first pass; a reading the zone skips (when they go forward) means
 * the instant of the jump. Reading an instant back (`formatTime`, `timeInZone`) always shows the
 * zone's clock at that instant, summer or winter.
 */
import { HOUR_MS, MINUTE_MS } from '@consult/shared';

const LOCALE = 'en-GB';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(LOCALE, { timeZone, ...options });
    formatters.set(key, cached);
  }
  return cached;
}

/** "14:00" */
export function formatTime(instant: string, timeZone: string): string {
  return formatter(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant),
  );
}

/** "Tuesday, 10 March 2026" */
export function formatLongDate(instant: string, timeZone: string): string {
  return formatter(timeZone, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(instant));
}

/** "Tuesday, 10 March 2026, 14:00" */
export function formatDateTime(instant: string, timeZone: string): string {
  return `${formatLongDate(instant, timeZone)}, ${formatTime(instant, timeZone)}`;
}

/** "Tue 10 Mar 2026" */
export function formatShortDate(instant: string, timeZone: string): string {
  return formatter(timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(instant));
}

/** A zone's name for people: "Asia/Karachi" stays, underscores become spaces ("America/New York"). */
export function zoneName(timeZone: string): string {
  return timeZone.replace(/_/g, ' ');
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export function dayOf(instant: string | Date, timeZone: string): string {
  const parts = formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(typeof instant === 'string' ? new Date(instant) : instant)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A calendar month, e.g. { year: 2026, month: 3 } for March 2026. */
export interface CalendarMonth {
  year: number;
  month: number;
}

export function monthOfDay(day: string): CalendarMonth {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return { year, month };
}

export function shiftMonth({ year, month }: CalendarMonth, by: number): CalendarMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function compareMonths(a: CalendarMonth, b: CalendarMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

const pad = (value: number) => String(value).padStart(2, '0');

export function daysInMonth({ year, month }: CalendarMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function dayKey({ year, month }: CalendarMonth, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The first and last day of the month, for an availability query. */
export function monthBounds(month: CalendarMonth): { from: string; to: string } {
  return { from: dayKey(month, 1), to: dayKey(month, daysInMonth(month)) };
}

/** Monday = 0 … Sunday = 6, for laying out a month grid that starts on Monday. */
export function weekdayIndex(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
}

/** A calendar day plus or minus some days. */
export function addDays(day: string, by: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + by));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** "March 2026" */
export function formatMonth({ year, month }: CalendarMonth): string {
  return formatter('UTC', { month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  );
}

/**
 * A calendar day as words (no zone shift: the day is the day): "Monday, 9 March 2026", or
 * "Mon 9 Mar" in the short style.
 */
export function formatDay(day: string, style: 'long' | 'short' = 'long'): string {
  return formatter('UTC', {
    weekday: style,
    day: 'numeric',
    month: style,
    ...(style === 'long' ? { year: 'numeric' } : {}),
  }).format(new Date(`${day}T00:00:00Z`));
}

/* Wall clocks of a zone, to the minute. */

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

/** An instant as day and time on the zone's clock, e.g. "Tue, 10 Mar 2026, 14:00". */
export function formatInstant(instant: string, timeZone: string): string {
  return formatter(timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));
}

/**
 * Instants and calendar days as a person reads them in a chosen IANA zone. Booking times travel as
 * UTC instants; calendar days (YYYY-MM-DD) are always meant in the zone named beside them.
 */
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

/** "Asia/Karachi" reads as "Asia/Karachi"; underscores become spaces ("America/New York"). */
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

/** "Monday, 9 March 2026" for a calendar day (no zone shift: the day is the day). */
export function formatDay(day: string): string {
  return formatLongDate(`${day}T12:00:00Z`, 'UTC');
}

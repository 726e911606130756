/**
 * Dates and times as people read them: the one place the web app writes them (decision 054). Every
 * screen uses the clock of `DATE_LOCALE` and `HOUR_CYCLE` (days before months, 24 hours), the clock
 * the mails use, for visitors, clients and the owner alike. Instants are read in the zone of the
 * screen's audience, always named by the caller (the client's profile zone, the visitor's detected
 * one, the owner's); calendar days (YYYY-MM-DD) are read as they are, no zone shifts them.
 */
import { DATE_LOCALE, HOUR_CYCLE } from '@consult/shared';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Formats are cached per zone and options: building one costs tens of microseconds. */
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(DATE_LOCALE, { timeZone, hourCycle: HOUR_CYCLE, ...options });
    formatters.set(key, cached);
  }
  return cached;
}

const TIME = { hour: '2-digit', minute: '2-digit' } as const;
const FULL_DAY = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;
const LONG_DAY = { day: 'numeric', month: 'long', year: 'numeric' } as const;
const MEDIUM_DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const SHORT_DAY = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;

const instant = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/* Instants, on the clock of `timeZone`. */

/** "14:00" */
export function formatTime(at: string | Date, timeZone: string): string {
  return formatter(timeZone, TIME).format(instant(at));
}

/** "Tuesday, 10 March 2026" */
export function formatLongDate(at: string | Date, timeZone: string): string {
  return formatter(timeZone, FULL_DAY).format(instant(at));
}

/** "10 March 2026": when something began (an account, two-factor sign-in). */
export function formatPlainDate(at: string | Date, timeZone: string): string {
  return formatter(timeZone, LONG_DAY).format(instant(at));
}

/** "Tue, 10 Mar 2026" */
export function formatShortDate(at: string | Date, timeZone: string): string {
  return formatter(timeZone, SHORT_DAY).format(instant(at));
}

/** "Tuesday, 10 March 2026, 14:00": a booking's time, as the booking mails write it. */
export function formatDateTime(at: string | Date, timeZone: string): string {
  return `${formatLongDate(at, timeZone)}, ${formatTime(at, timeZone)}`;
}

/** "Tue, 10 Mar 2026, 14:00": an instant in a list or a record (bookings, payments, tasks). */
export function formatInstant(at: string | Date, timeZone: string): string {
  return formatter(timeZone, { ...SHORT_DAY, ...TIME }).format(instant(at));
}

/**
 * "10 Mar 2026, 14:00" (with `seconds`, "10 Mar 2026, 14:00:05"): a moment that happened, in
 * logs, inboxes, sessions and accounts.
 */
export function formatMoment(
  at: string | Date,
  timeZone: string,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  return formatter(timeZone, {
    ...MEDIUM_DAY,
    ...TIME,
    ...(seconds ? { second: '2-digit' } : {}),
  }).format(instant(at));
}

/* Calendar days (YYYY-MM-DD) and months: no zone, the day is the day. */

const dayAt = (day: string) => new Date(`${day}T12:00:00Z`);

/** "Monday, 9 March 2026", or "Mon 9 Mar" in the short style (a calendar's day). */
export function formatDay(day: string, style: 'long' | 'short' = 'long'): string {
  return formatter(
    'UTC',
    style === 'long' ? FULL_DAY : { weekday: 'short', day: 'numeric', month: 'short' },
  ).format(dayAt(day));
}

/** "9 March 2026": a date of birth, the day the terms changed. */
export function formatPlainDay(day: string): string {
  return formatter('UTC', LONG_DAY).format(dayAt(day));
}

/** "9 Mar 2026": a day in figures and filters. */
export function formatMediumDay(day: string): string {
  return formatter('UTC', MEDIUM_DAY).format(dayAt(day));
}

/** "9 Mar": a chart's axis. */
export function formatDayOfMonth(day: string): string {
  return formatter('UTC', { day: 'numeric', month: 'short' }).format(dayAt(day));
}

/** "March 2026" ({ year: 2026, month: 3 }), or "Mar 2026" in the short style. */
export function formatMonth(
  { year, month }: { year: number; month: number },
  style: 'long' | 'short' = 'long',
): string {
  return formatter('UTC', { month: style, year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  );
}

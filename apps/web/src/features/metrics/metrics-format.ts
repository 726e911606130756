/** How the metrics screen writes its days, shares and changes. */
import type { DayRange } from '@consult/shared';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function utc(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day ?? 1));
}

/** '2026-03-02' → '2 Mar 2026'. */
export function formatDay(date: string): string {
  return dayFormat.format(utc(date));
}

/** '2026-03-02' → '2 Mar' (chart axes). */
export function formatShortDay(date: string): string {
  return shortDayFormat.format(utc(date));
}

/** '2026-03' → 'Mar 2026'. */
export function formatMonth(month: string): string {
  return monthFormat.format(utc(`${month}-01`));
}

export function formatRange(range: DayRange): string {
  return range.from === range.to
    ? formatDay(range.from)
    : `${formatDay(range.from)} – ${formatDay(range.to)}`;
}

/** 0.0714 → '7.1 %'. */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

/** The owner's calendar day now, YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export interface Change {
  text: string;
  direction: 'up' | 'down' | 'same' | 'new';
}

/** A count or amount against the previous range's: '+3 (+50 %)', 'no change', 'new'. */
export function countChange(
  current: number,
  previous: number,
  format: (amount: number) => string = String,
): Change {
  const difference = current - previous;
  if (difference === 0) return { text: 'no change', direction: 'same' };
  const sign = difference > 0 ? '+' : '−';
  const amount = `${sign}${format(Math.abs(difference))}`;
  if (previous === 0) return { text: `${amount} (none before)`, direction: 'new' };
  const percent = Math.round((Math.abs(difference) / Math.abs(previous)) * 100);
  return { text: `${amount} (${sign}${percent} %)`, direction: difference > 0 ? 'up' : 'down' };
}

/**
 * A share against the previous range's, in percentage points; 'no figure before' when the previous
 * range had none (its denominator was zero); null when this range has none.
 */
export function shareChange(current: number | null, previous: number | null): Change | null {
  if (current === null) return null;
  if (previous === null) return { text: 'no figure before', direction: 'new' };
  const points = (current - previous) * 100;
  if (Math.abs(points) < 0.05) return { text: 'no change', direction: 'same' };
  return {
    text: `${points > 0 ? '+' : '−'}${Math.abs(points).toFixed(1)} points`,
    direction: points > 0 ? 'up' : 'down',
  };
}

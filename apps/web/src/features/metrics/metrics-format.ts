/** How the metrics screen writes its days, shares and changes. */
import type { DayRange } from '@consult/shared';
import { formatMediumDay, formatMonth, monthOfDay } from '../../lib/date-time';

/** '2026-03' → 'Mar 2026' (the revenue chart's months). */
export function formatMonthKey(month: string): string {
  return formatMonth(monthOfDay(month), 'short');
}

export function formatRange(range: DayRange): string {
  return range.from === range.to
    ? formatMediumDay(range.from)
    : `${formatMediumDay(range.from)} – ${formatMediumDay(range.to)}`;
}

/** 0.0714 → '7.1 %'. */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
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

/**
 * The metrics screen's fixed numbers and its date arithmetic on calendar days (YYYY-MM-DD, read in
 * the owner's zone by the server): presets, the previous range of the same length, the weeks.
 */
import { DAY_MS } from '../constants';

/** Two years, counting a leap day: a longer range is refused. */
export const METRICS_MAX_RANGE_DAYS = 731;
/** The default range: the last 30 days, today included. */
export const METRICS_DEFAULT_DAYS = 30;

export const METRICS_PRESETS = ['thisMonth', 'last30Days', 'thisQuarter', 'thisYear'] as const;
export type MetricsPreset = (typeof METRICS_PRESETS)[number];
export const METRICS_PRESET_LABELS: Record<MetricsPreset, string> = {
  thisMonth: 'This month',
  last30Days: 'Last 30 days',
  thisQuarter: 'This quarter',
  thisYear: 'This year',
};

export interface DayRange {
  from: string;
  to: string;
}

function toUtc(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The calendar day `days` after `date` (before, when negative). */
export function shiftDate(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** Days from `from` to `to`, both counted (the same day is 1). */
export function rangeDays({ from, to }: DayRange): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS) + 1;
}

/** The range of the same length that ends the day before `range` starts. */
export function previousRange(range: DayRange): DayRange {
  const days = rangeDays(range);
  return { from: shiftDate(range.from, -days), to: shiftDate(range.from, -1) };
}

/** A preset's range ending today (`today` is the owner's calendar day). */
export function presetRange(preset: MetricsPreset, today: string): DayRange {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  switch (preset) {
    case 'thisMonth':
      return { from: `${year}-${pad(month)}-01`, to: today };
    case 'thisQuarter':
      return { from: `${year}-${pad(Math.floor((month - 1) / 3) * 3 + 1)}-01`, to: today };
    case 'thisYear':
      return { from: `${year}-01-01`, to: today };
    case 'last30Days':
      return { from: shiftDate(today, -(METRICS_DEFAULT_DAYS - 1)), to: today };
  }
}

/** The Monday (ISO week start) of the week `date` lies in. */
export function weekStartOf(date: string): string {
  const weekday = (new Date(toUtc(date)).getUTCDay() + 6) % 7;
  return shiftDate(date, -weekday);
}

/** The Mondays of every week the range touches, in order. */
export function weekStartsOf(range: DayRange): string[] {
  const weeks: string[] = [];
  for (let week = weekStartOf(range.from); week <= range.to; week = shiftDate(week, 7)) {
    weeks.push(week);
  }
  return weeks;
}

/** The months (YYYY-MM) the range touches, in order. */
export function monthsOf(range: DayRange): string[] {
  const months: string[] = [];
  let [year, month] = range.from.split('-').map(Number) as [number, number];
  const last = range.to.slice(0, 7);
  for (;;) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    if (label > last) break;
    months.push(label);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** Cells a spreadsheet would run as a formula are prefixed with an apostrophe (CSV injection). */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

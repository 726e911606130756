/** Calendar days (YYYY-MM-DD) and months as arithmetic: no zone, no words. */

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

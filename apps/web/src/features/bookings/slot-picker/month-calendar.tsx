/**
 * One month of days as buttons, Monday first. Each day's accessible name says the date and whether
 * it has free times; arrow keys move between days (a roving tab stop), Home/End to the week's ends.
 */
import { useRef, type KeyboardEvent } from 'react';
import {
  addDays,
  dayKey,
  daysInMonth,
  formatDay,
  monthOfDay,
  weekdayIndex,
  compareMonths,
  type CalendarMonth,
} from '../../../lib/date-time';

const WEEKDAY_HEADINGS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  ArrowUp: -7,
  ArrowDown: 7,
};

export function MonthCalendar({
  month,
  label,
  available,
  selected,
  today,
  onSelect,
}: {
  month: CalendarMonth;
  /** The grid's name, e.g. "March 2026". */
  label: string;
  /** Days (YYYY-MM-DD) that have at least one free time. */
  available: ReadonlySet<string>;
  selected: string | null;
  today: string;
  onSelect: (day: string) => void;
}) {
  const grid = useRef<HTMLDivElement>(null);
  const count = daysInMonth(month);
  const first = dayKey(month, 1);
  const days = Array.from({ length: count }, (_, index) => dayKey(month, index + 1));
  const inMonth = (day: string) => compareMonths(monthOfDay(day), month) === 0;
  // The one tab stop: the chosen day, else the first free one, else the first of the month.
  const focusDay =
    (selected && inMonth(selected) ? selected : null) ??
    days.find((day) => available.has(day)) ??
    first;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    let target: string | null = null;
    if (event.key in KEY_STEPS) target = addDays(day, KEY_STEPS[event.key]!);
    else if (event.key === 'Home') target = addDays(day, -weekdayIndex(day));
    else if (event.key === 'End') target = addDays(day, 6 - weekdayIndex(day));
    if (!target) return;
    event.preventDefault();
    if (!inMonth(target)) return;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${target}"]`)?.focus();
  };

  return (
    <div ref={grid} role="group" aria-label={label}>
      <div aria-hidden="true" className="grid grid-cols-7 gap-1 pb-2 text-center">
        {WEEKDAY_HEADINGS.map(([short, long]) => (
          <span key={long} className="text-xs font-semibold tracking-wide text-muted uppercase">
            {short}
          </span>
        ))}
      </div>
      <div className="grid grid-cols-7 gap-1">
        {Array.from({ length: weekdayIndex(first) }, (_, index) => (
          <span key={`blank-${index}`} aria-hidden="true" />
        ))}
        {days.map((day) => {
          const free = available.has(day);
          const isSelected = day === selected;
          const dayNumber = Number(day.slice(8));
          return (
            <button
              key={day}
              type="button"
              data-day={day}
              tabIndex={day === focusDay ? 0 : -1}
              aria-label={`${formatDay(day)}, ${free ? 'available' : 'no availability'}`}
              aria-pressed={isSelected}
              aria-disabled={!free || undefined}
              aria-current={day === today ? 'date' : undefined}
              onClick={() => free && onSelect(day)}
              onKeyDown={(event) => onKeyDown(event, day)}
              className={`relative flex aspect-square min-h-10 items-center justify-center rounded-lg text-base transition-colors ${
                isSelected
                  ? 'bg-brand font-semibold text-white'
                  : free
                    ? 'bg-brand-soft font-semibold text-brand-strong hover:bg-brand hover:text-white'
                    : 'cursor-default text-muted'
              } ${day === today && !isSelected ? 'ring-1 ring-accent' : ''}`}
            >
              {dayNumber}
              {free && !isSelected && (
                <span
                  aria-hidden="true"
                  className="absolute bottom-1 size-1 rounded-full bg-brand"
                />
              )}
            </button>
          );
        })}
      </div>
      <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded bg-brand-soft ring-1 ring-brand/30" />
          Has free times
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded ring-1 ring-accent" />
          Today
        </span>
      </p>
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOf,
  daysInMonth,
  formatDateTime,
  formatMonth,
  monthBounds,
  shiftMonth,
  weekdayIndex,
} from './date-time';

describe('booking times in a zone', () => {
  it('reads an instant on the calendar day and clock of the zone', () => {
    const instant = '2026-03-09T23:30:00Z';
    expect(dayOf(instant, 'UTC')).toBe('2026-03-09');
    expect(dayOf(instant, 'Asia/Karachi')).toBe('2026-03-10');
    expect(dayOf(instant, 'America/St_Johns')).toBe('2026-03-09');
    expect(formatDateTime(instant, 'Asia/Kathmandu')).toBe('Tuesday, 10 March 2026, 05:15');
  });

  it('follows a DST change of the zone', () => {
    // New York moves to summer time on 8 March 2026: 14:00 UTC is 09:00 before and 10:00 after.
    expect(formatDateTime('2026-03-07T14:00:00Z', 'America/New_York')).toBe(
      'Saturday, 7 March 2026, 09:00',
    );
    expect(formatDateTime('2026-03-09T14:00:00Z', 'America/New_York')).toBe(
      'Monday, 9 March 2026, 10:00',
    );
  });
});

describe('the month calendar', () => {
  it('asks for exactly the days of the month shown', () => {
    expect(monthBounds({ year: 2026, month: 2 })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthBounds({ year: 2028, month: 2 })).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(daysInMonth({ year: 2026, month: 12 })).toBe(31);
  });

  it('moves between months across years', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(formatMonth({ year: 2026, month: 3 })).toBe('March 2026');
  });

  it('lays out weeks from Monday and steps over month ends', () => {
    expect(weekdayIndex('2026-03-09')).toBe(0);
    expect(weekdayIndex('2026-03-08')).toBe(6);
    expect(addDays('2026-02-27', 7)).toBe('2026-03-06');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateInZone,
  daysInMonth,
  formatDateTime,
  formatDay,
  formatMonth,
  monthBounds,
  shiftMonth,
  timeInZone,
  weekdayIndex,
  zonedToInstant,
} from '.';

describe('instants in a zone', () => {
  it('reads an instant on the calendar day and clock of the zone', () => {
    const instant = '2026-03-09T23:30:00Z';
    expect(dateInZone(instant, 'UTC')).toBe('2026-03-09');
    expect(dateInZone(instant, 'Asia/Karachi')).toBe('2026-03-10');
    expect(dateInZone(instant, 'America/St_Johns')).toBe('2026-03-09');
    expect(formatDateTime(instant, 'Asia/Kathmandu')).toBe('Tuesday, 10 March 2026, 05:15');
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

describe('times in the owner zone', () => {
  it('reads the day and wall clock of an instant in a zone', () => {
    // 20:30 UTC is 01:30 the next day in Karachi (UTC+5).
    expect(dateInZone('2026-03-09T20:30:00Z', 'Asia/Karachi')).toBe('2026-03-10');
    expect(timeInZone('2026-03-09T20:30:00Z', 'Asia/Karachi')).toBe('01:30');
    expect(dateInZone('2026-03-09T20:30:00Z', 'America/New_York')).toBe('2026-03-09');
  });

  it('turns a wall-clock reading into its instant', () => {
    expect(zonedToInstant('2026-03-10', '14:00', 'Asia/Karachi')).toBe('2026-03-10T09:00:00.000Z');
    expect(zonedToInstant('2026-07-01', '09:00', 'Europe/Berlin')).toBe('2026-07-01T07:00:00.000Z');
  });

  it('counts calendar days and names them', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(formatDay('2026-03-10')).toBe('Tuesday, 10 March 2026');
  });
});

describe('the DST policy', () => {
  it('follows a DST change of the zone', () => {
    // New York moves to summer time on 8 March 2026: 14:00 UTC is 09:00 before and 10:00 after.
    expect(formatDateTime('2026-03-07T14:00:00Z', 'America/New_York')).toBe(
      'Saturday, 7 March 2026, 09:00',
    );
    expect(formatDateTime('2026-03-09T14:00:00Z', 'America/New_York')).toBe(
      'Monday, 9 March 2026, 10:00',
    );
  });

  it('takes the first pass of a repeated reading and the jump for a skipped one', () => {
    // Berlin falls back on 2026-10-25 at 03:00 CEST → 02:00 CET: 02:30 happens twice.
    expect(zonedToInstant('2026-10-25', '02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    // Berlin springs forward on 2026-03-29 at 02:00 → 03:00: 02:30 never shows.
    expect(zonedToInstant('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
  });
});

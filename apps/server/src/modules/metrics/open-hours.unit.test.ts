import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '@consult/shared';
import { openMilliseconds } from './open-hours';

const nineToFive = [{ start: '09:00', end: '17:00' }];
const config = (dateOverrides: Parameters<typeof openMilliseconds>[0]['dateOverrides'] = []) => ({
  rules: { timeZone: 'America/New_York' },
  weeklyHours: { mon: nineToFive, tue: nineToFive, wed: [], thu: [], fri: [], sat: [], sun: [] },
  dateOverrides,
});

describe('open hours of a range', () => {
  it('counts the weekly hours of each day, both ends included', () => {
    // 2026-03-02 is a Monday: Monday and Tuesday open, the rest closed.
    expect(openMilliseconds(config(), '2026-03-02', '2026-03-08')).toBe(16 * HOUR_MS);
    expect(openMilliseconds(config(), '2026-03-04', '2026-03-08')).toBe(0);
  });

  it('lets an override close a day or give it its own hours; touching intervals count once', () => {
    const overrides = [
      { date: '2026-03-02', closed: true, intervals: [] },
      {
        date: '2026-03-04',
        closed: false,
        intervals: [
          { start: '10:00', end: '12:00' },
          { start: '12:00', end: '13:00' },
        ],
      },
    ];
    expect(openMilliseconds(config(overrides), '2026-03-02', '2026-03-04')).toBe(11 * HOUR_MS);
  });

  it('counts real hours across the clock changes: 00:00–04:00 is 3 h in spring, 5 h in autumn', () => {
    const night = (date: string) => [
      { date, closed: false, intervals: [{ start: '00:00', end: '04:00' }] },
    ];
    expect(openMilliseconds(config(night('2026-03-08')), '2026-03-08', '2026-03-08')).toBe(
      3 * HOUR_MS,
    );
    expect(openMilliseconds(config(night('2026-11-01')), '2026-11-01', '2026-11-01')).toBe(
      5 * HOUR_MS,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, dateInZone, formatDay, timeInZone, zonedToInstant } from './zoned-time';

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

  it('takes the first pass of a repeated reading and the jump for a skipped one', () => {
    // Berlin falls back on 2026-10-25 at 03:00 CEST → 02:00 CET: 02:30 happens twice.
    expect(zonedToInstant('2026-10-25', '02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    // Berlin springs forward on 2026-03-29 at 02:00 → 03:00: 02:30 never shows.
    expect(zonedToInstant('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
  });

  it('counts calendar days and names them', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(formatDay('2026-03-10')).toBe('Tuesday, 10 March 2026');
  });
});

import { describe, expect, it } from 'vitest';
import { ZoneClock, dateToWallMs, rangeForDays } from './zone-clock';

const wall = (date: string, time: string) =>
  dateToWallMs(date) + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('ZoneClock.resolve', () => {
  const newYork = ZoneClock.for('America/New_York');

  it('resolves an ordinary reading to its one instant', () => {
    expect(newYork.resolve(wall('2026-06-01', '09:00'))).toEqual({
      epochMs: Date.parse('2026-06-01T13:00:00Z'),
      exists: true,
    });
  });

  it('resolves a skipped reading to the instant the clock jumps, marked as not existing', () => {
    const skipped = newYork.resolve(wall('2026-03-08', '02:30'));
    expect(skipped.exists).toBe(false);
    expect(iso(skipped.epochMs)).toBe('2026-03-08T07:00:00.000Z');
  });

  it('resolves a repeated reading to its first pass', () => {
    const repeated = newYork.resolve(wall('2026-11-01', '01:30'));
    expect(repeated.exists).toBe(true);
    expect(iso(repeated.epochMs)).toBe('2026-11-01T05:30:00.000Z');
  });

  it('finds a 30-minute jump (Lord Howe, 2026-10-04 02:00 → 02:30)', () => {
    const lordHowe = ZoneClock.for('Australia/Lord_Howe');
    const skipped = lordHowe.resolve(wall('2026-10-04', '02:10'));
    expect(skipped.exists).toBe(false);
    // 02:00 +10:30 is 15:30Z the day before.
    expect(iso(skipped.epochMs)).toBe('2026-10-03T15:30:00.000Z');
    expect(iso(lordHowe.resolve(wall('2026-10-04', '02:30')).epochMs)).toBe(
      '2026-10-03T15:30:00.000Z',
    );
  });

  it('reads the calendar date of an instant in 45-minute and half-hour zones', () => {
    const kathmandu = ZoneClock.for('Asia/Kathmandu');
    expect(kathmandu.dateAt(Date.parse('2026-06-01T18:14:00Z'))).toBe(dateToWallMs('2026-06-01'));
    expect(kathmandu.dateAt(Date.parse('2026-06-01T18:15:00Z'))).toBe(dateToWallMs('2026-06-02'));
    const stJohns = ZoneClock.for('America/St_Johns');
    expect(stJohns.dateAt(Date.parse('2026-07-01T02:29:00Z'))).toBe(dateToWallMs('2026-06-30'));
    expect(stJohns.dateAt(Date.parse('2026-07-01T02:30:00Z'))).toBe(dateToWallMs('2026-07-01'));
  });

  it('refuses an unknown zone', () => {
    expect(() => ZoneClock.for('Mars/Olympus_Mons')).toThrow(
      'Unknown time zone: Mars/Olympus_Mons',
    );
  });
});

describe('rangeForDays', () => {
  it('covers the client’s days from their first instant to the next day’s', () => {
    expect(rangeForDays('2026-03-08', '2026-03-08', 'America/New_York')).toEqual({
      start: new Date('2026-03-08T05:00:00Z'),
      end: new Date('2026-03-09T04:00:00Z'),
    });
    expect(rangeForDays('2026-06-01', '2026-06-30', 'Asia/Kathmandu')).toEqual({
      start: new Date('2026-05-31T18:15:00Z'),
      end: new Date('2026-06-30T18:15:00Z'),
    });
    expect(rangeForDays('2026-09-06', '2026-09-06', 'America/Santiago')).toEqual({
      start: new Date('2026-09-06T04:00:00Z'),
      end: new Date('2026-09-07T03:00:00Z'),
    });
  });
});

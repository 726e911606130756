import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDay,
  formatDayOfMonth,
  formatInstant,
  formatLongDate,
  formatMediumDay,
  formatMoment,
  formatMonth,
  formatPlainDate,
  formatPlainDay,
  formatShortDate,
  formatTime,
  todayIn,
} from '.';

/** A client's zone with DST, the owner's default without, and one more each side of UTC. */
const ZONES = ['America/New_York', 'Asia/Karachi', 'Europe/London', 'Australia/Sydney', 'UTC'];

describe('one clock for everybody', () => {
  it('writes times on a 24-hour clock for a client’s zone and the owner’s alike', () => {
    const afternoon = '2026-03-10T19:05:00Z';
    // The client in New York reads 15:05, the owner in Karachi the next minute past midnight.
    expect(formatTime(afternoon, 'America/New_York')).toBe('15:05');
    expect(formatInstant(afternoon, 'America/New_York')).toBe('Tue, 10 Mar 2026, 15:05');
    expect(formatTime(afternoon, 'Asia/Karachi')).toBe('00:05');
    expect(formatMoment(afternoon, 'Asia/Karachi')).toBe('11 Mar 2026, 00:05');
  });

  it('writes a booking’s time as the booking mails do (they add the zone’s name)', () => {
    // booking-mails.ts: "Tuesday, 10 March 2026, 14:00 (Asia/Karachi)".
    expect(formatDateTime('2026-03-10T09:00:00Z', 'Asia/Karachi')).toBe(
      'Tuesday, 10 March 2026, 14:00',
    );
  });

  it('never writes AM or PM, and midnight as 00, in any format and zone', () => {
    const formats = [formatTime, formatDateTime, formatInstant, formatMoment];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom(...ZONES),
        (at, zone) => {
          for (const format of formats) {
            const text = format(at, zone);
            expect(text).not.toMatch(/am|pm/i);
            expect(text).toMatch(/(?:^|, )(?:[01]\d|2[0-3]):[0-5]\d$/);
          }
        },
      ),
    );
  });

  it('puts the day before the month in every date', () => {
    const at = '2026-11-26T12:00:00Z';
    expect(formatLongDate(at, 'UTC')).toBe('Thursday, 26 November 2026');
    expect(formatPlainDate(at, 'UTC')).toBe('26 November 2026');
    expect(formatShortDate(at, 'UTC')).toBe('Thu, 26 Nov 2026');
    expect(formatMoment('2026-11-26T14:05:33Z', 'UTC', { seconds: true })).toBe(
      '26 Nov 2026, 14:05:33',
    );
  });
});

describe('instants in the reader’s zone, across DST', () => {
  it('reads the same instant as another day in another zone', () => {
    const lateEvening = '2026-11-26T22:30:00Z';
    expect(formatPlainDate(lateEvening, 'UTC')).toBe('26 November 2026');
    expect(formatPlainDate(lateEvening, 'Asia/Karachi')).toBe('27 November 2026');
    expect(formatPlainDate(lateEvening, 'America/New_York')).toBe('26 November 2026');
  });

  it('follows the zone’s clock when summer time starts and ends', () => {
    // London springs forward on 29 March 2026 (01:00 → 02:00) and falls back on 25 October.
    expect(formatTime('2026-03-29T00:30:00Z', 'Europe/London')).toBe('00:30');
    expect(formatTime('2026-03-29T01:30:00Z', 'Europe/London')).toBe('02:30');
    // 01:30 happens twice on 25 October: once in summer time, once an hour later in winter time.
    expect(formatTime('2026-10-25T00:30:00Z', 'Europe/London')).toBe('01:30');
    expect(formatTime('2026-10-25T01:30:00Z', 'Europe/London')).toBe('01:30');
    // Sydney's summer is the northern winter: +11 in January, +10 in July.
    expect(formatInstant('2026-01-15T00:00:00Z', 'Australia/Sydney')).toBe(
      'Thu, 15 Jan 2026, 11:00',
    );
    expect(formatInstant('2026-07-15T00:00:00Z', 'Australia/Sydney')).toBe(
      'Wed, 15 Jul 2026, 10:00',
    );
  });

  it('knows the owner’s today by the owner’s clock', () => {
    const now = new Date('2026-03-09T20:30:00Z');
    expect(todayIn('Asia/Karachi', now)).toBe('2026-03-10');
    expect(todayIn('America/New_York', now)).toBe('2026-03-09');
  });
});

describe('calendar days', () => {
  it('are the day they name, whatever the zone of the reader', () => {
    expect(formatPlainDay('1990-04-23')).toBe('23 April 1990');
    expect(formatMediumDay('2026-03-02')).toBe('2 Mar 2026');
    expect(formatDayOfMonth('2026-03-02')).toBe('2 Mar');
    expect(formatDay('2026-03-09')).toBe('Monday, 9 March 2026');
    expect(formatDay('2026-03-09', 'short')).toBe('Mon 9 Mar');
  });

  it('name months long and short', () => {
    expect(formatMonth({ year: 2026, month: 3 })).toBe('March 2026');
    expect(formatMonth({ year: 2026, month: 3 }, 'short')).toBe('Mar 2026');
  });
});

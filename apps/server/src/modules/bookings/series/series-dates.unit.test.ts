import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { seriesStarts } from './series-dates';

const local = (instant: Date, zone: string) =>
  DateTime.fromJSDate(instant, { zone }).toFormat('ccc HH:mm');

describe('seriesStarts', () => {
  it('keeps 09:00 on Tuesdays in London across the spring change (GMT → BST)', () => {
    const starts = seriesStarts(new Date('2026-03-17T09:00:00Z'), 'week', 4, 'Europe/London');
    expect(starts.map((start) => start.toISOString())).toEqual([
      '2026-03-17T09:00:00.000Z',
      '2026-03-24T09:00:00.000Z',
      '2026-03-31T08:00:00.000Z',
      '2026-04-07T08:00:00.000Z',
    ]);
    for (const start of starts) expect(local(start, 'Europe/London')).toBe('Tue 09:00');
  });

  it('keeps 09:00 on Tuesdays in London across the autumn change (BST → GMT)', () => {
    const starts = seriesStarts(new Date('2026-10-13T08:00:00Z'), 'week', 3, 'Europe/London');
    expect(starts.map((start) => start.toISOString())).toEqual([
      '2026-10-13T08:00:00.000Z',
      '2026-10-20T08:00:00.000Z',
      '2026-10-27T09:00:00.000Z',
    ]);
    for (const start of starts) expect(local(start, 'Europe/London')).toBe('Tue 09:00');
  });

  it('keeps 10:00 in New York across both changes, every two weeks', () => {
    const spring = seriesStarts(new Date('2026-02-24T15:00:00Z'), '2weeks', 3, 'America/New_York');
    expect(spring.map((start) => start.toISOString())).toEqual([
      '2026-02-24T15:00:00.000Z',
      '2026-03-10T14:00:00.000Z',
      '2026-03-24T14:00:00.000Z',
    ]);
    const autumn = seriesStarts(new Date('2026-10-20T14:00:00Z'), 'week', 3, 'America/New_York');
    expect(autumn.map((start) => start.toISOString())).toEqual([
      '2026-10-20T14:00:00.000Z',
      '2026-10-27T14:00:00.000Z',
      '2026-11-03T15:00:00.000Z',
    ]);
    for (const start of [...spring, ...autumn]) {
      expect(local(start, 'America/New_York')).toBe('Tue 10:00');
    }
  });

  it('follows the client’s zone, not the owner’s: a London client’s series is the London time', () => {
    // Between the two countries' spring changes New York has moved and London not yet: the
    // London client's 09:00 stays 09:00 for them, whatever it is in New York.
    const starts = seriesStarts(new Date('2026-03-03T09:00:00Z'), 'week', 5, 'Europe/London');
    expect(starts.map((start) => local(start, 'Europe/London'))).toEqual(
      Array.from({ length: 5 }, () => 'Tue 09:00'),
    );
    expect(starts.map((start) => local(start, 'America/New_York'))).toEqual([
      'Tue 04:00',
      'Tue 05:00',
      'Tue 05:00',
      'Tue 05:00',
      'Tue 04:00',
    ]);
  });

  it('makes 2 to 12 dates, the first the chosen start', () => {
    const first = new Date('2026-05-05T12:00:00Z');
    expect(seriesStarts(first, 'week', 12, 'UTC')).toHaveLength(12);
    expect(seriesStarts(first, 'week', 2, 'UTC')[0]).toBe(first);
  });
});

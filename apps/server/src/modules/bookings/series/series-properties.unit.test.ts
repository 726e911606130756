/**
 * No accepted series overlaps an existing booking (or an event of the owner's calendars, buffer
 * included), passes a day's maximum or leaves the open hours: for random hours, bookings,
 * calendars and series around both DST changes of the owner's zone, every date the preview calls
 * free is checked against a plain reading of the rules through luxon's wall clocks.
 */
import { WEEKDAYS, type OpenInterval, type WeeklyHours } from '@consult/shared';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { CalendarBusy } from '../availability/calendar-busy';
import type { InstantRange } from '../availability/slots';
import { schedulingConfig } from '../availability/test-factories';
import { seriesStarts } from './series-dates';
import { seriesOccurrences } from './series-occurrences';

const MINUTE = 60_000;
const OWNER_CHANGES: Record<string, string[]> = {
  'Europe/London': ['2026-03-29', '2026-10-25'],
  'America/New_York': ['2026-03-08', '2026-11-01'],
};
const CLIENT_ZONES = ['Europe/London', 'America/New_York', 'Asia/Karachi', 'Australia/Sydney'];

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const dayIntervals: fc.Arbitrary<OpenInterval[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: 96 }), { minLength: 0, maxLength: 4 })
  .map((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b).map((quarter) => quarter * 15);
    const intervals: OpenInterval[] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) {
      intervals.push({ start: hhmm(sorted[i]!), end: hhmm(sorted[i + 1]!) });
    }
    return intervals;
  });

const weeklyHours: fc.Arbitrary<WeeklyHours> = fc.record(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayIntervals])) as Record<
    (typeof WEEKDAYS)[number],
    fc.Arbitrary<OpenInterval[]>
  >,
);

function calendarOf(times: InstantRange[]): CalendarBusy {
  const near = (slot: InstantRange, bufferMs: number) =>
    times
      .filter(
        (time) =>
          time.start.getTime() < slot.end.getTime() + bufferMs &&
          time.end.getTime() > slot.start.getTime() - bufferMs,
      )
      .map((time) => ({ ...time, reasons: [] }));
  return {
    near,
    withoutBusy: (candidates, bufferMs) =>
      candidates.filter((slot) => near(slot, bufferMs).length === 0),
  };
}

/** Minutes since the owner's local midnight of `day` at `instant`, read through luxon. */
function wallMinutes(instant: number, day: DateTime): number {
  const at = DateTime.fromMillis(instant, { zone: day.zoneName! });
  const days = Math.round(at.startOf('day').diff(day.startOf('day'), 'days').days);
  return days * 1440 + at.hour * 60 + at.minute;
}

const scenario = fc
  .record({
    owner: fc
      .constantFrom(...Object.entries(OWNER_CHANGES))
      .chain(([zone, days]) => fc.tuple(fc.constant(zone), fc.constantFrom(...days))),
    clientZone: fc.constantFrom(...CLIENT_ZONES),
    startQuarterHours: fc.integer({ min: -4 * 7 * 96, max: 7 * 96 }),
    every: fc.constantFrom('week' as const, '2weeks' as const),
    count: fc.integer({ min: 2, max: 12 }),
    weeklyHours,
    bufferMinutes: fc.constantFrom(0, 10, 15, 30),
    slotStepMinutes: fc.constantFrom(15, 30, 60),
    durationMinutes: fc.constantFrom(30, 45, 60, 90),
    maxBookingsPerDay: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    // Near the series' dates (a week apart, a few hours either way), so they often collide.
    bookings: fc.array(
      fc.record({
        week: fc.integer({ min: 0, max: 24 }),
        jitterQuarterHours: fc.integer({ min: -12, max: 12 }),
        lengthMinutes: fc.integer({ min: 15, max: 180 }),
      }),
      { maxLength: 30 },
    ),
    calendar: fc.array(
      fc.record({
        week: fc.integer({ min: 0, max: 24 }),
        jitterQuarterHours: fc.integer({ min: -12, max: 12 }),
        lengthMinutes: fc.integer({ min: 15, max: 300 }),
      }),
      { maxLength: 10 },
    ),
  })
  .map((input) => {
    const [ownerZone, changeDay] = input.owner;
    const base = Date.parse(`${changeDay}T00:00:00Z`);
    const first = base + input.startQuarterHours * 15 * MINUTE;
    const ranges = (list: { week: number; jitterQuarterHours: number; lengthMinutes: number }[]) =>
      list.map(({ week, jitterQuarterHours, lengthMinutes }) => {
        const start = first + week * 7 * 1440 * MINUTE + jitterQuarterHours * 15 * MINUTE;
        return { start: new Date(start), end: new Date(start + lengthMinutes * MINUTE) };
      });
    return {
      ...input,
      ownerZone,
      now: new Date(base - 5 * 7 * 24 * 60 * MINUTE),
      first: new Date(first),
      bookings: ranges(input.bookings),
      calendar: ranges(input.calendar),
    };
  });

describe('a series’ free dates', () => {
  it('never overlap a booking or a calendar event, pass the day’s maximum, or leave the open hours', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const config = schedulingConfig({
          rules: {
            timeZone: s.ownerZone,
            horizonDays: 365,
            bufferMinutes: s.bufferMinutes,
            slotStepMinutes: s.slotStepMinutes,
            maxBookingsPerDay: s.maxBookingsPerDay,
          },
          weeklyHours: s.weeklyHours,
        });
        const starts = seriesStarts(s.first, s.every, s.count, s.clientZone);
        const occurrences = seriesOccurrences(
          { durationMinutes: s.durationMinutes },
          starts,
          s.now,
          config,
          s.bookings,
          calendarOf(s.calendar),
        );
        expect(occurrences.map((occurrence) => occurrence.start)).toEqual(
          starts.map((start) => start.toISOString()),
        );
        const bufferMs = s.bufferMinutes * MINUTE;
        for (const occurrence of occurrences.filter((o) => o.free)) {
          const start = Date.parse(occurrence.start);
          const end = start + s.durationMinutes * MINUTE;
          for (const busy of [...s.bookings, ...s.calendar]) {
            const clear =
              busy.end.getTime() <= start - bufferMs || busy.start.getTime() >= end + bufferMs;
            expect(clear, `${occurrence.start} against ${busy.start.toISOString()}`).toBe(true);
          }
          const day = DateTime.fromMillis(start, { zone: s.ownerZone }).startOf('day');
          if (s.maxBookingsPerDay !== null) {
            const sameDay = s.bookings.filter((booking) =>
              DateTime.fromJSDate(booking.start, { zone: s.ownerZone }).startOf('day').equals(day),
            );
            expect(sameDay.length).toBeLessThan(s.maxBookingsPerDay);
          }
          const weekday = WEEKDAYS[day.weekday - 1]!;
          const from = wallMinutes(start - bufferMs, day);
          const until = wallMinutes(end + bufferMs, day);
          const inHours = s.weeklyHours[weekday].some((interval) => {
            const [openH, openM] = interval.start.split(':').map(Number) as [number, number];
            const [closeH, closeM] = interval.end.split(':').map(Number) as [number, number];
            return openH * 60 + openM <= from && until <= closeH * 60 + closeM;
          });
          expect(inHours, `${occurrence.start} in the hours of ${weekday}`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

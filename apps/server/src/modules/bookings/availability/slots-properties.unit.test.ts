/**
 * Properties of computeAvailableSlots for random configs, busy lists and ranges, around the DST
 * changes of zones in both hemispheres, with half-hour and 45-minute offsets and midnight changes.
 * The open hours are checked against a slow reference that reads wall clocks through luxon's
 * DateTime directly, sharing no code with the implementation.
 */
import type { DateOverride, OpenInterval, SchedulingConfig, WeeklyHours } from '@consult/shared';
import { WEEKDAYS, schedulingConfigSchema } from '@consult/shared';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { AVAILABILITY_CACHE_TTL_MS } from './availability-cache';
import {
  bookableStretch,
  computeAvailableSlots,
  offerWindow,
  slotStartsIn,
  type BusyRange,
} from './slots';

/**
 * Owner zones with the local dates of their 2026 offset changes: both hemispheres, half-hour and
 * 45-minute offsets, a 30-minute DST (Lord Howe) and changes at midnight (Santiago).
 */
const ZONE_CHANGES: Record<string, string[]> = {
  'America/New_York': ['2026-03-08', '2026-11-01'],
  'Europe/London': ['2026-03-29', '2026-10-25'],
  'Australia/Sydney': ['2026-04-05', '2026-10-04'],
  'America/St_Johns': ['2026-03-08', '2026-11-01'],
  'Australia/Lord_Howe': ['2026-04-05', '2026-10-04'],
  'America/Santiago': ['2026-04-05', '2026-09-06'],
  'Asia/Karachi': ['2026-06-10'],
  'Asia/Kathmandu': ['2026-06-10'],
};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Disjoint intervals from sorted distinct cut points, in minutes of the day (end may be 24:00). */
const dayIntervals: fc.Arbitrary<OpenInterval[]> = fc
  .oneof(
    { arbitrary: fc.constant([]), weight: 1 },
    {
      arbitrary: fc.uniqueArray(fc.integer({ min: 0, max: 1440 }), { minLength: 2, maxLength: 6 }),
      weight: 5,
    },
  )
  .map((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b);
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

interface Scenario {
  /** The owner zone's offset-change day the scenario is built around. */
  changeDay: string;
  config: SchedulingConfig;
  durationMinutes: number;
  range: { start: Date; end: Date };
  now: Date;
  busy: BusyRange[];
}

const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    zoneAndDay: fc
      .constantFrom(...Object.entries(ZONE_CHANGES))
      .chain(([zone, days]) => fc.tuple(fc.constant(zone), fc.constantFrom(...days))),
    rangeOffsetMinutes: fc.integer({ min: -36 * 60, max: 12 * 60 }),
    rangeLengthMinutes: fc.integer({ min: 1, max: 3 * 24 * 60 }),
    nowBeforeMinutes: fc.integer({ min: -6 * 60, max: 5 * 24 * 60 }),
    weeklyHours,
    overrides: fc.array(
      fc.record({
        dayOffset: fc.integer({ min: -2, max: 2 }),
        closed: fc.boolean(),
        intervals: dayIntervals,
      }),
      { maxLength: 3 },
    ),
    minimumNoticeHours: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 24 })),
    horizonDays: fc.oneof(fc.constant(60), fc.integer({ min: 1, max: 10 })),
    bufferMinutes: fc.constantFrom(0, 0, 5, 10, 15, 30, 45),
    slotStepMinutes: fc.oneof(
      fc.constantFrom(10, 15, 20, 30, 45, 60),
      fc.integer({ min: 5, max: 240 }),
    ),
    maxBookingsPerDay: fc.oneof(
      { arbitrary: fc.constant(null), weight: 3 },
      { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 1 },
    ),
    durationMinutes: fc.oneof(fc.constantFrom(15, 30, 45, 60), fc.integer({ min: 15, max: 240 })),
    busy: fc.array(
      fc.record({
        startOffsetMinutes: fc.integer({ min: -48 * 60, max: 48 * 60 }),
        lengthMinutes: fc.integer({ min: 15, max: 240 }),
      }),
      { maxLength: 8 },
    ),
  })
  .map((input) => {
    const [zone, changeDay] = input.zoneAndDay;
    const base = Date.parse(`${changeDay}T00:00:00Z`);
    const rangeStart = base + input.rangeOffsetMinutes * MINUTE;
    const seen = new Set<string>();
    const dateOverrides: DateOverride[] = [];
    for (const override of input.overrides) {
      const date = new Date(base + override.dayOffset * 24 * HOUR).toISOString().slice(0, 10);
      if (seen.has(date)) continue;
      seen.add(date);
      const closed = override.closed || override.intervals.length === 0;
      dateOverrides.push({ date, closed, intervals: closed ? [] : override.intervals });
    }
    // Every generated config is one the owner could save.
    const config = schedulingConfigSchema.parse({
      rules: {
        timeZone: zone,
        minimumNoticeHours: input.minimumNoticeHours,
        horizonDays: input.horizonDays,
        bufferMinutes: input.bufferMinutes,
        slotStepMinutes: input.slotStepMinutes,
        maxBookingsPerDay: input.maxBookingsPerDay,
        holdMinutes: 30,
        cancellationCutoffHours: 24,
      },
      weeklyHours: input.weeklyHours,
      dateOverrides,
    });
    return {
      changeDay,
      config,
      durationMinutes: input.durationMinutes,
      range: {
        start: new Date(rangeStart),
        end: new Date(rangeStart + input.rangeLengthMinutes * MINUTE),
      },
      now: new Date(rangeStart - input.nowBeforeMinutes * MINUTE),
      busy: input.busy.map((b) => {
        const start = base + b.startOffsetMinutes * MINUTE;
        return { start: new Date(start), end: new Date(start + b.lengthMinutes * MINUTE) };
      }),
    };
  });

/**
 * The same configs over the three days around the change, with nothing busy, no notice, no daily
 * maximum and `now` well before: whatever goes missing or doubles is the DST handling's doing.
 */
const dstScenario: fc.Arbitrary<Scenario> = scenario.map((s) => {
  const base = Date.parse(`${s.changeDay}T00:00:00Z`);
  return {
    ...s,
    config: {
      ...s.config,
      rules: { ...s.config.rules, minimumNoticeHours: 0, maxBookingsPerDay: null },
    },
    range: { start: new Date(base - 24 * HOUR), end: new Date(base + 48 * HOUR) },
    now: new Date(base - 3 * 24 * HOUR),
    busy: [],
  };
});

// ---- The reference: slow and direct, through luxon DateTime only. ----

/** The wall-clock reading of an instant in the zone, as ms of a UTC-based calendar. */
function readingAt(zone: string, epochMs: number): number {
  const local = DateTime.fromMillis(epochMs, { zone });
  return Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour,
    local.minute,
    local.second,
    local.millisecond,
  );
}

/**
 * Every instant whose reading is exactly `wallMs` (0, 1 or 2 of them), found by trying each
 * offset the zone uses within a day of it.
 */
function instantsShowing(zone: string, wallMs: number): number[] {
  const offsets = new Set<number>();
  for (let k = -4; k <= 4; k += 1) {
    offsets.add(DateTime.fromMillis(wallMs + k * 6 * HOUR, { zone }).offset);
  }
  return [...offsets]
    .map((offset) => wallMs - offset * MINUTE)
    .filter((candidate) => readingAt(zone, candidate) === wallMs)
    .sort((a, b) => a - b);
}

/** The first instant whose reading is `wallMs` or later (policy of slots.ts), by minute scan in gaps. */
function firstInstantShowingAtLeast(zone: string, wallMs: number): number {
  const exact = instantsShowing(zone, wallMs);
  if (exact.length > 0) return exact[0]!;
  let candidate = wallMs - 15 * HOUR;
  while (readingAt(zone, candidate) < wallMs) candidate += MINUTE;
  return candidate;
}

function intervalsFor(config: SchedulingConfig, date: string): { start: number; end: number }[] {
  const override = config.dateOverrides.find((o) => o.date === date);
  const weekday = WEEKDAYS[DateTime.fromISO(date, { zone: 'UTC' }).weekday - 1]!;
  const source = override
    ? override.closed
      ? []
      : override.intervals
    : config.weeklyHours[weekday];
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const sorted = source
    .map((i) => ({ start: minutes(i.start), end: minutes(i.end) }))
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

function ownerDate(zone: string, epochMs: number): string {
  return DateTime.fromMillis(epochMs, { zone }).toISODate()!;
}

/** The open stretches (instants) of the owner-local day `date`. */
function openStretches(config: SchedulingConfig, date: string): { from: number; until: number }[] {
  const zone = config.rules.timeZone;
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return intervalsFor(config, date).map((interval) => ({
    from: firstInstantShowingAtLeast(zone, midnight + interval.start * MINUTE),
    until: firstInstantShowingAtLeast(zone, midnight + interval.end * MINUTE),
  }));
}

function referenceSlots(s: Scenario): string[] {
  const { config, durationMinutes } = s;
  const { rules } = config;
  const zone = rules.timeZone;
  const buffer = rules.bufferMinutes * MINUTE;
  const duration = durationMinutes * MINUTE;
  const earliest = Math.max(
    s.range.start.getTime(),
    s.now.getTime() + rules.minimumNoticeHours * HOUR,
  );
  const horizon = firstInstantShowingAtLeast(
    zone,
    readingAt(zone, s.now.getTime()) + rules.horizonDays * 24 * HOUR,
  );
  const latest = Math.min(s.range.end.getTime() - 1, horizon);
  const out: string[] = [];
  if (earliest > latest) return out;
  const lastDate = ownerDate(zone, latest);
  for (let date = ownerDate(zone, earliest); date <= lastDate;) {
    const midnight = Date.parse(`${date}T00:00:00Z`);
    const nextDate = new Date(midnight + 24 * HOUR).toISOString().slice(0, 10);
    const dayStart = firstInstantShowingAtLeast(zone, midnight);
    const dayEnd = firstInstantShowingAtLeast(zone, midnight + 24 * HOUR);
    const booked = s.busy.filter(
      (b) => b.start.getTime() >= dayStart && b.start.getTime() < dayEnd,
    ).length;
    if (rules.maxBookingsPerDay === null || booked < rules.maxBookingsPerDay) {
      const stretches = openStretches(config, date);
      intervalsFor(config, date).forEach((interval, index) => {
        const stretch = stretches[index]!;
        for (let m = interval.start; m < interval.end; m += rules.slotStepMinutes) {
          const start = instantsShowing(zone, midnight + m * MINUTE)[0];
          if (start === undefined || start < earliest || start > latest) continue;
          if (start - buffer < stretch.from || start + duration + buffer > stretch.until) continue;
          const clash = s.busy.some(
            (b) =>
              b.start.getTime() < start + duration + buffer && b.end.getTime() > start - buffer,
          );
          if (!clash) out.push(new Date(start).toISOString());
        }
      });
    }
    date = nextDate;
  }
  return out;
}

const slotsOf = (s: Scenario) =>
  computeAvailableSlots({ durationMinutes: s.durationMinutes }, s.range, s.now, s.config, s.busy);

// The reference reads every wall clock through luxon, slowly; these runs take a few seconds.
describe('computeAvailableSlots properties', { timeout: 60_000 }, () => {
  it('never offers a slot whose buffered time touches a busy booking', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const buffer = s.config.rules.bufferMinutes * MINUTE;
        for (const slot of slotsOf(s)) {
          const from = Date.parse(slot) - buffer;
          const until = Date.parse(slot) + s.durationMinutes * MINUTE + buffer;
          for (const b of s.busy) {
            expect(b.start.getTime() < until && b.end.getTime() > from).toBe(false);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('puts every slot, buffers included, wholly inside one open stretch of its owner-local day', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const zone = s.config.rules.timeZone;
        const buffer = s.config.rules.bufferMinutes * MINUTE;
        const byDate = new Map<string, { from: number; until: number }[]>();
        for (const slot of slotsOf(s)) {
          const start = Date.parse(slot);
          const date = ownerDate(zone, start);
          const stretches = byDate.get(date) ?? openStretches(s.config, date);
          byDate.set(date, stretches);
          const inside = stretches.some(
            (o) =>
              start - buffer >= o.from && start + s.durationMinutes * MINUTE + buffer <= o.until,
          );
          expect(inside, `${slot} in ${zone}`).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('keeps every slot inside the range, the notice and the horizon, ascending and once', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const slots = slotsOf(s).map((slot) => Date.parse(slot));
        const notice = s.now.getTime() + s.config.rules.minimumNoticeHours * HOUR;
        const horizon = s.now.getTime() + (s.config.rules.horizonDays * 24 + 1) * HOUR;
        slots.forEach((start, i) => {
          expect(start).toBeGreaterThanOrEqual(Math.max(s.range.start.getTime(), notice));
          expect(start).toBeLessThan(s.range.end.getTime());
          expect(start).toBeLessThanOrEqual(horizon);
          if (i > 0) expect(start).toBeGreaterThan(slots[i - 1]!);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('offers exactly the reference slots on the days around DST changes (none missing, doubled or shifted)', () => {
    fc.assert(
      fc.property(dstScenario, (s) => {
        expect(slotsOf(s)).toEqual(referenceSlots(s));
      }),
      { numRuns: 100 },
    );
  });

  it('offers exactly the slots a direct reading of the rules gives (none missing, none extra)', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        expect(slotsOf(s)).toEqual(referenceSlots(s));
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same slots cut out of the bookable stretch of a moment up to 30 s away (the availability cache)', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.integer({ min: -AVAILABILITY_CACHE_TTL_MS, max: AVAILABILITY_CACHE_TTL_MS }),
        (s, shiftMs) => {
          const computedAt = new Date(s.now.getTime() + shiftMs);
          const stretch = bookableStretch(computedAt, s.config, AVAILABILITY_CACHE_TTL_MS);
          const offered = slotStartsIn(
            { durationMinutes: s.durationMinutes },
            stretch,
            s.config,
            s.busy,
          );
          const window = offerWindow(s.range, s.now, s.config);
          const cut = window
            ? offered.filter((slot) => {
                const at = Date.parse(slot);
                return at >= window.start.getTime() && at < window.end.getTime();
              })
            : [];
          expect(cut).toEqual(slotsOf(s));
        },
      ),
      { numRuns: 150 },
    );
  });
});

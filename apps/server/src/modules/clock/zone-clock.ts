/**
 * Wall-clock ↔ instant conversion in one IANA zone, with the DST policy of slots.ts made explicit.
 *
 * The zone's offsets come from luxon (which reads the runtime's tz database through Intl); this
 * module only decides what a wall-clock reading means when the zone skips or repeats it, which
 * luxon settles by a guess (it reads a repeated 01:30 as the later pass) rather than by a rule.
 */
import { IANAZone } from 'luxon';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@consult/shared';

// The bookings module's time units are the shared ones; re-exported for its files' imports.
export { DAY_MS, HOUR_MS, MINUTE_MS } from '@consult/shared';

/** Offsets of the world's zones lie within ±14 h; ±18 h around a reading catches every candidate. */
const OFFSET_PROBE_MS = 18 * HOUR_MS;

/** Bounds on the caches: zones named by clients, and days (a few years' worth per zone). */
const MAX_CACHED_ZONES = 500;
const MAX_CACHED_DAYS = 4000;

/** What a wall-clock reading resolves to. */
export interface WallResolution {
  /**
   * The first instant at which the zone's clock shows this reading or a later one: the reading's
   * only instant, the earlier of its two instants when the clock falls back over it, or the
   * instant the clock jumps forward when it skips it.
   */
  epochMs: number;
  /** False when the clock skips the reading (spring forward). */
  exists: boolean;
}

/**
 * A wall-clock reading is carried as "wall ms": milliseconds since 1970-01-01T00:00 of the
 * zone's calendar, as if the zone were UTC. Calendar dates are wall ms of their midnight.
 */
export class ZoneClock {
  private static readonly clocks = new Map<string, ZoneClock>();

  /** One clock per zone, so its offset cache serves every request. */
  static for(timeZone: string): ZoneClock {
    let clock = ZoneClock.clocks.get(timeZone);
    if (!clock) {
      clock = new ZoneClock(timeZone);
      if (ZoneClock.clocks.size >= MAX_CACHED_ZONES) ZoneClock.clocks.clear();
      ZoneClock.clocks.set(timeZone, clock);
    }
    return clock;
  }

  private readonly zone: IANAZone;
  /** Offset per UTC day when constant over that day; null when the day has a transition. */
  private readonly dayOffsets = new Map<number, number | null>();

  constructor(readonly timeZone: string) {
    this.zone = IANAZone.create(timeZone);
    if (!this.zone.isValid) throw new RangeError(`Unknown time zone: ${timeZone}`);
  }

  /** The zone's offset from UTC at an instant, in minutes. */
  offsetMinutes(epochMs: number): number {
    // Each lookup costs a formatToParts call; offsets change at most twice a year, so one check per
    // UTC day (start, middle, end agreeing) answers every other instant of that day.
    const day = Math.floor(epochMs / DAY_MS);
    let cached = this.dayOffsets.get(day);
    if (cached === undefined) {
      const start = this.zone.offset(day * DAY_MS);
      const constant =
        this.zone.offset(day * DAY_MS + DAY_MS / 2) === start &&
        this.zone.offset((day + 1) * DAY_MS - 1) === start;
      cached = constant ? start : null;
      if (this.dayOffsets.size >= MAX_CACHED_DAYS) this.dayOffsets.clear();
      this.dayOffsets.set(day, cached);
    }
    return cached ?? this.zone.offset(epochMs);
  }

  /** The wall-clock reading (wall ms) at an instant. */
  wallAt(epochMs: number): number {
    return epochMs + this.offsetMinutes(epochMs) * MINUTE_MS;
  }

  /** The calendar date (wall ms of its midnight) an instant falls on in this zone. */
  dateAt(epochMs: number): number {
    return Math.floor(this.wallAt(epochMs) / DAY_MS) * DAY_MS;
  }

  /** See WallResolution: earliest pass when repeated, the jump's instant when skipped. */
  resolve(wallMs: number): WallResolution {
    const offsets = new Set([
      this.offsetMinutes(wallMs - OFFSET_PROBE_MS),
      this.offsetMinutes(wallMs),
      this.offsetMinutes(wallMs + OFFSET_PROBE_MS),
    ]);
    let earliest = Number.POSITIVE_INFINITY;
    for (const offset of offsets) {
      const candidate = wallMs - offset * MINUTE_MS;
      if (this.offsetMinutes(candidate) === offset) earliest = Math.min(earliest, candidate);
    }
    if (Number.isFinite(earliest)) return { epochMs: earliest, exists: true };
    return { epochMs: this.firstInstantShowingAtLeast(wallMs, [...offsets]), exists: false };
  }

  /**
   * In a skipped stretch the clock reads below `wallMs` before the jump and above it after, so the
   * first instant reading at least `wallMs` is the jump itself; it is found by bisection to the
   * minute (zones change offset on whole minutes).
   */
  private firstInstantShowingAtLeast(wallMs: number, offsets: number[]): number {
    let low = Math.floor((wallMs - Math.max(...offsets) * MINUTE_MS) / MINUTE_MS);
    let high = Math.ceil((wallMs - Math.min(...offsets) * MINUTE_MS) / MINUTE_MS);
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (this.wallAt(middle * MINUTE_MS) >= wallMs) high = middle;
      else low = middle;
    }
    return high * MINUTE_MS;
  }

  /** The first instant of a calendar date, whether or not its midnight exists. */
  startOfDate(dateWallMs: number): number {
    return this.resolve(dateWallMs).epochMs;
  }
}

/** 'YYYY-MM-DD' ↔ wall ms of that date's midnight. */
export function dateToWallMs(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

export function wallMsToDate(wallMs: number): string {
  return new Date(wallMs).toISOString().slice(0, 10);
}

/**
 * The instants covered by the calendar days `from`…`to` (YYYY-MM-DD, both included) in `timeZone`:
 * from the first instant of `from` to the first instant of the day after `to`.
 */
export function rangeForDays(
  from: string,
  to: string,
  timeZone: string,
): { start: Date; end: Date } {
  const clock = ZoneClock.for(timeZone);
  return {
    start: new Date(clock.startOfDate(dateToWallMs(from))),
    end: new Date(clock.startOfDate(dateToWallMs(to) + DAY_MS)),
  };
}

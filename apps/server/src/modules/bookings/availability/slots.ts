/**
 * Which slot starts a service can be booked at: inside the owner's weekly hours and date
 * overrides, after the minimum notice, within the horizon, clear of held and confirmed bookings
 * plus the buffer, and under the daily maximum.
 *
 * Contract
 * - Returns slot starts as UTC instants in ISO 8601 (`Date#toISOString`, e.g.
 *   '2026-03-09T13:00:00.000Z'), ascending, each once. Strings, because they go to JSON as they are
 *   and compare correctly as text.
 * - `range` is half-open: a slot is returned when its start lies in [range.start, range.end).
 * - `busy` holds the held (pending_payment, not yet expired) and confirmed bookings as their own
 *   meeting times [start, end), WITHOUT buffers; this function applies the current buffer. It must
 *   contain every such booking that overlaps `busyWindowFor(range, config)`, since the daily
 *   maximum counts whole owner-local days.
 * - `config` is a SchedulingConfig that passed its schema.
 * - In the database the same spacing is an exclusion constraint over tstzrange(start, end + buffer)
 *   of held and confirmed bookings: two such ranges are disjoint exactly when the bookings are at
 *   least `buffer` apart (each range keeps the buffer in force when it was booked).
 *
 * Rules
 * - A slot [s, s + duration) is offered only when [s − buffer, s + duration + buffer) lies wholly
 *   inside one open interval of the owner-local day it starts on (intervals that touch count as
 *   one) and overlaps no busy booking. So two bookings are always at least `buffer` apart, and the
 *   owner has `buffer` free after opening and before closing.
 * - Minimum notice: no slot starts before now + minimumNoticeHours (a start exactly there is offered).
 * - Horizon: no slot starts after now + horizonDays calendar days in the owner's zone, same wall
 *   time (a start exactly there is offered).
 * - Step: starts lie on the wall-clock grid interval start + k × slotStepMinutes.
 * - Date overrides replace the weekday's hours for their date: closed (no slots) or their own
 *   intervals.
 * - Maximum per day: when the busy bookings starting on an owner-local day reach the maximum, that
 *   day offers nothing.
 *
 * DST policy (the owner's zone)
 * - Hours are wall-clock times in the owner's zone, so a 09:00–17:00 day is 09:00–17:00 by the
 *   owner's clock whatever the offset: on a 23- or 25-hour day it still gives the 09:00…16:00
 *   slots, each at the UTC instant that reading has on that date.
 * - Slot starts are wall-clock readings on the grid; each grid reading gives at most one instant:
 *   - a reading the clock skips (spring forward, e.g. 02:30 in New York on 2026-03-08) offers no
 *     slot; the grid resumes at its next reading that exists (03:00, 03:30…), never shifted;
 *   - a reading the clock shows twice (fall back, e.g. 01:30 in New York on 2026-11-01) offers only
 *     its first pass; the repeated hour's second pass offers no new grid starts.
 * - An interval bound means "from/until the first instant the clock shows that reading or later":
 *   a bound in a skipped stretch is the instant of the jump; a repeated bound is its first pass.
 *   So 00:00–02:30 on a New York spring-forward day closes at 03:00 EDT, and 01:00–01:30 on a
 *   fall-back day is the half hour of the first pass.
 * - Durations and buffers are elapsed time: a 60-minute slot across a jump ends 60 real minutes
 *   later.
 * The client's zone never changes which instants are offered; it only groups them into the
 * client's days (`groupSlotsByDay`), by the client zone's offset at each instant.
 * Offsets come from luxon (the tz database through Intl); zone-clock.ts applies the policy above.
 */
import type { SchedulingConfig, Weekday } from '@consult/shared';
import { timeToMinutes, WEEKDAYS } from '@consult/shared';
import { DAY_MS, HOUR_MS, MINUTE_MS, ZoneClock, wallMsToDate } from '../../clock';

export interface SlotService {
  durationMinutes: number;
}

/** Half-open [start, end). */
export interface InstantRange {
  start: Date;
  end: Date;
}

/** A held or confirmed booking's own time, without buffers. */
export type BusyRange = InstantRange;

interface Span {
  start: number;
  end: number;
}

export function computeAvailableSlots(
  service: SlotService,
  range: InstantRange,
  now: Date,
  config: SchedulingConfig,
  busy: readonly BusyRange[],
): string[] {
  const window = offerWindow(range, now, config);
  return window ? slotStartsIn(service, window, config, busy) : [];
}

/**
 * The slot starts in `window` by every rule except the minimum notice and the horizon, which
 * depend on the moment of asking: `computeAvailableSlots` is this over `offerWindow`. As each start
 * is judged on its own day and the busy bookings alone, the starts of a window are those of any
 * wider window that fall inside it, so one computation over the whole bookable stretch answers
 * every narrower range (availability-service.ts). `busy` must cover `busyWindowFor(window)`.
 */
export function slotStartsIn(
  service: SlotService,
  window: InstantRange,
  config: SchedulingConfig,
  busy: readonly BusyRange[],
): string[] {
  const { rules } = config;
  const clock = ZoneClock.for(rules.timeZone);
  const durationMs = service.durationMinutes * MINUTE_MS;
  const bufferMs = rules.bufferMinutes * MINUTE_MS;
  const earliestStart = window.start.getTime();
  const latestStart = window.end.getTime() - 1;

  const blocked = mergeSpans(busy.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })));
  const busyStarts = busy.map((b) => b.start.getTime()).sort((a, b) => a - b);
  const overrides = new Map(config.dateOverrides.map((override) => [override.date, override]));
  const slots: string[] = [];

  const lastDate = clock.dateAt(latestStart);
  for (let date = clock.dateAt(earliestStart); date <= lastDate; date += DAY_MS) {
    if (rules.maxBookingsPerDay !== null) {
      const dayStart = clock.startOfDate(date);
      const nextDayStart = clock.startOfDate(date + DAY_MS);
      const booked = countInRange(busyStarts, dayStart, nextDayStart);
      if (booked >= rules.maxBookingsPerDay) continue;
    }
    const dateText = wallMsToDate(date);
    const override = overrides.get(dateText);
    const intervals = override
      ? override.closed
        ? []
        : override.intervals
      : config.weeklyHours[weekdayOf(date)];

    for (const interval of mergeSpans(
      intervals.map((i) => ({ start: timeToMinutes(i.start), end: timeToMinutes(i.end) })),
    )) {
      const opensAt = clock.resolve(date + interval.start * MINUTE_MS).epochMs;
      const closesAt = clock.resolve(date + interval.end * MINUTE_MS).epochMs;
      for (let minute = interval.start; minute < interval.end; minute += rules.slotStepMinutes) {
        const reading = clock.resolve(date + minute * MINUTE_MS);
        if (!reading.exists) continue;
        const start = reading.epochMs;
        if (start < earliestStart || start > latestStart) continue;
        const reservedFrom = start - bufferMs;
        const reservedUntil = start + durationMs + bufferMs;
        if (reservedFrom < opensAt || reservedUntil > closesAt) continue;
        if (overlapsAny(blocked, reservedFrom, reservedUntil)) continue;
        slots.push(new Date(start).toISOString());
      }
    }
  }
  return slots;
}

/**
 * The part of `range` where slots may start right now: from the notice on, up to the horizon
 * (both included); null when none is left, so callers can skip the bookings query.
 */
export function offerWindow(
  range: InstantRange,
  now: Date,
  config: SchedulingConfig,
): InstantRange | null {
  const { rules } = config;
  const earliestStart = Math.max(
    range.start.getTime(),
    now.getTime() + rules.minimumNoticeHours * HOUR_MS,
  );
  const latestStart = Math.min(
    range.end.getTime() - 1,
    horizonEnd(ZoneClock.for(rules.timeZone), now, rules.horizonDays),
  );
  if (earliestStart > latestStart) return null;
  return { start: new Date(earliestStart), end: new Date(latestStart + 1) };
}

/**
 * A stretch holding every window `offerWindow` can give for a moment within `spreadMs` of `now`,
 * either way: from the earliest notice on, past the latest horizon (a zone's offset may differ by
 * up to a day, and a clock change moves the same wall time). The starts of such a window are those
 * of the stretch (`slotStartsIn`) that fall inside it.
 */
export function bookableStretch(
  now: Date,
  config: SchedulingConfig,
  spreadMs: number,
): InstantRange {
  const { rules } = config;
  return {
    start: new Date(now.getTime() - spreadMs + rules.minimumNoticeHours * HOUR_MS),
    end: new Date(now.getTime() + spreadMs + (rules.horizonDays + 2) * DAY_MS),
  };
}

/**
 * The instants whose bookings `computeAvailableSlots` needs in `busy` for this range: the whole
 * owner-local days the range touches (for the daily maximum), widened by the buffer.
 */
export function busyWindowFor(range: InstantRange, config: SchedulingConfig): InstantRange {
  const clock = ZoneClock.for(config.rules.timeZone);
  const bufferMs = config.rules.bufferMinutes * MINUTE_MS;
  const firstDay = clock.dateAt(range.start.getTime());
  const lastDay = clock.dateAt(range.end.getTime() - 1);
  return {
    start: new Date(clock.startOfDate(firstDay) - bufferMs),
    end: new Date(clock.startOfDate(lastDay + DAY_MS) + bufferMs),
  };
}

export interface SlotDay {
  /** The client's calendar day, YYYY-MM-DD. */
  date: string;
  /** Slot starts (UTC, ISO 8601) that fall on it in the client's zone, ascending. */
  slots: string[];
}

/**
 * Slots (as `Date#toISOString` writes them, which is how the slot functions return them) grouped by
 * the day they fall on in the client's zone, days ascending; days without slots are left out. Each
 * instant is placed by the client zone's offset at that instant, so half-hour and 45-minute zones
 * and either hemisphere's DST are placed correctly.
 */
export function groupSlotsByDay(slots: readonly string[], clientZone: string): SlotDay[] {
  const clock = ZoneClock.for(clientZone);
  const byDate = new Map<string, { instant: number; slot: string }[]>();
  // Neighbouring slots mostly share a date: its text is made once per change.
  let lastDateMs = Number.NaN;
  let list: { instant: number; slot: string }[] = [];
  for (const slot of slots) {
    const instant = Date.parse(slot);
    const dateMs = clock.dateAt(instant);
    if (dateMs !== lastDateMs) {
      const date = wallMsToDate(dateMs);
      list = byDate.get(date) ?? [];
      if (list.length === 0) byDate.set(date, list);
      lastDateMs = dateMs;
    }
    list.push({ instant, slot });
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, day]) => ({
      date,
      slots: day.sort((a, b) => a.instant - b.instant).map(({ slot }) => slot),
    }));
}

/** now + days calendar days at the same wall time in the owner's zone. */
function horizonEnd(clock: ZoneClock, now: Date, days: number): number {
  return clock.resolve(clock.wallAt(now.getTime()) + days * DAY_MS).epochMs;
}

function weekdayOf(dateWallMs: number): Weekday {
  // getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(dateWallMs).getUTCDay() + 6) % 7]!;
}

/** Sorted, disjoint spans; spans that overlap or touch become one. */
function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Whether [from, until) shares any instant with the sorted, disjoint spans. */
function overlapsAny(spans: readonly Span[], from: number, until: number): boolean {
  // The first span ending after `from` is the only one that can overlap without an earlier one.
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle]!.end <= from) low = middle + 1;
    else high = middle;
  }
  const candidate = spans[low];
  return candidate !== undefined && candidate.start < until;
}

/** How many of the sorted values lie in [from, until). */
function countInRange(sorted: readonly number[], from: number, until: number): number {
  return lowerBound(sorted, until) - lowerBound(sorted, from);
}

/** The index of the first sorted value at or after `value`. */
export function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

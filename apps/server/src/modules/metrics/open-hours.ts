/**
 * The owner's open time over calendar days, from the weekly hours and date overrides (the settings
 * are small, so this is computed here rather than in SQL). Bounds are wall-clock readings resolved
 * with the slots' DST policy (zone-clock.ts), so a 09:00–17:00 day is 8 h on a 23- or 25-hour day
 * too, and an interval over a skipped hour loses that hour.
 */
import { timeToMinutes, WEEKDAYS, type SchedulingConfig } from '@consult/shared';
import { DAY_MS, MINUTE_MS, ZoneClock, dateToWallMs } from '../clock';

interface Span {
  start: number;
  end: number;
}

function merged(spans: Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}

function spansOf(intervals: readonly { start: string; end: string }[]): Span[] {
  return merged(
    intervals.map((i) => ({ start: timeToMinutes(i.start), end: timeToMinutes(i.end) })),
  );
}

/** Open milliseconds of the days `from`…`to` (YYYY-MM-DD, both included) in the owner's zone. */
export function openMilliseconds(
  config: Pick<SchedulingConfig, 'weeklyHours' | 'dateOverrides'> & {
    rules: { timeZone: string };
  },
  from: string,
  to: string,
): number {
  const clock = ZoneClock.for(config.rules.timeZone);
  const weekly = WEEKDAYS.map((day) => spansOf(config.weeklyHours[day]));
  const overrides = new Map(
    config.dateOverrides.map((o) => [dateToWallMs(o.date), o.closed ? [] : spansOf(o.intervals)]),
  );
  let total = 0;
  for (let date = dateToWallMs(from); date <= dateToWallMs(to); date += DAY_MS) {
    const spans = overrides.get(date) ?? weekly[(new Date(date).getUTCDay() + 6) % 7]!;
    if (spans.length === 0) continue;
    // A day whose neighbourhood keeps one offset has wall-clock spans of real length; only the
    // few days around a clock change need each bound resolved (skipped or repeated readings).
    const offset = clock.offsetMinutes(date - DAY_MS);
    const steady =
      clock.offsetMinutes(date) === offset &&
      clock.offsetMinutes(date + DAY_MS) === offset &&
      clock.offsetMinutes(date + 2 * DAY_MS) === offset;
    for (const span of spans) {
      if (steady) {
        total += (span.end - span.start) * MINUTE_MS;
        continue;
      }
      const opensAt = clock.resolve(date + span.start * MINUTE_MS).epochMs;
      const closesAt = clock.resolve(date + span.end * MINUTE_MS).epochMs;
      total += Math.max(0, closesAt - opensAt);
    }
  }
  return total;
}

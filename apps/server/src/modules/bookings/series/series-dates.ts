/**
 * The dates of a series: the same weekday and wall-clock time in the client's zone, every week or
 * two. Across a daylight-saving change the UTC instant moves and the client's local time stays; a
 * local time the change skips is read as the instant the clock jumps (ZoneClock's rule), which the
 * owner's hours then judge like any other.
 */
import { SERIES_STEP_DAYS, type SeriesEvery } from '@consult/shared';
import { DAY_MS, ZoneClock } from '../../clock';

export function seriesStarts(
  first: Date,
  every: SeriesEvery,
  count: number,
  clientTimeZone: string,
): Date[] {
  const clock = ZoneClock.for(clientTimeZone);
  const wall = clock.wallAt(first.getTime());
  const step = SERIES_STEP_DAYS[every] * DAY_MS;
  return Array.from({ length: count }, (_, index) =>
    index === 0 ? first : new Date(clock.resolve(wall + index * step).epochMs),
  );
}

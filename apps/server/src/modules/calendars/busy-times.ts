/**
 * The owner's calendars' busy times as availability reads them (bookings' `CalendarBusyTimes`,
 * handed over in AppDeps): from the ranges the refresh stored, merged, never from a feed. The
 * availability read takes the times only; the preview's read adds the calendar and the title.
 */
import type { Db } from '../../db/client';
import type { CalendarBusy, CalendarBusyTimes } from '../bookings';
import {
  busyRangesNear,
  mergeBusyRanges,
  withoutBusy,
  type MergedBusyRange,
  type TimeRange,
} from './busy-ranges';
import { listBusyTimes, listExplainedBusyTimes } from './source-repository';

/** A time without its reason: availability never reads titles. */
const UNEXPLAINED = { feedId: '', feedLabel: '', summary: '' };

function busyOver(merged: MergedBusyRange[], explained: boolean): CalendarBusy {
  return {
    withoutBusy: (candidates, bufferMs) => withoutBusy(candidates, merged, bufferMs),
    near: (range: TimeRange, bufferMs: number) =>
      busyRangesNear(merged, range, bufferMs).map((busy) => ({
        start: busy.start,
        end: busy.end,
        reasons: explained
          ? busy.sources.map((source) => ({ label: source.feedLabel, summary: source.summary }))
          : [],
      })),
  };
}

export const calendarBusyTimes: CalendarBusyTimes = {
  async busyIn(db: Db, window: TimeRange) {
    const rows = await listBusyTimes(db, window);
    return busyOver(mergeBusyRanges(rows.map((row) => ({ ...row, source: UNEXPLAINED }))), false);
  },
  async explainedBusyIn(db: Db, window: TimeRange) {
    const rows = await listExplainedBusyTimes(db, window);
    const sourced = rows.map((row) => ({
      start: row.start,
      end: row.end,
      source: { feedId: row.sourceId, feedLabel: row.label, summary: row.summary },
    }));
    return busyOver(mergeBusyRanges(sourced), true);
  },
};

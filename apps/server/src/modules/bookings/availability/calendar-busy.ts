/**
 * The owner's own calendars as availability sees them: busy times that block slots like bookings
 * (decision 059). Declared here, implemented by `modules/calendars` (above the practice's bookings)
 * and handed over in AppDeps, as account's privacy is (decision 053). Both reads come from the
 * database, where the refresh job keeps each calendar's ranges: no availability read waits on a feed.
 */
import type { Db } from '../../../db/client';
import type { InstantRange } from './slots';

/** Which calendar and which event make a time busy: for the owner's slot preview only. */
export interface CalendarBusyReason {
  label: string;
  summary: string;
}

/** Busy times over a window, sorted and disjoint. */
export interface CalendarBusy {
  /** The candidates that keep at least `bufferMs` clear of every busy time, in their order. */
  withoutBusy<T extends InstantRange>(candidates: readonly T[], bufferMs: number): T[];
  /**
   * The busy times within `bufferMs` of `range`. Their `reasons` are empty unless read with
   * `explainedBusyIn`.
   */
  near(range: InstantRange, bufferMs: number): (InstantRange & { reasons: CalendarBusyReason[] })[];
}

export interface CalendarBusyTimes {
  /** For availability: the times only; no event's title is read. */
  busyIn(db: Db, window: InstantRange): Promise<CalendarBusy>;
  /** For the owner's preview: each time with its calendar's label and the event's title. */
  explainedBusyIn(db: Db, window: InstantRange): Promise<CalendarBusy>;
}

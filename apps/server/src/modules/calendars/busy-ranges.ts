/**
 * Busy ranges read from the owner's calendars: merged into disjoint ranges that remember which feed
 * and which event made them (for the owner's "busy in Personal: Dentist"), and taken out of
 * candidate slots. Pure functions over half-open [start, end) ranges.
 */

export interface TimeRange {
  start: Date;
  end: Date;
}

/** Why a range is busy: the feed's id and label and the event's title, for the owner only. */
export interface BusySource {
  feedId: string;
  feedLabel: string;
  summary: string;
}

export interface SourcedBusyRange extends TimeRange {
  source: BusySource;
}

export interface MergedBusyRange extends TimeRange {
  /** Each distinct source once, in order of first start. */
  sources: BusySource[];
}

/**
 * Sorted, disjoint ranges: overlapping and touching ranges become one. Empty ranges are dropped.
 */
export function mergeBusyRanges(ranges: readonly SourcedBusyRange[]): MergedBusyRange[] {
  const sorted = ranges
    .filter((range) => range.end.getTime() > range.start.getTime())
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
  const merged: MergedBusyRange[] = [];
  let seen = new Set<string>();
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start.getTime() <= last.end.getTime()) {
      if (range.end.getTime() > last.end.getTime()) last.end = range.end;
    } else {
      merged.push({ start: range.start, end: range.end, sources: [] });
      seen = new Set();
    }
    const key = `${range.source.feedId}\u0000${range.source.summary}`;
    if (!seen.has(key)) {
      seen.add(key);
      merged.at(-1)!.sources.push(range.source);
    }
  }
  return merged;
}

/** Index of the first merged range that ends after `instant`, by binary search. */
function firstEndingAfter(busy: readonly TimeRange[], instant: number): number {
  let low = 0;
  let high = busy.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (busy[middle]!.end.getTime() > instant) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The busy ranges within `bufferMs` of [start, end): those a slot there would collide with.
 * `busy` must be sorted and disjoint (as `mergeBusyRanges` returns).
 */
export function busyRangesNear<T extends TimeRange>(
  busy: readonly T[],
  range: TimeRange,
  bufferMs = 0,
): T[] {
  const from = range.start.getTime() - bufferMs;
  const to = range.end.getTime() + bufferMs;
  const found: T[] = [];
  for (let index = firstEndingAfter(busy, from); index < busy.length; index += 1) {
    const candidate = busy[index]!;
    if (candidate.start.getTime() >= to) break;
    found.push(candidate);
  }
  return found;
}

/**
 * The candidate slots that keep at least `bufferMs` clear of every busy range, in their order.
 * `busy` must be sorted and disjoint (as `mergeBusyRanges` returns).
 */
export function withoutBusy<T extends TimeRange>(
  candidates: readonly T[],
  busy: readonly TimeRange[],
  bufferMs = 0,
): T[] {
  return candidates.filter((slot) => busyRangesNear(busy, slot, bufferMs).length === 0);
}

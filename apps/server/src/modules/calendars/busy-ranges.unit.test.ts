import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  busyRangesNear,
  mergeBusyRanges,
  withoutBusy,
  type BusySource,
  type SourcedBusyRange,
  type TimeRange,
} from './busy-ranges';

const at = (minute: number) => new Date(Date.UTC(2026, 5, 1) + minute * 60_000);
const personal = (summary: string): BusySource => ({ feedId: 'p', feedLabel: 'Personal', summary });
const work = (summary: string): BusySource => ({ feedId: 'w', feedLabel: 'Work', summary });
const busy = (from: number, to: number, source: BusySource): SourcedBusyRange => ({
  start: at(from),
  end: at(to),
  source,
});

describe('mergeBusyRanges', () => {
  it('sorts and merges overlapping and touching ranges, keeping each source once', () => {
    const merged = mergeBusyRanges([
      busy(300, 360, work('Review')),
      busy(0, 60, personal('Dentist')),
      busy(30, 90, work('Call')),
      busy(90, 120, personal('Dentist')),
      busy(200, 200, personal('Empty')),
    ]);
    expect(merged).toEqual([
      {
        start: at(0),
        end: at(120),
        sources: [personal('Dentist'), work('Call')],
      },
      { start: at(300), end: at(360), sources: [work('Review')] },
    ]);
  });

  it('names the sources near a time for the owner', () => {
    const merged = mergeBusyRanges([busy(60, 90, personal('Dentist'))]);
    expect(busyRangesNear(merged, { start: at(30), end: at(60) })).toEqual([]);
    expect(busyRangesNear(merged, { start: at(30), end: at(60) }, 15 * 60_000)[0]!.sources).toEqual(
      [personal('Dentist')],
    );
  });
});

const rangeArbitrary = fc
  .tuple(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 1, max: 240 }))
  .map(([start, length]) => ({ start: at(start), end: at(start + length) }));

function overlaps(a: TimeRange, b: TimeRange, bufferMs: number): boolean {
  return (
    a.start.getTime() - bufferMs < b.end.getTime() && b.start.getTime() < a.end.getTime() + bufferMs
  );
}

describe('withoutBusy', () => {
  it('never keeps a slot that overlaps a busy range (buffer included), and keeps every other', () => {
    fc.assert(
      fc.property(
        fc.array(rangeArbitrary, { maxLength: 40 }),
        fc.array(rangeArbitrary, { maxLength: 40 }),
        fc.integer({ min: 0, max: 30 }),
        (candidates, ranges, bufferMinutes) => {
          const bufferMs = bufferMinutes * 60_000;
          const merged = mergeBusyRanges(
            ranges.map((range) => ({ ...range, source: personal('x') })),
          );
          const kept = withoutBusy(candidates, merged, bufferMs);
          for (const slot of kept) {
            for (const range of ranges) expect(overlaps(slot, range, bufferMs)).toBe(false);
          }
          const dropped = candidates.filter((slot) => !kept.includes(slot));
          for (const slot of dropped) {
            expect(ranges.some((range) => overlaps(slot, range, bufferMs))).toBe(true);
          }
        },
      ),
    );
  });

  it('merged ranges are sorted, disjoint and cover exactly the input', () => {
    fc.assert(
      fc.property(
        fc.array(rangeArbitrary, { maxLength: 40 }),
        fc.integer({ min: 0, max: 2_300 }),
        (ranges, minute) => {
          const merged = mergeBusyRanges(
            ranges.map((range) => ({ ...range, source: personal('x') })),
          );
          for (let index = 1; index < merged.length; index += 1) {
            expect(merged[index]!.start.getTime()).toBeGreaterThan(
              merged[index - 1]!.end.getTime(),
            );
          }
          const instant = at(minute).getTime();
          const inInput = ranges.some(
            (r) => r.start.getTime() <= instant && instant < r.end.getTime(),
          );
          const inMerged = merged.some(
            (r) => r.start.getTime() <= instant && instant < r.end.getTime(),
          );
          expect(inMerged).toBe(inInput);
        },
      ),
    );
  });
});

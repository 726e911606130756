import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobRunner } from '../../jobs/job-runner';
import { DEFAULT_BOOKING_RULES, MINUTE_MS, WAITLIST_OFFER_MIN_HOLD_MINUTES } from '@consult/shared';
import { offerHoldEnd, slotSuits, WAITLIST_OFFERS_JOB, waitlistKick } from './offers';
import type { EntryRow } from './waitlist-repository';

function runner(started: boolean) {
  const runNow = vi.fn(() => Promise.resolve());
  const jobs = { runNow, state: () => ({ started, jobs: [] }) } as unknown as JobRunner;
  return { jobs, runNow };
}

describe('waitlistKick', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts one offer run soon after a burst of availability changes', () => {
    vi.useFakeTimers();
    const { jobs, runNow } = runner(true);
    const kick = waitlistKick(jobs);
    kick.onChange('');
    kick.onChange('');
    kick.onChange('');
    expect(runNow).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(runNow).toHaveBeenCalledTimes(1);
    expect(runNow).toHaveBeenCalledWith(WAITLIST_OFFERS_JOB);
    kick.onChange('');
    vi.advanceTimersByTime(250);
    expect(runNow).toHaveBeenCalledTimes(2);
  });

  it('leaves the runs to the test while the runner is not started', () => {
    vi.useFakeTimers();
    const { jobs, runNow } = runner(false);
    waitlistKick(jobs).onChange('');
    vi.advanceTimersByTime(1_000);
    expect(runNow).not.toHaveBeenCalled();
  });
});

describe('slotSuits', () => {
  const entry = (overrides: Partial<EntryRow>): EntryRow => ({
    id: 'e1',
    clientId: 'c1',
    serviceId: 's1',
    latestDate: '2026-03-31',
    weekdays: null,
    fromMinute: null,
    toMinute: null,
    timeZone: 'America/New_York',
    state: 'active',
    createdAt: new Date('2026-03-01T00:00:00Z'),
    endedAt: null,
    ...overrides,
  });
  // Monday 9 March 2026, 14:00–15:00 UTC: 10:00–11:00 in New York (EDT since 8 March).
  const slot = { start: new Date('2026-03-09T14:00:00Z'), end: new Date('2026-03-09T15:00:00Z') };

  it('reads the weekday, the time window and the latest date in the client’s zone', () => {
    expect(slotSuits(entry({}), slot)).toBe(true);
    expect(slotSuits(entry({ weekdays: [1] }), slot)).toBe(true);
    expect(slotSuits(entry({ weekdays: [2, 3] }), slot)).toBe(false);
    expect(slotSuits(entry({ fromMinute: 600, toMinute: 660 }), slot)).toBe(true);
    expect(slotSuits(entry({ fromMinute: 601 }), slot)).toBe(false);
    expect(slotSuits(entry({ toMinute: 659 }), slot)).toBe(false);
    expect(slotSuits(entry({ latestDate: '2026-03-09' }), slot)).toBe(true);
    expect(slotSuits(entry({ latestDate: '2026-03-08' }), slot)).toBe(false);
    // Read in UTC instead, the same slot is 14:00: outside a 10:00–11:00 window.
    expect(slotSuits(entry({ timeZone: 'UTC', fromMinute: 600, toMinute: 660 }), slot)).toBe(false);
  });
});

describe('offerHoldEnd', () => {
  const rules = (minimumNoticeHours: number) => ({
    rules: { ...DEFAULT_BOOKING_RULES, minimumNoticeHours, waitlistOfferMinutes: 30 },
  });
  const slot = { start: new Date('2026-03-10T14:00:00Z'), end: new Date('2026-03-10T15:00:00Z') };
  const at = (iso: string) => new Date(iso);

  it('holds for the offer window while the notice is far off', () => {
    expect(offerHoldEnd(slot, rules(24), at('2026-03-09T10:00:00Z'))).toEqual(
      at('2026-03-09T10:30:00Z'),
    );
  });

  it('ends the hold where the minimum notice begins, never at the start', () => {
    expect(offerHoldEnd(slot, rules(24), at('2026-03-09T13:50:00Z'))).toEqual(
      at('2026-03-09T14:00:00Z'),
    );
    expect(offerHoldEnd(slot, rules(0), at('2026-03-10T13:50:00Z'))).toEqual(slot.start);
  });

  it('makes no offer whose hold would be shorter than the shortest hold', () => {
    const shortest = WAITLIST_OFFER_MIN_HOLD_MINUTES * MINUTE_MS;
    const noticeStarts = at('2026-03-09T14:00:00Z').getTime();
    expect(offerHoldEnd(slot, rules(24), new Date(noticeStarts - shortest))).toEqual(
      new Date(noticeStarts),
    );
    expect(offerHoldEnd(slot, rules(24), new Date(noticeStarts - shortest + 1))).toBeNull();
  });
});

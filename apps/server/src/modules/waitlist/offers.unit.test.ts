import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobRunner } from '../../jobs/job-runner';
import { slotSuits, WAITLIST_OFFERS_JOB, waitlistKick } from './offers';
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

/** Test data for the booking rules: a scheduling config with every rule spelled out. */
import type { BookingRules, DateOverride, SchedulingConfig, WeeklyHours } from '@consult/shared';

export const CLOSED_WEEK: WeeklyHours = {
  mon: [],
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
};

/** No notice, a year's horizon, no buffer, 30-minute step, no daily maximum, unless overridden. */
export function schedulingConfig(
  overrides: {
    rules?: Partial<BookingRules>;
    weeklyHours?: Partial<WeeklyHours>;
    dateOverrides?: DateOverride[];
  } = {},
): SchedulingConfig {
  return {
    rules: {
      timeZone: 'Asia/Karachi',
      minimumNoticeHours: 0,
      horizonDays: 365,
      bufferMinutes: 0,
      slotStepMinutes: 30,
      maxBookingsPerDay: null,
      holdMinutes: 30,
      cancellationCutoffHours: 24,
      maxHeldBookingsPerClient: 3,
      maxUnpaidBookingsPerClient: null,
      waitlistOfferMinutes: 30,
      ...overrides.rules,
    },
    weeklyHours: { ...CLOSED_WEEK, ...overrides.weeklyHours },
    dateOverrides: overrides.dateOverrides ?? [],
  };
}

export function instants(...isoStrings: string[]): string[] {
  return isoStrings.map((value) => new Date(value).toISOString());
}

export function range(start: string, end: string): { start: Date; end: Date } {
  return { start: new Date(start), end: new Date(end) };
}

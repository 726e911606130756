import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './auth/schemas';
import { availabilityQuerySchema, bookingRulesSchema } from './booking/availability';
import { isKnownTimeZone, TIME_ZONE_MESSAGE } from './time-zone';
import { timeZoneSchema } from './time-zone-schema';

describe('the one time-zone rule', () => {
  it.each(['Asia/Karachi', 'UTC', 'America/St_Johns', 'Australia/Lord_Howe', 'Etc/GMT-5'])(
    'accepts the IANA zone %s',
    (zone) => {
      expect(isKnownTimeZone(zone)).toBe(true);
      expect(timeZoneSchema.parse(zone)).toBe(zone);
    },
  );

  it.each(['+05:00', '-03:30', '+0530', 'Mars/Olympus', '', '   ', 'A'.repeat(65)])(
    'refuses %j, whatever the runtime accepts',
    (zone) => {
      expect(isKnownTimeZone(zone)).toBe(false);
      expect(timeZoneSchema.safeParse(zone).error?.issues[0]?.message).toBe(TIME_ZONE_MESSAGE);
    },
  );

  it('gives a profile, the booking rules and an availability query the same answer', () => {
    const profile = profileUpdateSchema.safeParse({ timeZone: '+05:00' });
    const rules = bookingRulesSchema.safeParse({ timeZone: '+05:00' });
    const query = availabilityQuerySchema.safeParse({
      service: 'intro-call',
      from: '2026-03-01',
      to: '2026-03-02',
      timeZone: '+05:00',
    });
    for (const result of [profile, rules, query]) {
      expect(result.error?.issues.find((issue) => issue.path[0] === 'timeZone')?.message).toBe(
        TIME_ZONE_MESSAGE,
      );
    }
  });
});

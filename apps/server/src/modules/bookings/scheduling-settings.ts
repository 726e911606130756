/**
 * The owner's scheduling settings (rules, weekly hours, date overrides, meeting links), one settings
 * document. Missing keys take their defaults, so a fresh install can take bookings at once.
 */
import {
  BOOKING_RULE_BOUNDS,
  DEFAULT_WEEKLY_HOURS,
  schedulingSettingsSchema,
  type SchedulingSettings,
  type SchedulingSettingsInput,
} from '@consult/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { findSetting, upsertSetting } from '../../db/settings-repository';

export const SCHEDULING_SETTINGS_KEY = 'scheduling';

export const DEFAULT_SCHEDULING_SETTINGS: SchedulingSettings = schedulingSettingsSchema.parse({
  rules: {},
  weeklyHours: DEFAULT_WEEKLY_HOURS,
  dateOverrides: [],
});

/**
 * A hold saved before holds had their 30-minute minimum (Stripe's shortest Checkout Session) counts
 * as the minimum, rather than failing the whole document.
 */
function withCurrentHoldMinimum(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null) return stored;
  const rules = (stored as { rules?: unknown }).rules;
  if (typeof rules !== 'object' || rules === null) return stored;
  const hold = (rules as { holdMinutes?: unknown }).holdMinutes;
  const [minimum] = BOOKING_RULE_BOUNDS.holdMinutes;
  if (typeof hold !== 'number' || hold >= minimum) return stored;
  return { ...stored, rules: { ...rules, holdMinutes: minimum } };
}

/** A stored document that no longer parses falls back to the defaults (logged), never a 500. */
export async function loadSchedulingSettings(
  db: Db,
  log?: FastifyBaseLogger,
): Promise<SchedulingSettings> {
  const stored = await findSetting(db, SCHEDULING_SETTINGS_KEY);
  if (stored === undefined) return DEFAULT_SCHEDULING_SETTINGS;
  const parsed = schedulingSettingsSchema.safeParse(withCurrentHoldMinimum(stored));
  if (parsed.success) return parsed.data;
  log?.warn(
    { issues: parsed.error.issues.slice(0, 5) },
    'scheduling settings invalid; defaults used',
  );
  return DEFAULT_SCHEDULING_SETTINGS;
}

export async function saveSchedulingSettings(
  db: Db,
  input: SchedulingSettingsInput,
): Promise<SchedulingSettings> {
  const value = schedulingSettingsSchema.parse(input);
  await upsertSetting(db, SCHEDULING_SETTINGS_KEY, value);
  return value;
}

/**
 * The owner's scheduling settings (rules, weekly hours, date overrides, meeting links), one settings
 * document. Missing keys take their defaults, so a fresh install can take bookings at once.
 */
import {
  DEFAULT_WEEKLY_HOURS,
  schedulingSettingsSchema,
  type SchedulingSettings,
  type SchedulingSettingsInput,
} from '@consult/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { findSetting, upsertSetting } from '../site/settings-repository';

export const SCHEDULING_SETTINGS_KEY = 'scheduling';

export const DEFAULT_SCHEDULING_SETTINGS: SchedulingSettings = schedulingSettingsSchema.parse({
  rules: {},
  weeklyHours: DEFAULT_WEEKLY_HOURS,
  dateOverrides: [],
});

/** A stored document that no longer parses falls back to the defaults (logged), never a 500. */
export async function loadSchedulingSettings(
  db: Db,
  log?: FastifyBaseLogger,
): Promise<SchedulingSettings> {
  const stored = await findSetting(db, SCHEDULING_SETTINGS_KEY);
  if (stored === undefined) return DEFAULT_SCHEDULING_SETTINGS;
  const parsed = schedulingSettingsSchema.safeParse(stored);
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

/** The zod schema of the time-zone rule in time-zone.ts, for forms and API queries. */
import { z } from 'zod';
import { isKnownTimeZone, TIME_ZONE_MESSAGE } from './time-zone';

/** A zone as a form or a query sends it; surrounding spaces are dropped. */
export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .refine(isKnownTimeZone, TIME_ZONE_MESSAGE);

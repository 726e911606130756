/**
 * The one time-zone rule of the product, for profiles, the owner's booking rules and the visitor's
 * zone in availability queries: an IANA zone name the runtime's time-zone database knows (e.g.
 * Asia/Karachi, UTC). Offsets such as +05:00 are refused everywhere: they have no DST rules, and
 * whether the runtime accepts them depends on its version (docs/decisions/019-time-zones.md).
 * Plain code without zod, so a page that only shows the message does not load the schemas
 * (time-zone-schema.ts holds the schema; decision 048).
 */
export const TIME_ZONE_MESSAGE = 'Unknown time zone';

/**
 * Names already found valid: building a DateTimeFormat takes ~40 µs, a fifth of a cached
 * availability read. Bounded, since the runtime also accepts any mix of upper and lower case.
 */
const knownTimeZones = new Set<string>();
const KNOWN_TIME_ZONES_MAX = 1000;
const TIME_ZONE_MAX_LENGTH = 64;

export function isKnownTimeZone(value: string): boolean {
  if (knownTimeZones.has(value)) return true;
  if (value.trim() === '' || value.length > TIME_ZONE_MAX_LENGTH || /^[+-]/.test(value)) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return false;
  }
  if (knownTimeZones.size < KNOWN_TIME_ZONES_MAX) knownTimeZones.add(value);
  return true;
}

/**
 * Which IANA zone a calendar's TZID names. Feeds write IANA names ("Europe/London"), Outlook writes
 * Windows names ("W. Europe Standard Time"), and some producers prefix a path
 * ("/mozilla.org/20050126_1/Europe/London"). The tz database (through luxon and Intl) is preferred
 * over the feed's own VTIMEZONE, which often carries only the current year's rule.
 */
import { IANAZone } from 'luxon';

/** CLDR's Windows zone names (windows-iana's `findIana`), handed over by its lazy loader. */
type FindIana = (windowsName: string) => readonly string[];

const resolved = new Map<string, string | null>();

/** The IANA zone a TZID stands for, or null when neither the tz database nor CLDR knows it. */
export function ianaZoneForTzid(tzid: string, findIana: FindIana): string | null {
  const cached = resolved.get(tzid);
  if (cached !== undefined) return cached;
  const zone = lookUp(tzid.trim().replace(/^"|"$/g, ''), findIana);
  resolved.set(tzid, zone);
  return zone;
}

function lookUp(tzid: string, findIana: FindIana): string | null {
  if (tzid === '') return null;
  if (IANAZone.isValidZone(tzid)) return tzid;
  // CLDR's windowsZones lists the zone for the "001" territory first: the one Windows means.
  const windows = findIana(tzid)[0];
  if (windows !== undefined && IANAZone.isValidZone(windows)) return windows;
  const parts = tzid.split('/').filter((part) => part !== '');
  for (let take = Math.min(3, parts.length); take >= 2; take -= 1) {
    const tail = parts.slice(-take).join('/');
    if (IANAZone.isValidZone(tail)) return tail;
  }
  return null;
}

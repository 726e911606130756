/** How account data reads on screen, beside the dates and times of `lib/date-time`. */
import { formatPlainDay } from '../../lib/date-time';

/** A date of birth is a calendar day, not an instant: no zone shifts it. */
export function formatBirthDate(day: string | null) {
  return day ? formatPlainDay(day.slice(0, 10)) : 'Not given';
}

export function firstName(name: string) {
  return name.trim().split(/\s+/)[0] ?? name;
}

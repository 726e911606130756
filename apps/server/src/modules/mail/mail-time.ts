/** Times in mails, on the recipient's clock: one way for every mail (decision 054's mail clock). */
import { DateTime } from 'luxon';

/** The instant on the recipient's clock; an unknown zone falls back to UTC. */
export function localTime(instant: Date, timeZone: string): DateTime {
  const local = DateTime.fromJSDate(instant, { zone: timeZone });
  return (local.isValid ? local : DateTime.fromJSDate(instant, { zone: 'UTC' })).setLocale('en-GB');
}

/** "Tuesday, 10 March 2026, 14:00 (Asia/Karachi)". */
export function formatMailTime(instant: Date, timeZone: string): string {
  const local = localTime(instant, timeZone);
  return `${local.toFormat('cccc, d LLLL yyyy, HH:mm')} (${local.zoneName ?? 'UTC'})`;
}

/** The owner's mail about a calendar that has not been read for a day (decision 059): sent once. */
import {
  CALENDAR_FAILING_WARN_HOURS,
  CALENDAR_READ_ERROR_MESSAGES,
  paths,
  type CalendarReadError,
} from '@consult/shared';
import { formatMailTime, simpleMail, type OutgoingMail } from '../mail';

export function calendarFailingMail(facts: {
  to: string;
  label: string;
  failingSince: Date;
  lastSuccessAt: Date | null;
  error: CalendarReadError;
  appUrl: string;
  /** The owner's zone, for the times. */
  timeZone: string;
}): OutgoingMail {
  const lastGood = facts.lastSuccessAt
    ? `Its last good copy, read ${formatMailTime(facts.lastSuccessAt, facts.timeZone)}, still blocks your slots; changes made in it since then do not.`
    : 'It has never been read, so none of its events block your slots.';
  return simpleMail(
    facts.to,
    `Your calendar “${facts.label}” cannot be read`,
    [
      `Your calendar “${facts.label}” has not been read for more than ${CALENDAR_FAILING_WARN_HOURS} hours (since ${formatMailTime(facts.failingSince, facts.timeZone)}). ${CALENDAR_READ_ERROR_MESSAGES[facts.error.code]} (${facts.error.message})`,
      lastGood,
      'Check the calendar’s address in Configuration → Calendars, or publish a new one and paste it there. This mail is not repeated until the calendar has been read again.',
    ],
    { href: `${facts.appUrl}${paths.admin.config}?tab=calendars`, label: 'Open Calendars' },
  );
}

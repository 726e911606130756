/**
 * The owner's own calendars whose events block slots (issue 22, "busy times in", decision 059):
 * their limits and every word the screens and the server say about them. No zod here: /admin/config
 * shows these words; the schemas are in sources-schemas.ts.
 */

/** How many calendars the owner may add. */
export const CALENDAR_SOURCES_MAX = 5;

export const CALENDAR_SOURCE_LIMITS = {
  labelMax: 60,
  urlMax: 2000,
} as const;

/** A calendar that has failed this long shows on /admin/system and mails the owner once. */
export const CALENDAR_FAILING_WARN_HOURS = 24;

/** The address schemes the owner may paste; `webcal(s)://` is read as `https://`. */
export const CALENDAR_URL_SCHEMES = ['https:', 'http:', 'webcal:', 'webcals:'] as const;

export const CALENDAR_SOURCE_MESSAGES = {
  labelRequired: 'Give the calendar a name, such as Personal',
  labelTooLong: `Use at most ${CALENDAR_SOURCE_LIMITS.labelMax} characters`,
  urlRequired: 'Paste the calendar’s address',
  urlTooLong: `Use at most ${CALENDAR_SOURCE_LIMITS.urlMax} characters`,
  urlInvalid: 'Use a calendar address like https://calendar.example.com/private.ics',
  urlCredentials: 'Use an address without a user name or password in it',
  urlScheme: 'Use an https:// or webcal:// address',
  urlAddress: 'This address points into a private network, which this server does not read',
  tooMany: `You can add up to ${CALENDAR_SOURCES_MAX} calendars. Remove one to add another.`,
  notFound: 'No such calendar',
  added: 'Calendar added',
  saved: 'Calendar saved',
  removed: 'Calendar removed. Its times no longer block slots.',
  refreshed: 'Calendar read',
  refreshFailed: 'The calendar could not be read. Its last good copy still blocks slots.',
} as const;

/** /admin/system's warning for a calendar not read for CALENDAR_FAILING_WARN_HOURS. */
export function calendarFailingWarning(label: string): string {
  return `The calendar “${label}” has not been read for more than ${CALENDAR_FAILING_WARN_HOURS} hours: its changes since then do not block slots (Configuration → Calendars).`;
}

/** Why a read of a calendar failed, as the server records it (`lastError.code`). */
export const CALENDAR_READ_ERROR_CODES = [
  'invalid_url',
  'refused_scheme',
  'refused_address',
  'too_many_redirects',
  'timeout',
  'too_large',
  'http_status',
  'not_icalendar',
  'network',
  'unreadable',
] as const;
export type CalendarReadErrorCode = (typeof CALENDAR_READ_ERROR_CODES)[number];

/** What the owner is told for each failure; the server's own detail follows in the message. */
export const CALENDAR_READ_ERROR_MESSAGES: Record<CalendarReadErrorCode, string> = {
  invalid_url: 'The address is not a valid calendar address.',
  refused_scheme: 'Only https:// and webcal:// addresses are read.',
  refused_address: 'The address leads into a private network, which this server does not read.',
  too_many_redirects: 'The calendar server sent the request on too many times.',
  timeout: 'The calendar server did not answer in time.',
  too_large: 'The calendar is too large to read.',
  http_status: 'The calendar server answered with an error.',
  not_icalendar: 'The address does not give an iCalendar file.',
  network: 'The calendar server could not be reached.',
  unreadable: 'The calendar file could not be read.',
};

/** Why the owner's slot preview does not offer a time (`reason.kind`). */
export const SLOT_UNAVAILABLE_REASONS = [
  'booked',
  'buffer_before_booking',
  'buffer_after_booking',
  'daily_maximum',
  'busy_in_calendar',
  'buffer_around_calendar',
] as const;
export type SlotUnavailableReason = (typeof SLOT_UNAVAILABLE_REASONS)[number];

/**
 * The preview's words for a reason: "busy in Personal: Dentist". An event without a title reads
 * "busy in Personal".
 */
export function slotReasonText(
  kind: SlotUnavailableReason,
  calendar?: { label: string; summary: string },
): string {
  const busyIn = calendar
    ? `busy in ${calendar.label}${calendar.summary ? `: ${calendar.summary}` : ''}`
    : 'busy in a calendar';
  switch (kind) {
    case 'booked':
      return 'booked';
    case 'buffer_before_booking':
      return 'buffer before a booking';
    case 'buffer_after_booking':
      return 'buffer after a booking';
    case 'daily_maximum':
      return 'past the daily maximum';
    case 'busy_in_calendar':
      return busyIn;
    case 'buffer_around_calendar':
      return `buffer next to ${busyIn}`;
  }
}

/** The 409 of a calendar past CALENDAR_SOURCES_MAX: nothing was added. */
export const CALENDAR_LIMIT_PROBLEM_TYPE = 'urn:consult:calendar-limit-reached';

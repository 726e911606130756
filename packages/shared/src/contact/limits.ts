/** The contact form's limits, named once for the form, the server and the tests. */
export const CONTACT_NAME_MIN = 3;
export const CONTACT_NAME_MAX = 30;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 500;
/** Length of the phone number after everything but digits and + is stripped. */
export const CONTACT_PHONE_MIN = 8;
export const CONTACT_PHONE_MAX = 16;
/** The prefix the phone field starts with, and is reset to whenever the popup opens. */
export const DEFAULT_PHONE_PREFIX = '+92';
/** The phone parser's own bounds: longer text is not parsed; national numbers have 2 to 17 digits. */
export const PHONE_PARSER_MAX_INPUT = 250;
export const NATIONAL_NUMBER_MIN_DIGITS = 2;
export const NATIONAL_NUMBER_MAX_DIGITS = 17;

export const CONTACT_REQUEST_TYPES = ['General', 'Support', 'Feedback'] as const;
export type ContactRequestType = (typeof CONTACT_REQUEST_TYPES)[number];
/** How each request type reads in the form: General is shown as General Inquiry. */
export const CONTACT_REQUEST_TYPE_LABELS: Record<ContactRequestType, string> = {
  General: 'General Inquiry',
  Support: 'Support',
  Feedback: 'Feedback',
};

/** Contact messages per client address and window: enough for a person who retries, too few for a script. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMinutes: 10 } as const;

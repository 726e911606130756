/**
 * The clock people read, on every screen and in every mail, clients and owner alike (decision 054):
 * the day before the month ("Tuesday, 10 March 2026") and a 24-hour clock ("14:00"), as the booking
 * mails have always written it. The web app's `lib/date-time` and the mails build their formats on it.
 */
export const DATE_LOCALE = 'en-GB';
export const HOUR_CYCLE = 'h23';

/** Every message of the waitlist, so forms, server and tests share one wording. */
import { WAITLIST_ACTIVE_ENTRIES_MAX, WAITLIST_LATEST_DATE_MAX_DAYS } from './limits';

export const WAITLIST_MESSAGES = {
  serviceUnknown: 'There is no service with this address name',
  latestDateInvalid: 'The latest date must be a real calendar date written as YYYY-MM-DD',
  latestDatePast: 'The latest date cannot be in the past',
  latestDateTooFar: `The latest date can be at most ${WAITLIST_LATEST_DATE_MAX_DAYS} days ahead`,
  weekdaysInvalid: 'Days of the week are numbers from 1 (Monday) to 7 (Sunday), each named once',
  timeWindowReversed: 'The end of the time window must be after its start',
  tooManyEntries: `You can wait for at most ${WAITLIST_ACTIVE_ENTRIES_MAX} times at once. Leave one of your waitlist entries first.`,
  alreadyWaiting: 'You are already on the waitlist for this service',
  entryUnknown: 'Waitlist entry not found',
  offerUnknown: 'This offer is no longer open: it was taken, declined, or its time ran out',
  offerLapsed:
    'This offer has ended: its time ran out or the time was taken. You stay on the waitlist.',
  notYourOffer: 'This offer was made to another client',
} as const;

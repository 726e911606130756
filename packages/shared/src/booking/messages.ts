/** Every message the bookings schemas answer with, so forms, server and tests share one wording. */
import {
  MAX_AVAILABILITY_RANGE_DAYS,
  SERVICE_ADDRESS_MAX,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_DURATION_MAX_MINUTES,
  SERVICE_DURATION_MIN_MINUTES,
  SERVICE_SLUG_MAX,
  SERVICE_TITLE_MAX,
  BOOKING_NOTES_MAX,
  MAX_INTERVALS_PER_DAY,
  MAX_DATE_OVERRIDES,
} from './limits';

export const BOOKING_MESSAGES = {
  slugRequired: 'Slug is required',
  slugInvalid: 'Slug can only contain lowercase letters, digits and single hyphens',
  slugTooLong: `Slug must be at most ${SERVICE_SLUG_MAX} characters long`,
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${SERVICE_TITLE_MAX} characters long`,
  descriptionInvalid: 'Description must be text',
  descriptionTooLong: `Description must be at most ${SERVICE_DESCRIPTION_MAX} characters long`,
  durationInvalid: 'Duration must be a whole number of minutes',
  durationTooShort: `Duration must be at least ${SERVICE_DURATION_MIN_MINUTES} minutes`,
  durationTooLong: `Duration must be at most ${SERVICE_DURATION_MAX_MINUTES} minutes`,
  priceInvalid: 'Price must be a whole number of minor units (e.g. cents)',
  priceNegative: 'Price cannot be negative',
  priceTooHigh: 'Price is too high',
  currencyInvalid: 'Currency must be a three-letter ISO 4217 code such as USD',
  currencyUnknown: 'Unknown currency code',
  meetingModeInvalid: 'Meeting mode must be video, phone or in_person',
  addressRequired: 'An address is required for in-person meetings',
  addressTooLong: `Address must be at most ${SERVICE_ADDRESS_MAX} characters long`,
  activeInvalid: 'Active must be true or false',
  orderInvalid: 'Order must be a whole number of 0 or more',

  timeZoneUnknown: 'Unknown time zone',
  timeInvalid: 'Times must be written as HH:MM, e.g. 09:30',
  endTimeInvalid: 'End times must be written as HH:MM, from 00:01 to 24:00',
  intervalEndBeforeStart: 'An interval must end after it starts',
  intervalsOverlap: (day: string) => `Intervals on ${day} overlap`,
  tooManyIntervals: (day: string) => `${day} can have at most ${MAX_INTERVALS_PER_DAY} intervals`,
  dateInvalid: 'Dates must be real calendar dates written as YYYY-MM-DD',
  overrideNeedsIntervals: 'Give the day at least one interval, or mark it closed',
  overrideClosedInvalid: 'Closed must be true or false',
  overrideDuplicate: (date: string) => `There is more than one override for ${date}`,
  tooManyOverrides: `There can be at most ${MAX_DATE_OVERRIDES} date overrides`,
  wholeNumber: (label: string) => `${label} must be a whole number`,
  atLeast: (label: string, min: number, unit: string) =>
    `${label} must be at least ${min} ${min === 1 ? unit.replace(/s$/, '') : unit}`,
  atMost: (label: string, max: number, unit: string) =>
    `${label} must be at most ${max} ${max === 1 ? unit.replace(/s$/, '') : unit}`,
  maxPerDayInvalid:
    'Maximum bookings per day must be a whole number of 1 or more, or empty for no limit',

  serviceRequired: 'Choose a service',
  rangeReversed: 'The end date must be on or after the start date',
  rangeTooLong: `The date range can cover at most ${MAX_AVAILABILITY_RANGE_DAYS} days`,
  startInvalid: 'Start must be a date and time with its offset, e.g. 2026-03-09T14:00:00Z',
  notesTooLong: `Notes must be at most ${BOOKING_NOTES_MAX} characters long`,
  stateInvalid:
    'State must be one of pending_payment, confirmed, completed, no_show, cancelled, expired',
  pageInvalid: 'Page must be a whole number of 1 or more',
} as const;

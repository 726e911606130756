/** Every message the bookings schemas answer with, so forms, server and tests share one wording. */
import { TIME_ZONE_MESSAGE } from '../time-zone';
import { CURRENCY_MESSAGES } from '../payments/currency';
import {
  MAX_AVAILABILITY_RANGE_DAYS,
  SERVICE_ADDRESS_MAX,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_DURATION_MAX_MINUTES,
  SERVICE_DURATION_MIN_MINUTES,
  SERVICE_SLUG_MAX,
  SERVICE_SUMMARY_MAX,
  SERVICE_TITLE_MAX,
  BOOKING_NOTES_MAX,
  BOOKING_CANCEL_REASON_MAX,
  MAX_INTERVALS_PER_DAY,
  MAX_DATE_OVERRIDES,
  BOOKING_RULE_BOUNDS,
  SERVICE_ORDER_MAX,
  INTAKE_QUESTIONS_MAX,
  INTAKE_LABEL_MAX,
  INTAKE_OPTIONS_MIN,
  INTAKE_OPTIONS_MAX,
  INTAKE_OPTION_MAX,
} from './limits';

const countOf = (bookings: number) => `${bookings} ${bookings === 1 ? 'booking' : 'bookings'}`;

export const BOOKING_MESSAGES = {
  useCreditInvalid: 'useCredit must be true or false',
  creditUnavailable: 'You have no unused package credit for this service',
  slugRequired: 'Address name is required',
  slugInvalid: 'The address name can only contain lowercase letters, digits and single dashes',
  slugTooLong: `The address name must be at most ${SERVICE_SLUG_MAX} characters long`,
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${SERVICE_TITLE_MAX} characters long`,
  summaryInvalid: 'Summary must be text',
  summaryTooLong: `Summary must be at most ${SERVICE_SUMMARY_MAX} characters long`,
  descriptionInvalid: 'Description must be text',
  descriptionTooLong: `Description must be at most ${SERVICE_DESCRIPTION_MAX} characters long`,
  durationInvalid: 'Duration must be a whole number of minutes',
  durationTooShort: `Duration must be at least ${SERVICE_DURATION_MIN_MINUTES} minutes`,
  durationTooLong: `Duration must be at most ${SERVICE_DURATION_MAX_MINUTES} minutes`,
  priceInvalid: 'Price must be a whole number of cents (the currency’s smallest unit)',
  priceNegative: 'Price cannot be negative',
  priceTooHigh: 'Price is too high',
  currencyInvalid: CURRENCY_MESSAGES.invalid,
  currencyUnknown: CURRENCY_MESSAGES.unknown,
  meetingModeInvalid: 'Meeting mode must be video, phone or in_person',
  addressRequired: 'An address is required for in-person meetings',
  addressTooLong: `Address must be at most ${SERVICE_ADDRESS_MAX} characters long`,
  activeInvalid: 'Active must be true or false',
  orderInvalid: 'Order must be a whole number of 0 or more',
  orderTooHigh: `Order must be at most ${SERVICE_ORDER_MAX}`,

  /** The one zone message (time-zone.ts), under the name this area's callers use. */
  timeZoneUnknown: TIME_ZONE_MESSAGE,
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
  maxUnpaidInvalid:
    'Unpaid bookings per client must be a whole number of 1 or more, or empty for no limit',

  serviceRequired: 'Choose a service',
  clientRequired: 'Choose a client',
  timeRequired: 'Choose a time',
  rangeReversed: 'The end date must be on or after the start date',
  rangeTooLong: `The date range can cover at most ${MAX_AVAILABILITY_RANGE_DAYS} days`,
  startInvalid: 'Start must be a date and time with its offset, e.g. 2026-03-09T14:00:00Z',
  /** The owner booking outside the hours: even then not beyond the longest horizon. */
  startTooFar: `Bookings can be made at most ${BOOKING_RULE_BOUNDS.horizonDays[1]} days ahead`,
  notesTooLong: `Notes must be at most ${BOOKING_NOTES_MAX} characters long`,
  stateInvalid:
    'State must be one of pending_payment, confirmed, completed, no_show, cancelled, expired',
  pageInvalid: 'Page must be a whole number of 1 or more',
  reasonTooLong: `The reason must be at most ${BOOKING_CANCEL_REASON_MAX} characters long`,
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 100 printable characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different booking request',
  /** 409 when the slot was taken meanwhile, or is not offered (any more). */
  slotTaken: 'This time is no longer available',
  serviceUnknown: 'There is no such service',
  serviceInactive: 'This service is not available for booking',
  emailNotVerified: 'Please verify your e-mail address before booking',
  bookingNotFound: 'Booking not found',
  clientUnknown: 'There is no such client',
  serviceSlugTaken: 'Another service already uses this address name',
  serviceHasBookings: 'This service has bookings; deactivate it instead of deleting it',
  meetingUrlInvalid: 'Enter a full https:// address',
  paymentNotDue: 'This booking has no payment due',
  paymentClosed: 'A cancelled or expired booking cannot be marked paid',
  /** 409 `urn:consult:booking-limit-reached` (decision 045): what the client can do instead. */
  heldLimitReached: (limit: number) =>
    `You already have ${countOf(limit)} waiting for payment, the most you can hold at once. Pay for one of them or cancel one in your bookings, then book this time.`,
  unpaidLimitReached: (limit: number) =>
    `You already have ${countOf(limit)} coming up that ${limit === 1 ? 'is' : 'are'} not paid yet, the most you can have at once. Pay for one of them or cancel one in your bookings, then book this time.`,
  /** The warning when leaving the hours and rules with unsaved changes. */
  schedulingUnsaved:
    'You have unsaved changes to your hours and booking rules. Leave without saving?',
} as const;

/** The intake questions' messages; an answer's message names its question. */
export const INTAKE_MESSAGES = {
  questionsTooMany: `A service can have at most ${INTAKE_QUESTIONS_MAX} questions`,
  questionsInvalid: 'Questions must be a list',
  kindInvalid: 'Kind must be short text, long text, single choice or yes/no',
  labelRequired: 'Question is required',
  labelTooLong: `Question must be at most ${INTAKE_LABEL_MAX} characters long`,
  requiredInvalid: 'Required must be true or false',
  idInvalid: 'Question id must be 1 to 40 letters, digits, hyphens or underscores',
  idDuplicate: 'Two questions have the same id',
  optionsTooFew: `A single-choice question needs at least ${INTAKE_OPTIONS_MIN} options`,
  optionsTooMany: `A single-choice question can have at most ${INTAKE_OPTIONS_MAX} options`,
  optionRequired: 'Option is required',
  optionTooLong: `Option must be at most ${INTAKE_OPTION_MAX} characters long`,
  optionDuplicate: 'Options must differ from each other',
  answersInvalid: 'Answers must map question ids to text',
  questionUnknown: 'This question does not belong to the chosen service',
  answerRequired: (label: string) => `Please answer “${label}”`,
  answerTooLong: (label: string, max: number) =>
    `The answer to “${label}” must be at most ${max} characters long`,
  choiceInvalid: (label: string) => `Choose one of the offered options for “${label}”`,
  yesNoInvalid: (label: string) => `Answer “${label}” with yes or no`,
  answerHidden: (label: string) =>
    `The answer to “${label}” contains invisible characters that are not allowed`,
} as const;

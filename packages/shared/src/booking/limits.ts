/** Bookings' limits and defaults (services, availability, bookings), named once. */
export const SERVICE_DURATION_MIN_MINUTES = 15;
export const SERVICE_DURATION_MAX_MINUTES = 240;
export const SERVICE_SLUG_MAX = 60;
export const SERVICE_TITLE_MAX = 100;
export const SERVICE_SUMMARY_MAX = 200;
export const SERVICE_DESCRIPTION_MAX = 2000;
export const SERVICE_ADDRESS_MAX = 300;
/** A sanity bound on prices, in minor units (ten million in major units). */
export const SERVICE_PRICE_MAX_MINOR = 1_000_000_000;
/** Positions in the owner's list; the column is a 32-bit integer. */
export const SERVICE_ORDER_MAX = 1_000_000;

/** The owner's zone until they choose one. */
export const DEFAULT_OWNER_TIME_ZONE = 'Asia/Karachi';

/** More than enough for split shifts; keeps a day's hours readable. */
export const MAX_INTERVALS_PER_DAY = 12;
/** One override per day of a year ahead, at most. */
export const MAX_DATE_OVERRIDES = 400;

/**
 * Longest availability query, in calendar days counted inclusively: two calendar months, so a
 * month view with its leading and trailing weeks always fits in one request.
 */
export const MAX_AVAILABILITY_RANGE_DAYS = 62;

export const BOOKING_NOTES_MAX = 1000;
export const BOOKING_CANCEL_REASON_MAX = 500;
export const ADMIN_BOOKINGS_PAGE_SIZE = 20;
export const ADMIN_BOOKINGS_MAX_PAGE_SIZE = 100;
/** The owner's upcoming timeline: today and this many days after it. */
export const UPCOMING_TIMELINE_DAYS = 7;
/** The join link shows from this many minutes before the start. */
export const JOIN_LINK_OPENS_MINUTES = 15;
/** Reminders go out this long before the start. */
export const REMINDER_LEAD_HOURS = 24;
export const PAST_BOOKINGS_PAGE_SIZE = 10;
/** How many free slots a "no longer available" answer offers instead. */
export const NEAREST_SLOTS_COUNT = 6;
/** The past-bookings page when there is nothing: page 1 of 1 with 0 bookings. */
export const PAST_BOOKINGS_DEFAULT_PAGE = 1;
export const PAST_BOOKINGS_DEFAULT_TOTAL_PAGES = 1;
export const PAST_BOOKINGS_DEFAULT_TOTAL = 0;

/** Bounds of the owner's booking rules: [min, max] per rule. */
export const BOOKING_RULE_BOUNDS = {
  minimumNoticeHours: [0, 720],
  horizonDays: [1, 365],
  bufferMinutes: [0, 240],
  slotStepMinutes: [5, 240],
  maxBookingsPerDay: [1, 100],
  // Stripe Checkout Sessions expire between 30 minutes and 24 hours after they are made.
  holdMinutes: [30, 1440],
  cancellationCutoffHours: [0, 720],
  // Held for online payment at once by one client (decision 045): a whole day cannot be held.
  maxHeldBookingsPerClient: [1, 10],
  // Upcoming bookings not paid yet under manual payments, when the owner sets a cap.
  maxUnpaidBookingsPerClient: [1, 100],
} as const;

/** Intake questions: per service, and the lengths of their labels, options and answers. */
export const INTAKE_QUESTIONS_MAX = 10;
export const INTAKE_LABEL_MAX = 200;
export const INTAKE_OPTIONS_MIN = 2;
export const INTAKE_OPTIONS_MAX = 10;
export const INTAKE_OPTION_MAX = 100;
export const INTAKE_SHORT_ANSWER_MAX = 200;
export const INTAKE_LONG_ANSWER_MAX = 2000;

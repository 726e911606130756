/** The waitlist's limits, named once (issue 25). */
/** Active entries one client may have at once. */
export const WAITLIST_ACTIVE_ENTRIES_MAX = 3;
/** How far ahead the latest acceptable date may lie, in days. */
export const WAITLIST_LATEST_DATE_MAX_DAYS = 365;
/** The offer window: how long a freed time is held for the client it is offered to, in minutes. */
export const WAITLIST_OFFER_MINUTES_BOUNDS = [5, 240] as const;
export const WAITLIST_OFFER_MINUTES_DEFAULT = 30;
/**
 * The shortest hold an offer is made with (decision 067): a hold ends where the minimum notice of
 * its time begins, so a time freed just before its notice would be held for moments; under this it
 * is not offered. The shortest window the owner may choose, so no offer holds less than that.
 */
export const WAITLIST_OFFER_MIN_HOLD_MINUTES = WAITLIST_OFFER_MINUTES_BOUNDS[0];
/** Reads and decisions of offer links per address. */
export const WAITLIST_OFFER_RATE_LIMIT = { max: 30, windowMinutes: 1 } as const;

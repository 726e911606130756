/** The waitlist's limits, named once (issue 25). */
/** Active entries one client may have at once. */
export const WAITLIST_ACTIVE_ENTRIES_MAX = 3;
/** How far ahead the latest acceptable date may lie, in days. */
export const WAITLIST_LATEST_DATE_MAX_DAYS = 365;
/** The offer window: how long a freed time is held for the client it is offered to, in minutes. */
export const WAITLIST_OFFER_MINUTES_BOUNDS = [5, 240] as const;
export const WAITLIST_OFFER_MINUTES_DEFAULT = 30;
/** Reads and decisions of offer links per address. */
export const WAITLIST_OFFER_RATE_LIMIT = { max: 30, windowMinutes: 1 } as const;

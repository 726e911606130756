/**
 * The private calendar feeds (issue 22, decision 058): one for the owner with every booking, one
 * per client with their own. No zod here: /dash and /admin/config show these words.
 */
import { API_BASE } from '../constants';

/** Bookings that began up to this many days ago stay in a feed. */
export const CALENDAR_FEED_PAST_DAYS = 30;

/** A cancelled booking (or an expired hold) stays in a feed, as cancelled, this many days after it was withdrawn. */
export const CALENDAR_FEED_CANCELLED_DAYS = 30;

/**
 * Reads of feeds per client address: calendar apps ask every few minutes at most, and one fetcher
 * (Google's, say) may read many clients' feeds from the same address.
 */
export const CALENDAR_FEED_RATE_LIMIT = { max: 120, windowMinutes: 1 } as const;

/** The address a calendar app subscribes to. */
export function calendarFeedPath(token: string): string {
  return `${API_BASE}/calendar/${token}.ics`;
}

export const CALENDAR_FEED_MESSAGES = {
  /** Unknown and revoked addresses answer the same, so neither can be told from the other. */
  notFound: 'No such calendar',
  rotated: 'A new calendar address is ready. The old one no longer works.',
  created: 'Your calendar address is ready.',
  revoked: 'The calendar address is turned off. Calendars subscribed to it stop updating.',
  copied: 'Calendar address copied',
  copyFailed: 'Could not copy. Select the address and copy it yourself.',
} as const;

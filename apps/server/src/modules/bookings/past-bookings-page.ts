/**
 * The client's past-bookings page: `{ bookings, currentPage, totalPages, totalBookings }`, page 1 of
 * 1 with 0 bookings when there are none, a page past the last answered with the last, and each
 * record carrying its id as both `_id` and `id`.
 */
import { PAST_BOOKINGS_PAGE_SIZE } from '@consult/shared';

export interface PageWindow {
  currentPage: number;
  totalPages: number;
  /** Rows to skip and take for the current page. */
  offset: number;
  limit: number;
}

/**
 * Where the requested page lies among `totalBookings`. There is always at least one page; a page
 * past the last is answered with the last, so a list that shrank never shows an empty page.
 */
export function pageWindow(
  totalBookings: number,
  requestedPage: number,
  pageSize: number = PAST_BOOKINGS_PAGE_SIZE,
): PageWindow {
  const totalPages = Math.max(1, Math.ceil(totalBookings / pageSize));
  const currentPage = Math.min(Math.max(1, Math.floor(requestedPage)), totalPages);
  return { currentPage, totalPages, offset: (currentPage - 1) * pageSize, limit: pageSize };
}

/** A record as the API's clients read it: `_id` and `id` with the same value, as users have. */
export function withBothIds<T extends { id: string }>(record: T): T & { _id: string } {
  return { _id: record.id, ...record };
}

/**
 * The client's past-bookings page: `{ bookings, currentPage, totalPages, totalBookings }`, paged by
 * `db/page-window`, each record carrying its id as both `_id` and `id`.
 */
/** A record as the API's clients read it: `_id` and `id` with the same value, as users have. */
export function withBothIds<T extends { id: string }>(record: T): T & { _id: string } {
  return { _id: record.id, ...record };
}

/** The last instant written as YYYY-MM-DD…: Date#toISOString turns later ones into +010000-…, which PostgreSQL refuses. */
const LAST_STORABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * `instant` as a query bound: the far end of a range a caller may stretch to the year 10000 (a
 * filter or preview of 9999-12-31) is held at the last instant PostgreSQL reads back; no booking
 * can lie beyond it anyway.
 */
export function storableBound(instant: Date): Date {
  return instant.getTime() > LAST_STORABLE_MS ? new Date(LAST_STORABLE_MS) : instant;
}

/**
 * Time rules of the client's booking cards: when the join link shows (from JOIN_LINK_OPENS_MINUTES
 * before the start to its end) and how the end of a payment hold reads.
 */
import { JOIN_LINK_OPENS_MINUTES, type BookingRecord, MINUTE_MS } from '@consult/shared';
import { dateInZone, formatDateTime, formatTime } from '../../../lib/date-time';

export function joinLinkOpen(booking: BookingRecord, now: number): boolean {
  const opens = Date.parse(booking.start) - JOIN_LINK_OPENS_MINUTES * MINUTE_MS;
  return (
    booking.state === 'confirmed' &&
    booking.meetingUrl !== null &&
    now >= opens &&
    now < Date.parse(booking.end)
  );
}

/**
 * Until when a booking waiting for its payment keeps its time, in the client's zone: the time
 * alone when the hold ends today, the day too when it ends on another one.
 */
export function holdEndText(holdUntil: string, timeZone: string, now: number): string {
  if (now >= Date.parse(holdUntil)) return 'The hold on this time has ended.';
  const sameDay = dateInZone(holdUntil, timeZone) === dateInZone(new Date(now), timeZone);
  const until = sameDay ? formatTime(holdUntil, timeZone) : formatDateTime(holdUntil, timeZone);
  return `We hold this time for you until ${until}.`;
}

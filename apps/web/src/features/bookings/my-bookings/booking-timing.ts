/** When the join link of a booking shows: from JOIN_LINK_OPENS_MINUTES before the start to its end. */
import { JOIN_LINK_OPENS_MINUTES, type BookingRecord, MINUTE_MS } from '@consult/shared';

export function joinLinkOpen(booking: BookingRecord, now: number): boolean {
  const opens = Date.parse(booking.start) - JOIN_LINK_OPENS_MINUTES * MINUTE_MS;
  return (
    booking.state === 'confirmed' &&
    booking.meetingUrl !== null &&
    now >= opens &&
    now < Date.parse(booking.end)
  );
}

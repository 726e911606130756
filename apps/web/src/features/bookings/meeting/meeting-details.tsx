/** Where a booked consultation takes place: the video link, the phone, or the address. */
import type { BookingRecord } from '@consult/shared';

export function MeetingDetails({ booking }: { booking: BookingRecord }) {
  const mode = booking.service.meetingMode;
  if (mode === 'video') {
    return booking.meetingUrl ? (
      <span>
        Video call at{' '}
        <a
          href={booking.meetingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold break-all text-brand underline underline-offset-4"
        >
          {booking.meetingUrl}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </span>
    ) : (
      <span>Video call; the link is sent once the booking is confirmed.</span>
    );
  }
  if (mode === 'phone') return <span>Phone call to the number in your profile.</span>;
  return <span>In person at {booking.address ?? 'the address in your confirmation e-mail'}.</span>;
}

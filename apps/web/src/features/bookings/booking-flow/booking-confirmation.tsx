/** What the client sees once the booking is made: when, where, the invite and the way to /dash. */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { BOOKING_STATE_LABELS, formatPrice, paths, type BookingRecord } from '@consult/shared';
import { AddToCalendarButton } from '../meeting/add-to-calendar-button';
import { MeetingDetails } from '../meeting/meeting-details';
import { Button, buttonClasses } from '../../../components/ui/button';
import { formatDateTime, formatTime, zoneName } from '../time/date-time';

export function BookingConfirmation({
  booking,
  timeZone,
  onBookAnother,
}: {
  booking: BookingRecord;
  timeZone: string;
  onBookAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the button just pressed: move focus (and the screen reader) to the news.
  useEffect(() => heading.current?.focus(), []);

  const details: [string, React.ReactNode][] = [
    ['Session', booking.service.title],
    [
      'When',
      `${formatDateTime(booking.start, timeZone)} to ${formatTime(booking.end, timeZone)} (${zoneName(timeZone)})`,
    ],
    ['Where', <MeetingDetails key="where" booking={booking} />],
    ['Status', BOOKING_STATE_LABELS[booking.state]],
  ];
  if (booking.paymentDue) {
    details.push([
      'Payment',
      `${formatPrice(booking)} due before the session; the confirmation e-mail says how to pay.`,
    ]);
  }

  return (
    <div className="mt-8 flex flex-col gap-6 border-t border-line pt-8">
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full bg-success text-xl text-white"
        >
          ✓
        </span>
        <div>
          <h3
            ref={heading}
            tabIndex={-1}
            className="font-display text-2xl font-semibold text-brand focus:outline-none"
          >
            You are booked
          </h3>
          <p className="mt-1 text-base text-muted">
            A confirmation with a calendar invite is on its way to your inbox.
          </p>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-3 rounded-xl bg-paper p-4 sm:grid-cols-[max-content_1fr] sm:p-5">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-muted">{label}</dt>
            <dd className="text-base wrap-anywhere text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <AddToCalendarButton bookingId={booking.id} />
        <Link to={paths.dashboard} className={buttonClasses('primary')}>
          See your bookings
        </Link>
        <Button variant="ghost" onClick={onBookAnother}>
          Book another time
        </Button>
      </div>
    </div>
  );
}

/** /admin/upcoming's timeline: today and the next days in the owner's zone, with quick actions. */
import { MINUTE_MS } from '@consult/shared';
import { useNow } from '../../../hooks/use-now';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  ADMIN_BOOKINGS_MAX_PAGE_SIZE,
  formatPrice,
  UPCOMING_TIMELINE_DAYS,
  paths,
  type AdminBookingRecord,
} from '@consult/shared';
import { BookingReference } from '../../../components/booking-reference';
import { LoadError, Skeleton } from '../../../components/query-state';
import { buttonClasses } from '../../../components/ui/button';
import { useGetOwnerTimeZoneQuery } from '../../../lib/owner-time-zone-api';
import { addDays, dateInZone, formatDay, timeInZone, zoneName } from '../../../lib/date-time';
import { useListAdminBookingsQuery } from '../api/admin-bookings-api';
import { BookingActions } from './booking-actions';
import { BookingBadges } from './booking-badges';
import { isOpen } from './open-bookings';
import { bookingLink, clientLink } from './links';

export function UpcomingTimeline() {
  const ownerZone = useGetOwnerTimeZoneQuery();
  if (ownerZone.isLoading) return <Skeleton lines={6} label="Loading the timeline" />;
  if (!ownerZone.data) {
    return (
      <LoadError
        what="your time zone"
        error={ownerZone.error}
        onRetry={() => void ownerZone.refetch()}
      />
    );
  }
  return <Timeline timeZone={ownerZone.data.timeZone} />;
}

function Timeline({ timeZone }: { timeZone: string }) {
  const now = useNow(MINUTE_MS);
  const today = dateInZone(now, timeZone);
  const last = addDays(today, UPCOMING_TIMELINE_DAYS);
  const [showClosed, setShowClosed] = useState(false);
  const toggleId = useId();
  const { data, error, isLoading, isFetching, refetch } = useListAdminBookingsQuery({
    from: today,
    to: last,
    order: 'asc',
    pageSize: ADMIN_BOOKINGS_MAX_PAGE_SIZE,
  });

  if (isLoading) return <Skeleton lines={6} label="Loading the bookings" />;
  if (!data) return <LoadError what="the bookings" error={error} onRetry={() => void refetch()} />;

  const shown = data.bookings.filter(
    (booking) => showClosed || (booking.state !== 'cancelled' && booking.state !== 'expired'),
  );
  const days = Array.from({ length: UPCOMING_TIMELINE_DAYS + 1 }, (_, i) => addDays(today, i));
  const byDay = new Map<string, AdminBookingRecord[]>();
  for (const booking of shown) {
    const day = dateInZone(booking.start, timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), booking]);
  }
  const open = data.bookings.filter(isOpen);
  const due = open.filter((booking) => booking.paymentDue).length;

  return (
    <div className="flex flex-col gap-5" aria-busy={isFetching}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-base text-ink">
          <strong>{open.length}</strong> {open.length === 1 ? 'booking' : 'bookings'} to come
          {due > 0 && (
            <>
              {' '}
              · <strong>{due}</strong> with payment due
            </>
          )}
          <span className="block text-sm text-muted">Times in {zoneName(timeZone)}.</span>
        </p>
        <div className="flex items-center gap-2">
          <input
            id={toggleId}
            type="checkbox"
            checked={showClosed}
            onChange={(event) => setShowClosed(event.target.checked)}
            className="size-5 accent-brand"
          />
          <label htmlFor={toggleId} className="text-sm text-ink">
            Show cancelled and expired
          </label>
        </div>
      </div>
      {data.totalBookings > data.bookings.length && (
        <p className="text-sm text-muted">
          Showing the first {data.bookings.length} of {data.totalBookings}.{' '}
          <Link to={paths.admin.bookings} className="text-brand underline underline-offset-4">
            See all bookings
          </Link>
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {days.map((day) => (
          <DayGroup
            key={day}
            day={day}
            today={day === today}
            bookings={byDay.get(day) ?? []}
            timeZone={timeZone}
          />
        ))}
      </ol>
    </div>
  );
}

function DayGroup({
  day,
  today,
  bookings,
  timeZone,
}: {
  day: string;
  today: boolean;
  bookings: AdminBookingRecord[];
  timeZone: string;
}) {
  const headingId = useId();
  const heading = (
    <h2
      id={headingId}
      className="flex flex-wrap items-baseline gap-2 text-base font-semibold text-ink"
    >
      {formatDay(day)}
      {today && (
        <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white">
          Today
        </span>
      )}
    </h2>
  );
  if (bookings.length === 0) {
    // A free day is one line, so the booked days stand out.
    return (
      <li
        aria-labelledby={headingId}
        className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-2xl border border-line bg-surface px-4 py-3 sm:px-5"
      >
        {heading}
        <p className="text-sm text-muted">Nothing booked.</p>
      </li>
    );
  }
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface shadow-sm">
      <div className="border-b border-line px-4 py-3 sm:px-5">{heading}</div>
      <ul className="divide-y divide-line">
        {bookings.map((booking) => (
          <TimelineEntry key={booking.id} booking={booking} timeZone={timeZone} />
        ))}
      </ul>
    </li>
  );
}

function TimelineEntry({ booking, timeZone }: { booking: AdminBookingRecord; timeZone: string }) {
  const time = `${timeInZone(booking.start, timeZone)}–${timeInZone(booking.end, timeZone)}`;
  const closed = !isOpen(booking) && booking.state !== 'completed';
  return (
    <li
      className={`flex flex-col gap-3 px-4 py-4 sm:px-5 lg:flex-row lg:items-start ${closed ? 'opacity-75' : ''}`}
    >
      <p className="w-28 shrink-0 font-semibold text-ink tabular-nums">{time}</p>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="font-semibold wrap-anywhere text-ink">{booking.service.title}</p>
        <p className="text-sm wrap-anywhere text-muted">
          <Link
            to={clientLink(booking.client.id)}
            className="font-medium text-brand underline-offset-4 hover:underline"
          >
            {booking.client.name}
          </Link>{' '}
          · {booking.client.email}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <BookingReference reference={booking.reference} />
          <BookingBadges booking={booking} />
          {booking.priceMinor > 0 && (
            <span>
              {formatPrice(booking)}
              {booking.paymentDue ? ' to pay' : booking.paidAt ? ' paid' : ''}
            </span>
          )}
        </div>
        <div className="mt-1">
          <BookingActions
            booking={booking}
            label={`${booking.client.name}, ${formatDay(dateInZone(booking.start, timeZone), 'short')} ${timeInZone(booking.start, timeZone)}`}
            size="compact"
          >
            <Link
              to={bookingLink(booking.id)}
              className={buttonClasses('secondary', 'min-h-10 px-3 py-1.5 text-sm')}
            >
              Open<span className="sr-only"> booking of {booking.client.name}</span>
            </Link>
          </BookingActions>
        </div>
      </div>
    </li>
  );
}

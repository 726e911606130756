/** The client's upcoming bookings, soonest first, or the way to book one. */
import { Link } from 'react-router';
import { paths } from '@consult/shared';
import { LoadError, Skeleton } from '../../../components/query-state';
import { buttonClasses } from '../../../components/ui/button';
import { useGetUpcomingBookingsQuery } from '../api/my-bookings-api';
import { UpcomingBookingCard } from './upcoming-booking-card';

export function UpcomingBookings({ timeZone }: { timeZone: string }) {
  const { data, error, isLoading, refetch } = useGetUpcomingBookingsQuery();
  return (
    <section aria-labelledby="upcoming-heading" className="flex flex-col gap-4">
      <h2 id="upcoming-heading" className="text-xl font-semibold text-ink">
        Upcoming
      </h2>
      {isLoading ? (
        <Skeleton lines={4} label="Loading your upcoming bookings" />
      ) : !data ? (
        <LoadError what="your bookings" error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <NoUpcoming />
      ) : (
        <ul className="flex flex-col gap-4">
          {data.map((booking) => (
            <li key={booking.id}>
              <UpcomingBookingCard booking={booking} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function NoUpcoming() {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-line bg-surface p-6">
      <p className="font-semibold text-ink">No upcoming consultations.</p>
      <p className="text-base text-muted">
        Pick a session and a time that suits you; it takes a minute.
      </p>
      <Link to={paths.consultation} className={buttonClasses('primary')}>
        Book a consultation
      </Link>
    </div>
  );
}

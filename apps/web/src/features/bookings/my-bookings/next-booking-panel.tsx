/** The overview's headline: the next consultation with its actions, or the way to book one. */
import { Link } from 'react-router';
import { paths } from '@consult/shared';
import { LoadError, Skeleton } from '../../../components/query-state';
import { useGetUpcomingBookingsQuery } from '../api/my-bookings-api';
import { NoUpcoming } from './upcoming-bookings';
import { UpcomingBookingCard } from './upcoming-booking-card';

const linkClasses = 'text-base font-semibold text-brand underline-offset-4 hover:underline';

export function NextBookingPanel({ timeZone }: { timeZone: string }) {
  const { data, error, isLoading, refetch } = useGetUpcomingBookingsQuery();
  const [next, ...later] = data ?? [];
  return (
    <section aria-labelledby="next-booking-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="next-booking-heading" className="text-xl font-semibold text-ink">
          Your next consultation
        </h2>
        {data && data.length > 0 && (
          <p className="flex flex-wrap gap-x-5 gap-y-1">
            <Link to={paths.bookings} className={linkClasses}>
              {later.length > 0
                ? `All bookings (${later.length} more upcoming)`
                : 'All bookings and history'}
            </Link>
            <Link to={paths.consultation} className={linkClasses}>
              Book another consultation
            </Link>
          </p>
        )}
      </div>
      {isLoading ? (
        <Skeleton lines={3} label="Loading your next consultation" />
      ) : !data ? (
        <LoadError what="your bookings" error={error} onRetry={() => void refetch()} />
      ) : next ? (
        <UpcomingBookingCard booking={next} timeZone={timeZone} featured />
      ) : (
        <NoUpcoming />
      )}
    </section>
  );
}

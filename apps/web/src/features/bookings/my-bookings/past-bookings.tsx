/** Past bookings, newest first, a page at a time; with none, the pager reads page 1 of 1. */
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { clientBookingPath, PAID_BY_CREDIT_TEXT } from '@consult/shared';
import { BookingReference } from '../../../components/booking-reference';
import { LoadError, Skeleton } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/date-time';
import { pastSelectors, useGetPastBookingsQuery } from '../api/my-bookings-api';
import { StateBadge } from './state-badge';

const PAGE_PARAM = 'past';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function PastBookings({ timeZone }: { timeZone: string }) {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get(PAGE_PARAM));
  const { data, error, isLoading, isFetching, refetch } = useGetPastBookingsQuery(page);

  const goTo = (next: number) => {
    const search = new URLSearchParams(params);
    if (next === 1) search.delete(PAGE_PARAM);
    else search.set(PAGE_PARAM, String(next));
    setParams(search, { preventScrollReset: true });
  };

  const bookings = data ? pastSelectors.selectAll(data) : [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold text-ink">
          Past
        </h2>
        {data && data.totalBookings > 0 && (
          <p className="text-sm text-muted">
            {data.totalBookings} {data.totalBookings === 1 ? 'booking' : 'bookings'}
          </p>
        )}
      </div>
      {isLoading ? (
        <Skeleton lines={3} label="Loading your past bookings" />
      ) : !data ? (
        <LoadError what="your past bookings" error={error} onRetry={() => void refetch()} />
      ) : bookings.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-surface p-6 text-base text-muted">
          Nothing here yet. Finished, cancelled and missed consultations are listed here.
        </p>
      ) : (
        <>
          <ul
            aria-busy={isFetching || undefined}
            className="divide-y divide-line rounded-2xl border border-line bg-surface"
          >
            {bookings.map((booking) => (
              <li
                key={booking._id}
                className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <div className="min-w-0">
                  <p className="font-semibold wrap-anywhere text-ink">
                    <Link
                      to={clientBookingPath(booking.id)}
                      className="underline-offset-4 hover:text-brand hover:underline"
                    >
                      {booking.service.title}
                    </Link>
                  </p>
                  <p className="text-sm text-muted">
                    {formatDateTime(booking.start, timeZone)} ·{' '}
                    <BookingReference reference={booking.reference} />
                    {booking.credit && <> · {PAID_BY_CREDIT_TEXT}</>}
                  </p>
                </div>
                <StateBadge state={booking.state} />
              </li>
            ))}
          </ul>
          <nav
            aria-label="Past bookings pages"
            className="flex flex-wrap items-center justify-between gap-3"
          >
            <Button
              variant="secondary"
              disabled={data.currentPage <= 1 || isFetching}
              onClick={() => goTo(data.currentPage - 1)}
            >
              Newer
            </Button>
            <p className="text-sm text-muted" aria-live="polite">
              Page {data.currentPage} of {data.totalPages}
            </p>
            <Button
              variant="secondary"
              disabled={data.currentPage >= data.totalPages || isFetching}
              onClick={() => goTo(data.currentPage + 1)}
            >
              Older
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}

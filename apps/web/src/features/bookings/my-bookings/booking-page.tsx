/**
 * /dash/bookings/:id: one of the client's bookings on its own page, with its reference and, while
 * a payment is due by hand, how to pay it. A booking still to come keeps its actions; a finished
 * one shows what happened.
 */
import { Link } from 'react-router';
import {
  BLOCKING_BOOKING_STATES,
  PAID_BY_CREDIT_TEXT,
  paths,
  type BookingRecord,
} from '@consult/shared';
import { LoadError, Skeleton } from '../../../components/query-state';
import { Alert } from '../../../components/ui/alert';
import { DetailList } from '../../../components/ui/detail-list';
import { useNow } from '../../../hooks/use-now';
import { errorStatus } from '../../../lib/problem';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGetBookingQuery } from '../api/my-bookings-api';
import { MeetingDetails } from '../meeting/meeting-details';
import { hasManualPaymentDue, PaymentInstructions } from '../payment-due/payment-instructions';
import { formatDateTime, formatTime, zoneName } from '../../../lib/date-time';
import { StateBadge } from './state-badge';
import { UpcomingBookingCard } from './upcoming-booking-card';

const CLOCK_TICK_MS = 60_000;

const backLinkClasses =
  'font-semibold text-brand underline underline-offset-4 hover:text-brand-strong';

export function BookingPage({ id, timeZone }: { id: string; timeZone: string }) {
  const { data, error, isLoading, refetch } = useGetBookingQuery(id);
  const now = useNow(CLOCK_TICK_MS);
  useDocumentTitle(data ? `Booking ${data.reference}` : 'Booking');
  return (
    <div className="flex flex-col gap-6">
      <Link to={paths.bookings} className={`${backLinkClasses} self-start`}>
        ← All bookings
      </Link>
      {isLoading ? (
        <Skeleton lines={6} label="Loading the booking" />
      ) : !data ? (
        errorStatus(error) === 404 ? (
          <Alert tone="error" title="Booking not found">
            This booking does not exist, or it belongs to another account.
          </Alert>
        ) : (
          <LoadError what="the booking" error={error} onRetry={() => void refetch()} />
        )
      ) : (
        <>
          <header className="min-w-0">
            <h1 className="font-display text-3xl wrap-anywhere text-brand sm:text-4xl">
              Booking <span className="font-mono tracking-wider">{data.reference}</span>
            </h1>
            <p className="mt-1 text-base text-muted">
              Give this reference when you pay or write to the business about this booking.
            </p>
          </header>
          {isLive(data, now) ? (
            <UpcomingBookingCard
              booking={data}
              timeZone={timeZone}
              featured
              linkTitle={false}
              headingLevel={2}
            />
          ) : (
            <FinishedBooking booking={data} timeZone={timeZone} />
          )}
        </>
      )}
    </div>
  );
}

/** Held or confirmed and not over: the card with its actions, as on /dash. */
function isLive(booking: BookingRecord, now: number): boolean {
  return (
    (BLOCKING_BOOKING_STATES as readonly string[]).includes(booking.state) &&
    Date.parse(booking.end) > now
  );
}

function FinishedBooking({ booking, timeZone }: { booking: BookingRecord; timeZone: string }) {
  return (
    <article className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="min-w-0 text-lg font-semibold wrap-anywhere text-ink">
          {booking.service.title}
        </h2>
        <StateBadge state={booking.state} />
      </div>
      <DetailList
        rows={[
          [
            'When',
            `${formatDateTime(booking.start, timeZone)} to ${formatTime(booking.end, timeZone)} (${zoneName(timeZone)})`,
          ],
          ['Where', <MeetingDetails key="where" booking={booking} />],
          ...(booking.credit ? ([['Payment', PAID_BY_CREDIT_TEXT]] as [string, string][]) : []),
          ...(booking.notes ? ([['Your notes', booking.notes]] as [string, string][]) : []),
        ]}
      />
      {hasManualPaymentDue(booking) && <PaymentInstructions booking={booking} />}
    </article>
  );
}

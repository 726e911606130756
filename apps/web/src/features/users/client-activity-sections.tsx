/** A client's bookings and contact messages on their panel, each linking to where it is handled. */
import { useId } from 'react';
import { Link } from 'react-router';
import {
  adminBookingPath,
  adminMessagePath,
  BOOKING_STATE_LABELS,
  CLIENT_RECORD_BOOKINGS_LIMIT,
  CLIENT_RECORD_MESSAGES_LIMIT,
  formatIntakeAnswer,
  formatMoney,
  paths,
  type ClientRecordBooking,
  type ClientRecordMessage,
} from '@consult/shared';
import { BookingReference } from '../../components/booking-reference';
import { PaymentStatusBadge } from '../../components/payment-status-badge';
import { formatMoment } from '../../lib/date-time';

const linkClasses = 'font-semibold text-brand underline underline-offset-4 hover:text-brand-strong';

function Empty({ children }: { children: string }) {
  return (
    <p className="rounded-xl border border-dashed border-line px-4 py-3 text-muted">{children}</p>
  );
}

export function ClientBookingsSection({
  clientId,
  bookings,
  timeZone,
}: {
  clientId: string;
  bookings: ClientRecordBooking[];
  /** The owner's zone. */
  timeZone: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-ink">
          Bookings
        </h3>
        {bookings.length >= CLIENT_RECORD_BOOKINGS_LIMIT && (
          <Link
            to={`${paths.admin.bookings}?client=${encodeURIComponent(clientId)}`}
            className={linkClasses}
          >
            All their bookings
          </Link>
        )}
      </div>
      {bookings.length === 0 ? (
        <Empty>No bookings yet.</Empty>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line">
          {bookings.map((booking) => (
            <li key={booking.id} className="flex flex-col gap-1 px-4 py-3">
              <Link to={adminBookingPath(booking.id)} className={`${linkClasses} wrap-anywhere`}>
                {booking.serviceTitle}
              </Link>
              <span className="text-sm text-ink">
                <time dateTime={booking.start}>{formatMoment(booking.start, timeZone)}</time>
                {' · '}
                {BOOKING_STATE_LABELS[booking.state]}
                {' · '}
                {booking.priceMinor === 0
                  ? 'Free'
                  : formatMoney(booking.priceMinor, booking.currency)}
                {' · '}
                <BookingReference reference={booking.reference} />
              </span>
              {booking.payment && (
                <span>
                  <PaymentStatusBadge status={booking.payment.status} />
                </span>
              )}
              {booking.answers.length > 0 && (
                <dl className="mt-1 flex flex-col gap-1 text-sm">
                  {booking.answers.map((answer) => (
                    <div key={answer.questionId}>
                      <dt className="font-semibold text-ink">{answer.label}</dt>
                      <dd className="wrap-anywhere whitespace-pre-wrap text-muted">
                        {formatIntakeAnswer(answer)}
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ClientMessagesSection({
  messages,
  timeZone,
}: {
  messages: ClientRecordMessage[];
  timeZone: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-5">
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        Contact messages
      </h3>
      {messages.length === 0 ? (
        <Empty>No contact messages from this address.</Empty>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line">
          {messages.map((message) => (
            <li key={message.id} className="flex flex-col gap-1 px-4 py-3">
              <Link to={adminMessagePath(message.id)} className={linkClasses}>
                {message.type} message
              </Link>
              <span className="text-sm text-muted">
                <time dateTime={message.receivedAt}>
                  {formatMoment(message.receivedAt, timeZone)}
                </time>
                {' · '}
                {message.handled ? 'Handled' : 'New'}
              </span>
              <p className="line-clamp-3 wrap-anywhere whitespace-pre-wrap text-ink">
                {message.message}
              </p>
            </li>
          ))}
        </ul>
      )}
      {messages.length >= CLIENT_RECORD_MESSAGES_LIMIT && (
        <p className="text-sm text-muted">The latest {CLIENT_RECORD_MESSAGES_LIMIT} are shown.</p>
      )}
    </section>
  );
}

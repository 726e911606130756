/** One booking in full for the owner: every field, the history and every action. */
import { MINUTE_MS } from '@consult/shared';
import { useNow } from '../../../hooks/use-now';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  BOOKING_MESSAGES,
  BOOKING_STATE_LABELS,
  formatPrice,
  MEETING_MODE_LABELS,
  PAID_BY_CREDIT_TEXT,
  type AdminBookingDetail,
  type BookingEvent,
  type SchedulingSettings,
} from '@consult/shared';
import { BookingReference } from '../../../components/booking-reference';
import { LoadError, Skeleton } from '../../../components/query-state';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DetailList } from '../../../components/ui/detail-list';
import { useGetSchedulingSettingsQuery } from '../api/owner-scheduling-api';
import { errorMessage } from '../../../lib/problem';
import { useMailDelivered } from '../../../lib/site-brand-api';
import { dateInZone, formatDay, formatInstant, timeInZone, zoneName } from '../../../lib/date-time';
import {
  useGetAdminBookingQuery,
  useRescheduleAdminBookingMutation,
} from '../api/admin-bookings-api';
import { BookingActions } from './booking-actions';
import { BookingBadges } from './booking-badges';
import { BookingPaymentSection } from './booking-payment';
import { IntakeAnswersSection } from './intake-answers-section';
import { clientBookingsLink, clientLink } from './links';
import {
  chosenStart,
  initialTimeChoice,
  nearestSlotsOf,
  TimeChooser,
  type TimeChoice,
} from './time-chooser';

/** Sections below a booking's details that other features own (placed there by the route). */
export type BookingSections = (
  booking: { id: string; clientId: string },
  ownerTimeZone: string,
) => ReactNode;

export function BookingDetailPanel({ id, sections }: { id: string; sections?: BookingSections }) {
  // `currentData`: while another booking loads, the previous one must not keep its buttons.
  const { currentData: booking, error, isFetching, refetch } = useGetAdminBookingQuery(id);
  const settings = useGetSchedulingSettingsQuery();
  if ((!booking && isFetching) || settings.isLoading) {
    return <Skeleton lines={8} label="Loading the booking" />;
  }
  if (!booking) {
    return <LoadError what="this booking" error={error} onRetry={() => void refetch()} />;
  }
  if (!settings.data) {
    return (
      <LoadError
        what="your time zone"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return (
    <BookingDetail
      key={booking.id}
      booking={booking}
      settings={settings.data}
      stale={isFetching}
      sections={sections?.(
        { id: booking.id, clientId: booking.client.id },
        settings.data.rules.timeZone,
      )}
    />
  );
}

function BookingDetail({
  booking,
  settings,
  stale,
  sections,
}: {
  booking: AdminBookingDetail;
  settings: SchedulingSettings;
  stale: boolean;
  sections?: ReactNode;
}) {
  const timeZone = settings.rules.timeZone;
  const [rescheduling, setRescheduling] = useState(false);
  const when = `${formatDay(dateInZone(booking.start, timeZone), 'short')} ${timeInZone(booking.start, timeZone)}`;
  const clientZoneDiffers = booking.client.timeZone !== timeZone;

  const rows: [string, ReactNode][] = [
    [
      'Client',
      <span key="client" className="flex flex-wrap gap-x-3">
        <Link
          to={clientLink(booking.client.id)}
          className="font-medium text-brand underline-offset-4 hover:underline"
        >
          {booking.client.name}
        </Link>
        <Link
          to={clientBookingsLink(booking.client.id)}
          className="text-brand underline underline-offset-4"
        >
          All their bookings
        </Link>
      </span>,
    ],
    ['E-mail', booking.client.email],
    ['Phone', booking.client.phone ?? 'Not given'],
    ['Service', `${booking.service.title} (${booking.service.durationMinutes} min)`],
    ['Meeting', MEETING_MODE_LABELS[booking.service.meetingMode]],
    [
      'Starts',
      <>
        {formatInstant(booking.start, timeZone)} <span className="text-muted">(your time)</span>
        {clientZoneDiffers && (
          <span className="block text-sm text-muted">
            {formatInstant(booking.start, booking.client.timeZone)} for the client (
            {zoneName(booking.client.timeZone)})
          </span>
        )}
      </>,
    ],
    ['Ends', formatInstant(booking.end, timeZone)],
    ['State', BOOKING_STATE_LABELS[booking.state]],
    ['Price', booking.credit ? '1 package credit' : formatPrice(booking)],
    [
      'Payment',
      booking.credit
        ? PAID_BY_CREDIT_TEXT
        : booking.priceMinor === 0
          ? 'Nothing to pay'
          : booking.paidAt
            ? `Paid ${formatInstant(booking.paidAt, timeZone)}`
            : booking.paymentDue
              ? 'Due'
              : 'Not due',
    ],
  ];
  if (booking.holdUntil) rows.push(['Held until', formatInstant(booking.holdUntil, timeZone)]);
  if (booking.meetingUrl) {
    rows.push([
      'Meeting link',
      <a
        key="link"
        href={booking.meetingUrl}
        target="_blank"
        rel="noreferrer"
        className="break-all text-brand underline underline-offset-4"
      >
        {booking.meetingUrl}
      </a>,
    ]);
  }
  if (booking.address) rows.push(['Address', booking.address]);
  rows.push(
    ['Client notes', booking.notes ?? 'None'],
    ['Booked', formatInstant(booking.createdAt, timeZone)],
    ['Last change', formatInstant(booking.updatedAt, timeZone)],
    [
      'Booking id',
      <span key="id" className="text-sm break-all text-muted">
        {booking.id}
      </span>,
    ],
  );

  return (
    <section
      aria-labelledby="booking-detail-title"
      aria-busy={stale}
      className="flex flex-col gap-5"
    >
      <div>
        <h2 id="booking-detail-title" className="text-xl font-semibold wrap-anywhere text-ink">
          {booking.service.title} with {booking.client.name}
        </h2>
        <p className="mt-1 text-base text-muted">
          {formatInstant(booking.start, timeZone)} ·{' '}
          <BookingReference reference={booking.reference} className="text-ink" />
        </p>
        <div className="mt-2">
          <BookingBadges booking={booking} />
        </div>
      </div>
      <DetailList rows={rows} />
      {booking.answers.length > 0 && <IntakeAnswersSection answers={booking.answers} />}
      {booking.payment && <BookingPaymentSection payment={booking.payment} />}
      {sections}
      <div className="border-t border-line pt-5">
        <BookingActions booking={booking} label={`${booking.client.name}, ${when}`}>
          {booking.ownerActions.reschedule && !rescheduling && (
            <Button variant="secondary" onClick={() => setRescheduling(true)}>
              Reschedule
            </Button>
          )}
        </BookingActions>
      </div>
      {rescheduling && (
        <RescheduleForm
          booking={booking}
          settings={settings}
          onDone={() => setRescheduling(false)}
        />
      )}
      <History events={booking.events} timeZone={timeZone} />
    </section>
  );
}

function RescheduleForm({
  booking,
  settings,
  onDone,
}: {
  booking: AdminBookingDetail;
  settings: SchedulingSettings;
  onDone: () => void;
}) {
  const timeZone = settings.rules.timeZone;
  const now = useNow(MINUTE_MS);
  const [choice, setChoice] = useState<TimeChoice>(() =>
    initialTimeChoice(dateInZone(booking.start, timeZone)),
  );
  const [missing, setMissing] = useState(false);
  const mailDelivered = useMailDelivered();
  const [reschedule, { error, isLoading, reset }] = useRescheduleAdminBookingMutation();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const start = chosenStart(choice, timeZone);
    if (!start) {
      setMissing(true);
      return;
    }
    const result = await reschedule({
      id: booking.id,
      start,
      outsideHours: choice.mode === 'free' && choice.outsideHours,
    });
    if ('error' in result) return;
    toast.success(
      `Moved to ${formatInstant(start, timeZone)}. ${mailDelivered === false ? "Mail is not being delivered: the client's mail is in the outbox (System → Outbox)." : 'The client is told by e-mail.'}`,
    );
    onDone();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="reschedule-title"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-paper p-4 sm:p-5"
    >
      <h3 id="reschedule-title" className="text-lg font-semibold text-ink">
        Reschedule
      </h3>
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      <TimeChooser
        value={choice}
        onChange={(next) => {
          setChoice(next);
          setMissing(false);
          reset();
        }}
        service={booking.service.slug}
        settings={settings}
        now={now}
        error={missing ? BOOKING_MESSAGES.timeRequired : undefined}
        suggestions={nearestSlotsOf(error)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Moving...' : 'Move booking'}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={isLoading}>
          Keep the time
        </Button>
      </div>
    </form>
  );
}

const ACTION_LABELS: Record<BookingEvent['action'], string> = {
  created: 'Booked',
  confirmed: 'Confirmed',
  rescheduled: 'Rescheduled',
  cancelled: 'Cancelled',
  completed: 'Marked completed',
  no_show: 'Marked no-show',
  paid: 'Marked paid',
  expired: 'Expired',
  reminder_sent: 'Reminder sent',
};

function actorOf(event: BookingEvent): string {
  if (event.actorType === 'system') return 'System';
  const role = event.actorType === 'owner' ? 'Owner' : 'Client';
  return event.actorName ? `${event.actorName} (${role.toLowerCase()})` : role;
}

function eventDetails(event: BookingEvent, timeZone: string): string[] {
  const lines: string[] = [];
  const { previousStart, start, reason, outsideHours } = event.details;
  if (typeof previousStart === 'string' && typeof start === 'string') {
    lines.push(
      `From ${formatInstant(previousStart, timeZone)} to ${formatInstant(start, timeZone)}`,
    );
  }
  if (typeof reason === 'string' && reason) lines.push(`Reason: ${reason}`);
  if (outsideHours === true) lines.push('Outside the weekly hours');
  if (event.fromState && event.toState && event.fromState !== event.toState) {
    lines.push(`${BOOKING_STATE_LABELS[event.fromState]} → ${BOOKING_STATE_LABELS[event.toState]}`);
  }
  return lines;
}

function History({ events, timeZone }: { events: BookingEvent[]; timeZone: string }) {
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-5">
      <h3 className="text-lg font-semibold text-ink">History</h3>
      {events.length === 0 ? (
        <p className="text-sm text-muted">No changes recorded.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {events.map((event) => (
            <li key={event.id} className="border-l-2 border-brand/40 pl-3">
              <p className="font-semibold text-ink">{ACTION_LABELS[event.action]}</p>
              <p className="text-sm text-muted">
                {formatInstant(event.at, timeZone)} · {actorOf(event)}
              </p>
              {eventDetails(event, timeZone).map((line) => (
                <p key={line} className="text-sm wrap-anywhere text-ink">
                  {line}
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

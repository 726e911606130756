/** What the client sees once the booking is made: when, where, the invite and the way to /dash. */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import {
  BOOKING_STATE_LABELS,
  clientBookingPath,
  formatMoney,
  formatPrice,
  NO_PAYMENT_INSTRUCTIONS_TEXT,
  paths,
  type BookingRecord,
} from '@consult/shared';
import { AddToCalendarButton } from '../meeting/add-to-calendar-button';
import { MeetingDetails } from '../meeting/meeting-details';
import { hasManualPaymentDue, PaymentInstructions } from '../payment-due/payment-instructions';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useMailDelivered } from '../../../lib/site-brand-api';
import { formatDateTime, formatTime, zoneName } from '../../../lib/date-time';
import type { PaymentChoice } from './payment-choice';

export function BookingConfirmation({
  booking,
  timeZone,
  spentCredit,
  onBookAnother,
}: {
  booking: BookingRecord;
  timeZone: string;
  /** The credit the booking spent, as offered before (its count then): says what remains. */
  spentCredit: PaymentChoice['credit'];
  onBookAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const mailDelivered = useMailDelivered();
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
    [
      'Reference',
      <span key="reference" className="font-mono font-semibold tracking-wider">
        {booking.reference}
      </span>,
    ],
  ];
  if (booking.credit) details.push(['Payment', creditText(spentCredit)]);
  if (booking.discount) {
    const { code, originalMinor, discountMinor } = booking.discount;
    const money = (minor: number) => formatMoney(minor, booking.currency);
    details.push([
      'Discount',
      `${code}: ${money(discountMinor)} off ${money(originalMinor)}. ${
        booking.priceMinor === 0 ? 'Nothing to pay.' : `You pay ${money(booking.priceMinor)}.`
      }`,
    ]);
  }
  const manualDue = hasManualPaymentDue(booking);
  if (booking.paymentDue && !manualDue) {
    details.push([
      'Payment',
      `${formatPrice(booking)} due before the session. ${NO_PAYMENT_INSTRUCTIONS_TEXT}`,
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
            {mailDelivered === false
              ? 'No confirmation e-mail could be sent right now: keep the details below, or add the booking to your calendar here.'
              : 'A confirmation with a calendar invite is on its way to your inbox.'}
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
      {manualDue && <PaymentInstructions booking={booking} headingLevel={4} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <AddToCalendarButton bookingId={booking.id} />
        <Link to={clientBookingPath(booking.id)} className={buttonClasses('primary')}>
          See this booking
        </Link>
        <Link to={paths.dashboard} className={buttonClasses('secondary')}>
          See your bookings
        </Link>
        <Button variant="ghost" onClick={onBookAnother}>
          Book another time
        </Button>
      </div>
    </div>
  );
}

function creditText(spent: PaymentChoice['credit']): string {
  if (!spent) return 'Paid with 1 package credit: nothing to pay.';
  const left = spent.remaining - 1;
  return `Paid with 1 credit from ${spent.packageTitle}: nothing to pay. ${
    left === 0 ? 'No credit left' : `${left} ${left === 1 ? 'credit' : 'credits'} left`
  } in this package.`;
}

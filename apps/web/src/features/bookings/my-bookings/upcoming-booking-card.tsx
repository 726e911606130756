/**
 * One upcoming booking with what the client can do with it: pay, join, add to calendar, move,
 * cancel.
 */
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  JOIN_LINK_OPENS_MINUTES,
  clientBookingPath,
  consultationPathFor,
  formatMoney,
  hasVoidReceipt,
  formatPrice,
  NO_PAYMENT_INSTRUCTIONS_TEXT,
  PAID_BY_CREDIT_TEXT,
  receiptPath,
  type BookingPayment,
  type BookingRecord,
} from '@consult/shared';
import { AddToCalendarButton } from '../meeting/add-to-calendar-button';
import { MeetingDetails } from '../meeting/meeting-details';
import { PayNowButton } from '../checkout/pay-now-button';
import { hasManualPaymentDue, PaymentInstructions } from '../payment-due/payment-instructions';
import { BookingReference } from '../../../components/booking-reference';
import { PaymentStatusBadge } from '../../../components/payment-status-badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Pill } from '../../../components/ui/pill';
import { useNow } from '../../../hooks/use-now';
import { dateInZone, formatDateTime, formatTime, zoneName } from '../../../lib/date-time';
import { holdEndText, joinLinkOpen } from './booking-timing';
import { readPaymentReturn } from './payment-return';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { StateBadge } from './state-badge';

const CLOCK_TICK_MS = 30_000;

export function UpcomingBookingCard({
  booking,
  timeZone,
  featured = false,
  linkTitle = true,
  headingLevel = 3,
}: {
  booking: BookingRecord;
  timeZone: string;
  /** The next booking on the overview: larger, on the brand colour. */
  featured?: boolean;
  /** The title links to the booking's own page (not on that page itself). */
  linkTitle?: boolean;
  /** 3 in lists under a section's heading; 2 on the booking's own page. */
  headingLevel?: 2 | 3;
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  const now = useNow(CLOCK_TICK_MS);
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | null>(null);
  const change = booking.clientChange;
  const canJoin = joinLinkOpen(booking, now);
  // Back from paying this booking: its confirmation is on its way, so no second "Pay now".
  const [params] = useSearchParams();
  const returning = readPaymentReturn(params);
  const confirming = returning?.outcome === 'success' && returning.bookingId === booking.id;

  return (
    <article
      aria-labelledby={titleId}
      className={`flex flex-col gap-4 rounded-2xl border p-5 sm:p-6 ${
        featured ? 'border-brand/40 bg-brand-soft shadow-sm' : 'border-line bg-surface'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Title id={titleId} className="text-lg font-semibold wrap-anywhere text-ink">
            {linkTitle ? (
              <Link
                to={clientBookingPath(booking.id)}
                className="underline-offset-4 hover:text-brand hover:underline"
              >
                {booking.service.title}
              </Link>
            ) : (
              booking.service.title
            )}
          </Title>
          <p
            className={`mt-1 font-semibold text-brand ${featured ? 'text-xl sm:text-2xl' : 'text-base'}`}
          >
            {formatDateTime(booking.start, timeZone)} to {formatTime(booking.end, timeZone)}
          </p>
          <p className="text-sm text-muted">Times in {zoneName(timeZone)}</p>
          <BookingReference reference={booking.reference} className="text-sm text-ink" />
        </div>
        <StateBadge state={booking.state} />
      </div>

      <div className="flex flex-col gap-2 text-base text-ink">
        <MeetingDetails booking={booking} />
        {booking.state === 'pending_payment' && confirming ? (
          <p className="rounded-lg bg-accent-soft px-3 py-2 text-sm text-ink">
            <strong>Payment being confirmed:</strong> this booking is confirmed as soon as Stripe
            tells us your payment arrived.
          </p>
        ) : booking.state === 'pending_payment' ? (
          <div className="flex flex-col gap-3 rounded-lg bg-accent-soft px-3 py-3 text-sm text-ink sm:flex-row sm:items-center sm:justify-between">
            <p>
              <strong>Not paid yet</strong> — pay {formatPrice(booking)} by card to confirm it.{' '}
              {booking.holdUntil
                ? holdEndText(booking.holdUntil, timeZone, now)
                : 'We hold this time for you while you pay.'}
            </p>
            <PayNowButton bookingId={booking.id} className="shrink-0" />
          </div>
        ) : hasManualPaymentDue(booking) ? (
          <PaymentInstructions booking={booking} headingLevel={headingLevel === 2 ? 3 : 4} />
        ) : booking.credit ? (
          <p className="rounded-lg bg-brand-soft px-3 py-2 text-sm text-ink">
            <strong>{PAID_BY_CREDIT_TEXT}:</strong> nothing to pay. Cancel in time and the credit
            comes back.
          </p>
        ) : booking.paymentDue ? (
          <p className="rounded-lg bg-accent-soft px-3 py-2 text-sm text-ink">
            <strong>Payment due:</strong> {formatPrice(booking)} before the session.{' '}
            {NO_PAYMENT_INSTRUCTIONS_TEXT}
          </p>
        ) : booking.payment ? (
          <PaymentLine payment={booking.payment} />
        ) : null}
        {booking.notes && (
          <p className="text-sm text-muted">
            <span className="font-semibold">Your notes:</span> {booking.notes}
          </p>
        )}
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {canJoin && booking.meetingUrl ? (
          <a
            href={booking.meetingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('primary')}
          >
            Join the meeting<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        <AddToCalendarButton bookingId={booking.id} />
        <Button
          variant="secondary"
          disabled={!change.allowed}
          onClick={() => setDialog('reschedule')}
        >
          Reschedule
        </Button>
        <Button variant="secondary" disabled={!change.allowed} onClick={() => setDialog('cancel')}>
          Cancel booking
        </Button>
      </div>
      <p className="text-sm text-muted">
        {change.allowed
          ? `You can reschedule or cancel until ${formatDateTime(change.cutoffAt, timeZone)}.`
          : (change.reason ?? 'This booking can no longer be changed online.')}
        {booking.service.meetingMode === 'video' && !canJoin
          ? ` The join button appears ${JOIN_LINK_OPENS_MINUTES} minutes before the start.`
          : ''}
      </p>
      {change.allowed && booking.state === 'confirmed' && (
        <p className="text-sm text-muted">
          Hoping for an earlier time?{' '}
          <Link
            to={`${consultationPathFor(booking.service.slug)}&waitlistBefore=${dateInZone(booking.start, timeZone)}#waitlist`}
            className="font-semibold text-brand underline underline-offset-4"
          >
            Tell me if one frees up
          </Link>
        </p>
      )}

      <CancelBookingDialog
        booking={booking}
        timeZone={timeZone}
        open={dialog === 'cancel'}
        onClose={() => setDialog(null)}
      />
      <RescheduleDialog
        booking={booking}
        timeZone={timeZone}
        open={dialog === 'reschedule'}
        onClose={() => setDialog(null)}
      />
    </article>
  );
}

/** A booking's payment once it is settled: its status, the amount, refunds and the receipt. */
function PaymentLine({ payment }: { payment: BookingPayment }) {
  const money = (minor: number) => formatMoney(minor, payment.currency);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="font-semibold">Payment:</span>
      <PaymentStatusBadge status={payment.status} />
      <span className="tabular-nums">{money(payment.amountMinor)}</span>
      {payment.refundedMinor > 0 && (
        <span className="tabular-nums">· {money(payment.refundedMinor)} refunded</span>
      )}
      {payment.refundPendingMinor > 0 && (
        <Pill tone="bg-accent-soft text-ink">
          {payment.provider === 'manual'
            ? `Refund owed: ${money(payment.refundPendingMinor)}, to be sent to you`
            : `Refund pending: ${money(payment.refundPendingMinor)}`}
        </Pill>
      )}
      {payment.receiptNumber && (
        <Link
          to={receiptPath(payment.id)}
          className="font-semibold text-brand underline underline-offset-4 hover:text-brand-strong"
        >
          Receipt {payment.receiptNumber}
          {hasVoidReceipt(payment) ? ' (VOID)' : ''}
        </Link>
      )}
    </p>
  );
}

/** The notice at the top of /dash/bookings after Stripe Checkout sends the client back. */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CHECKOUT_RETURN_TEXT, paths, type BookingRecord } from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useNow } from '../../../hooks/use-now';
import { useMailDelivered } from '../../../lib/site-brand-api';
import { useGetUpcomingBookingsQuery } from '../api/my-bookings-api';
import { PayNowButton } from '../checkout/pay-now-button';
import { formatDateTime } from '../../../lib/date-time';
import { holdEndText } from './booking-timing';
import {
  PAYMENT_POLL_FAST_MS,
  paymentPollInterval,
  paymentReturnState,
  readPaymentReturn,
  type PaymentReturn,
  type PaymentReturnState,
} from './payment-return';

export function PaymentReturnNotice({ timeZone }: { timeZone: string }) {
  const [params, setParams] = useSearchParams();
  const payment = readPaymentReturn(params);
  if (!payment) return null;
  const dismiss = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('payment');
        next.delete('booking');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  // A new return (another booking) starts its own wait.
  return (
    <ReturnNotice
      key={`${payment.outcome}:${payment.bookingId}`}
      payment={payment}
      timeZone={timeZone}
      onDismiss={dismiss}
    />
  );
}

function ReturnNotice({
  payment,
  timeZone,
  onDismiss,
}: {
  payment: PaymentReturn;
  timeZone: string;
  onDismiss: () => void;
}) {
  const [openedAt] = useState(() => Date.now());
  const now = useNow(PAYMENT_POLL_FAST_MS);
  const { data, isFetching, refetch } = useGetUpcomingBookingsQuery();
  const booking = data?.find((candidate) => candidate.id === payment.bookingId);
  const state = paymentReturnState({
    outcome: payment.outcome,
    booking,
    loaded: data !== undefined,
    waitedMs: now - openedAt,
  });
  // A second subscription to the same list: it only adds the polling while the state asks for it.
  useGetUpcomingBookingsQuery(undefined, { pollingInterval: paymentPollInterval(state) });

  const mailDelivered = useMailDelivered() !== false;
  const { title, body } = noticeText(state, booking, timeZone, now, mailDelivered);
  return (
    // One Alert whose words change in place, so screen readers announce each step.
    <Alert tone={state === 'received' ? 'success' : 'info'} title={title}>
      <p className="text-base">{body}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {state === 'held' && booking && <PayNowButton bookingId={booking.id} />}
        {state === 'released' && (
          <Link to={paths.consultation} className={buttonClasses('primary')}>
            Book a consultation
          </Link>
        )}
        {(state === 'slow' || state === 'waiting') && (
          <Button variant="secondary" disabled={isFetching} onClick={() => void refetch()}>
            {isFetching ? 'Checking...' : 'Check again'}
          </Button>
        )}
        {state !== 'confirming' && state !== 'checking' && (
          <Button variant="ghost" onClick={onDismiss}>
            Close this notice
          </Button>
        )}
      </div>
    </Alert>
  );
}

function noticeText(
  state: PaymentReturnState,
  booking: BookingRecord | undefined,
  timeZone: string,
  now: number,
  mailDelivered: boolean,
): { title: string; body: string } {
  const what = booking
    ? `${booking.service.title} on ${formatDateTime(booking.start, timeZone)}`
    : 'Your booking';
  switch (state) {
    case 'received':
      return {
        title: 'Payment received',
        body: mailDelivered
          ? `${what} is confirmed. Your receipt is on its way by e-mail.`
          : `${what} is confirmed. Your receipt is under Payments.`,
      };
    case 'confirming':
      return CHECKOUT_RETURN_TEXT.confirming;
    case 'slow':
      return CHECKOUT_RETURN_TEXT.slow;
    case 'waiting':
      return CHECKOUT_RETURN_TEXT.waiting(mailDelivered);
    case 'checking':
      return { title: 'The payment was not completed', body: 'Checking your booking...' };
    case 'held':
      return {
        title: 'The payment was not completed',
        body: `Nothing was charged. ${
          booking?.holdUntil
            ? holdEndText(booking.holdUntil, timeZone, now)
            : 'Your time is still held for you.'
        } Pay now to keep ${what}.`,
      };
    case 'released':
      return {
        title: 'The payment was not completed',
        body: 'Nothing was charged, and this time is no longer held for you. Choose a time again to book.',
      };
  }
}

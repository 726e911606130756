/** Asks before cancelling, with an optional reason that goes into the mails. */
import { useState } from 'react';
import { toast } from 'sonner';
import { BOOKING_CANCEL_REASON_MAX, formatMoney, type BookingRecord } from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, inputClasses } from '../../../components/ui/field';
import { formatDateTime, zoneName } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/problem';
import { useMailDelivered } from '../../../lib/site-brand-api';
import { useCancelBookingMutation } from '../api/my-bookings-api';
import { useCancelSeriesMutation } from '../api/series-api';
import { SeriesScopeField } from '../series-scope-field';

export function CancelBookingDialog({
  booking,
  timeZone,
  open,
  onClose,
}: {
  booking: BookingRecord;
  timeZone: string;
  open: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const mailDelivered = useMailDelivered();
  const [cancel, single] = useCancelBookingMutation();
  const [cancelSeries, following] = useCancelSeriesMutation();
  // A session of a series (issue 25): this one only, or this one and the following.
  const [withFollowing, setWithFollowing] = useState(false);
  const { error, isLoading } = withFollowing ? following : single;

  const close = () => {
    single.reset();
    following.reset();
    onClose();
  };
  const onConfirm = async () => {
    const result =
      withFollowing && booking.seriesId
        ? await cancelSeries({ id: booking.seriesId, from: booking.id, reason })
        : await cancel({ id: booking.id, reason });
    if ('data' in result) {
      toast.success(
        mailDelivered === false
          ? 'Your booking is cancelled. No confirmation e-mail could be sent right now.'
          : 'Your booking is cancelled. A confirmation is on its way by e-mail.',
      );
      close();
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title="Cancel this booking?"
      confirmLabel="Cancel booking"
      dismissLabel="Keep booking"
      busyLabel="Cancelling..."
      busy={isLoading}
      tone="danger"
      onConfirm={() => void onConfirm()}
      onClose={close}
    >
      <div className="flex flex-col gap-4">
        <p>
          {booking.service.title} on {formatDateTime(booking.start, timeZone)} ({zoneName(timeZone)}
          ). The time is freed for others and you get a cancellation e-mail.
        </p>
        {booking.seriesId && (
          <SeriesScopeField withFollowing={withFollowing} onChange={setWithFollowing}>
            {withFollowing && (
              <p className="mt-2 text-sm text-muted">
                Each session is refunded or its credit given back by its own date; sessions already
                too close to cancel stay booked.
              </p>
            )}
          </SeriesScopeField>
        )}
        <RefundLine payment={booking.payment} />
        {error && <Alert tone="error">{errorMessage(error)}</Alert>}
        <Field
          label="Reason (optional)"
          hint="Shared with your consultant."
          length={reason.length}
          maxLength={BOOKING_CANCEL_REASON_MAX}
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              rows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className={inputClasses}
            />
          )}
        </Field>
      </div>
    </ConfirmDialog>
  );
}

/** What cancelling does to the booking's payment, said before the click. */
function RefundLine({ payment }: { payment: BookingRecord['payment'] }) {
  if (!payment) return null;
  const money = (minor: number) => formatMoney(minor, payment.currency);
  const received = payment.status === 'paid' || payment.status === 'partially_refunded';
  return (
    <Alert tone="info" title="Your payment">
      {!received
        ? `Nothing has been paid yet: the payment of ${money(payment.amountMinor)} is cancelled with the booking.`
        : payment.refundOnCancelMinor > 0
          ? payment.provider === 'manual'
            ? `You get ${money(payment.refundOnCancelMinor)} back of the ${money(payment.amountMinor)} you paid: the business sends it to you by hand, and you get an e-mail once it has been sent.`
            : `You get ${money(payment.refundOnCancelMinor)} back of the ${money(payment.amountMinor)} you paid, returned to your card.`
          : `No refund: cancelling now gives nothing back of the ${money(payment.amountMinor)} you paid.`}
    </Alert>
  );
}

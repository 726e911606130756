/** Asks before cancelling, with an optional reason that goes into the mails. */
import { useState } from 'react';
import { toast } from 'sonner';
import { BOOKING_CANCEL_REASON_MAX, type BookingRecord } from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, inputClasses } from '../../../components/ui/field';
import { formatDateTime, zoneName } from '../time/date-time';
import { errorMessage } from '../../../lib/problem';
import { useCancelBookingMutation } from '../api/my-bookings-api';

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
  const [cancel, { error, isLoading, reset }] = useCancelBookingMutation();

  const close = () => {
    reset();
    onClose();
  };
  const onConfirm = async () => {
    const result = await cancel({ id: booking.id, reason });
    if ('data' in result) {
      toast.success('Your booking is cancelled. A confirmation is on its way by e-mail.');
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
        {error && <Alert tone="error">{errorMessage(error)}</Alert>}
        <Field label="Reason (optional)" hint="Shared with your consultant.">
          {({ id, describedBy }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              rows={2}
              maxLength={BOOKING_CANCEL_REASON_MAX}
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

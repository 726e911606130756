/** Moves a booking to another free time with the same picker as booking; the old time stays until then. */
import { useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import { toast } from 'sonner';
import { BOOKING_MESSAGES, type BookingRecord } from '@consult/shared';
import { NearestSlots, readNearestSlots, SlotPicker } from '../slot-picker';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useModalDialog } from '../../../hooks/use-modal-dialog';
import { api } from '../../../lib/api';
import { formatDateTime, zoneName } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/problem';
import { useMailDelivered } from '../../../lib/site-brand-api';
import { useRescheduleBookingMutation } from '../api/my-bookings-api';

export function RescheduleDialog({
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
  const titleId = useId();
  const [reschedule, { isLoading, reset }] = useRescheduleBookingMutation();
  const close = () => {
    if (isLoading) return;
    reset();
    onClose();
  };
  const dialog = useModalDialog(open, close);

  return (
    <dialog
      {...dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1rem)] max-w-3xl overflow-y-auto rounded-2xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-ink/50 sm:w-[calc(100%-2rem)]"
    >
      {/* The picker (and its availability request) exists only while the dialog is open. */}
      {open && (
        <RescheduleForm
          booking={booking}
          initialZone={timeZone}
          titleId={titleId}
          reschedule={reschedule}
          onClose={close}
          busy={isLoading}
        />
      )}
    </dialog>
  );
}

function RescheduleForm({
  booking,
  initialZone,
  titleId,
  reschedule,
  onClose,
  busy,
}: {
  booking: BookingRecord;
  initialZone: string;
  titleId: string;
  reschedule: ReturnType<typeof useRescheduleBookingMutation>[0];
  onClose: () => void;
  busy: boolean;
}) {
  const [timeZone, setTimeZone] = useState(initialZone);
  const mailDelivered = useMailDelivered();
  const [start, setStart] = useState<string | null>(null);
  const [error, setError] = useState<Parameters<typeof readNearestSlots>[0]>(undefined);
  const nearest = readNearestSlots(error);
  const dispatch = useDispatch();

  const choose = (next: string | null) => {
    setError(undefined);
    setStart(next);
  };
  const onConfirm = async () => {
    if (!start) return;
    setError(undefined);
    const result = await reschedule({ id: booking.id, start });
    if (!('data' in result) || !result.data) {
      setError(result.error);
      // The month on screen may be stale when the time was taken: fetch it again.
      if (readNearestSlots(result.error)) dispatch(api.util.invalidateTags(['Booking']));
    } else {
      toast.success(
        `Moved to ${formatDateTime(result.data.start, timeZone)} (${zoneName(timeZone)}). ${mailDelivered === false ? 'No updated invite could be e-mailed right now.' : 'An updated invite is on its way.'}`,
      );
      onClose();
    }
  };

  return (
    <div className="flex flex-col gap-5 p-4 sm:p-6">
      <div>
        <h2 id={titleId} className="font-display text-2xl text-brand">
          Reschedule {booking.service.title}
        </h2>
        <p className="mt-1 text-base text-muted">
          Now: {formatDateTime(booking.start, timeZone)} ({zoneName(timeZone)}). Your current time
          stays booked until the new one is confirmed.
        </p>
      </div>
      <SlotPicker
        service={booking.service.slug}
        timeZone={timeZone}
        onTimeZoneChange={setTimeZone}
        value={start}
        onChange={choose}
      />
      <div aria-live="polite">
        {nearest ? (
          <Alert tone="error" title={BOOKING_MESSAGES.slotTaken}>
            <NearestSlots slots={nearest} timeZone={timeZone} onChoose={choose} />
          </Alert>
        ) : error ? (
          <Alert tone="error">{errorMessage(error)}</Alert>
        ) : start ? (
          <p className="rounded-xl border border-brand/30 bg-brand-soft p-4 text-base font-semibold text-ink">
            New time: {formatDateTime(start, timeZone)} ({zoneName(timeZone)})
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          Keep the current time
        </Button>
        <Button disabled={!start || busy} onClick={() => void onConfirm()}>
          {busy ? 'Moving...' : 'Move to this time'}
        </Button>
      </div>
    </div>
  );
}

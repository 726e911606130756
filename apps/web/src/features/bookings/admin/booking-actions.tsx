/**
 * The owner's quick actions on one booking: attendance, payment and cancelling with a reason. Which
 * ones show is the server's answer (`ownerActions`).
 */
import { adminPaymentPath, MINUTE_MS, type AdminBookingDetail } from '@consult/shared';
import { Link } from 'react-router';
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { toast } from 'sonner';
import { useNow } from '../../../hooks/use-now';
import { cancelBookingSchema, type AdminBookingRecord } from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, inputClasses } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/problem';
import { useMailDelivered } from '../../../lib/site-brand-api';
import {
  adminBookingsApi,
  useCancelAdminBookingMutation,
  useChangeAdminBookingStateMutation,
  type BookingStateAction,
} from '../api/admin-bookings-api';
import { useCancelAdminSeriesMutation } from '../api/series-api';
import { SeriesScopeField } from '../series-scope-field';

const DONE: Record<BookingStateAction, string> = {
  complete: 'marked completed',
  'no-show': 'marked as a no-show',
};

export function BookingActions({
  booking,
  label,
  size = 'normal',
  children,
}: {
  /** With its payment (the detail), "Mark paid" leads to the payment, which asks how and when. */
  booking: AdminBookingRecord | AdminBookingDetail;
  /** Who and when, for the toasts and the dialog: "Jane Doe, Tue 10 Mar 14:00". */
  label: string;
  size?: 'normal' | 'compact';
  /** More buttons in the same row (e.g. "Reschedule", "Open"). */
  children?: React.ReactNode;
}) {
  const allowed = booking.ownerActions;
  useRefreshWhenStarted(booking);
  const [change, changeState] = useChangeAdminBookingStateMutation();
  const [cancelling, setCancelling] = useState(false);
  const compact = size === 'compact' ? 'min-h-10 px-3 py-1.5 text-sm' : '';

  const run = async (action: BookingStateAction) => {
    const result = await change({ id: booking.id, action });
    if ('error' in result) toast.error(errorMessage(result.error));
    else toast.success(`${label}: ${DONE[action]}.`);
  };

  return (
    <div className="flex flex-wrap gap-2">
      {allowed.complete && (
        <Button
          variant="secondary"
          className={compact}
          disabled={changeState.isLoading}
          onClick={() => void run('complete')}
        >
          Mark completed
        </Button>
      )}
      {allowed.noShow && (
        <Button
          variant="secondary"
          className={compact}
          disabled={changeState.isLoading}
          onClick={() => void run('no-show')}
        >
          Mark no-show
        </Button>
      )}
      {allowed.paid && 'payment' in booking && booking.payment && (
        <Link
          to={adminPaymentPath(booking.payment.id)}
          className={buttonClasses('secondary', compact)}
        >
          Mark paid…
        </Link>
      )}
      {children}
      {allowed.cancel && (
        <Button variant="danger" className={compact} onClick={() => setCancelling(true)}>
          Cancel booking
        </Button>
      )}
      {cancelling && (
        <CancelDialog booking={booking} label={label} onClose={() => setCancelling(false)} />
      )}
    </div>
  );
}

/**
 * The server's answer changes when the meeting starts (attendance can be marked from then on): a
 * booking that starts while it is on screen is asked for again at that moment.
 */
function useRefreshWhenStarted(booking: AdminBookingRecord) {
  const dispatch = useDispatch();
  const now = useNow(MINUTE_MS);
  const start = Date.parse(booking.start);
  const [startedWhenShown] = useState(() => start <= Date.now());
  const started = start <= now;
  useEffect(() => {
    if (started && !startedWhenShown) {
      dispatch(adminBookingsApi.util.invalidateTags([{ type: 'Booking', id: booking.id }]));
    }
  }, [dispatch, started, startedWhenShown, booking.id]);
}

function CancelDialog({
  booking,
  label,
  onClose,
}: {
  booking: AdminBookingRecord;
  label: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const mailDelivered = useMailDelivered();
  const [cancel, single] = useCancelAdminBookingMutation();
  const [cancelSeries, following] = useCancelAdminSeriesMutation();
  // A session of a series (issue 25): this one only, or this one and the following.
  const [withFollowing, setWithFollowing] = useState(false);
  const { error, isLoading } = withFollowing ? following : single;

  const confirm = async () => {
    const parsed = cancelBookingSchema.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const why = parsed.data.reason ?? undefined;
    const result =
      withFollowing && booking.seriesId
        ? await cancelSeries({ id: booking.seriesId, from: booking.id, reason: why })
        : await cancel({ id: booking.id, reason: why });
    if ('error' in result) return;
    toast.success(
      `${label}: cancelled. ${mailDelivered === false ? "Mail is not being delivered: the client's mail is in the outbox (System → Outbox)." : 'The client is told by e-mail.'}`,
    );
    onClose();
  };

  return (
    <ConfirmDialog
      open
      title="Cancel this booking?"
      confirmLabel="Cancel booking"
      busyLabel="Cancelling..."
      busy={isLoading}
      dismissLabel="Keep booking"
      tone="danger"
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <div className="flex flex-col gap-4">
        <p>
          {label} ({booking.service.title}) will be cancelled and the time freed. The client gets an
          e-mail with the cancellation.
        </p>
        {booking.seriesId && (
          <SeriesScopeField withFollowing={withFollowing} onChange={setWithFollowing} />
        )}
        <Field
          label="Reason (optional)"
          hint="Included in the client's e-mail and the booking's history."
          error={invalid ?? undefined}
        >
          {({ id, describedBy, invalid: isInvalid }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              aria-invalid={isInvalid || undefined}
              rows={3}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setInvalid(null);
              }}
              className={inputClasses}
            />
          )}
        </Field>
        {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      </div>
    </ConfirmDialog>
  );
}

import { BOOKING_STATE_LABELS, type AdminBookingRecord, type BookingState } from '@consult/shared';
import { isOpen } from './open-bookings';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

const stateTones: Record<BookingState, string> = {
  pending_payment: 'bg-accent-soft text-ink',
  confirmed: 'bg-brand-soft text-brand-strong',
  completed: 'bg-success-soft text-success',
  no_show: 'bg-danger-soft text-danger',
  cancelled: 'border border-line bg-paper text-muted',
  expired: 'border border-line bg-paper text-muted',
};

/** The booking's state and, while money is owed, "Payment due". */
export function BookingBadges({ booking }: { booking: AdminBookingRecord }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={`${badge} ${stateTones[booking.state]}`}>
        {BOOKING_STATE_LABELS[booking.state]}
      </span>
      {booking.paymentDue && isOpen(booking) && (
        <span className={`${badge} bg-accent text-white`}>Payment due</span>
      )}
    </span>
  );
}

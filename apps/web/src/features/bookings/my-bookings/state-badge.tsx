import { BOOKING_STATE_LABELS, type BookingState } from '@consult/shared';

const tones: Record<BookingState, string> = {
  pending_payment: 'bg-accent-soft text-ink',
  confirmed: 'bg-success-soft text-success',
  completed: 'bg-brand-soft text-brand-strong',
  no_show: 'bg-danger-soft text-danger',
  cancelled: 'bg-line/60 text-ink',
  expired: 'bg-line/60 text-ink',
};

/** A booking's state as a small label. */
export function StateBadge({ state }: { state: BookingState }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${tones[state]}`}
    >
      {BOOKING_STATE_LABELS[state]}
    </span>
  );
}

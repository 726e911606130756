import { BOOKING_STATE_LABELS, type BookingState } from '@consult/shared';
import { Pill } from '../../../components/ui/pill';

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
  return <Pill tone={tones[state]}>{BOOKING_STATE_LABELS[state]}</Pill>;
}

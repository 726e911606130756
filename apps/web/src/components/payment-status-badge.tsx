import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@consult/shared';
import { Pill } from './ui/pill';

const tones: Record<PaymentStatus, string> = {
  pending: 'bg-accent-soft text-ink',
  paid: 'bg-success-soft text-success',
  partially_refunded: 'bg-brand-soft text-brand-strong',
  refunded: 'bg-line/60 text-ink',
  failed: 'bg-danger-soft text-danger',
  cancelled: 'bg-line/60 text-ink',
};

/** A payment's status as a small label. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Pill tone={tones[status]}>{PAYMENT_STATUS_LABELS[status]}</Pill>;
}

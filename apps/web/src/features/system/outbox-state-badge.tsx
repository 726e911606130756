import type { OutboxState } from '@consult/shared';
import { Pill } from '../../components/ui/pill';

const LABELS: Record<OutboxState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  not_delivered: 'Not delivered',
};
const TONES: Record<OutboxState, string> = {
  queued: 'bg-accent-soft text-ink',
  sent: 'bg-success-soft text-success',
  failed: 'bg-danger-soft text-danger',
  not_delivered: 'bg-danger-soft text-danger',
};

export const OUTBOX_STATE_LABELS = LABELS;

export function OutboxStateBadge({ state }: { state: OutboxState }) {
  return <Pill tone={TONES[state]}>{LABELS[state]}</Pill>;
}

import { MESSAGE_STATE_LABELS, type MessageState } from '@consult/shared';
import { Pill } from '../../components/ui/pill';

const tones: Record<MessageState, string> = {
  new: 'bg-accent-soft text-ink',
  handled: 'bg-line/60 text-ink',
};

export function MessageStateBadge({ state }: { state: MessageState }) {
  return <Pill tone={tones[state]}>{MESSAGE_STATE_LABELS[state]}</Pill>;
}

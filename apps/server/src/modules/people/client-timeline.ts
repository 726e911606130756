/**
 * A client's timeline: the moments of their bookings, payments, tasks, contact messages and the
 * owner's notes, as one list newest first. Plain functions over the rows the record has read.
 */
import {
  BOOKING_STATE_LABELS,
  compareTimelineEntries,
  formatMoney,
  type BookingState,
  type TimelineEntry,
} from '@consult/shared';

export interface TimelineSources {
  bookingEvents: {
    id: number;
    bookingId: string;
    action: string;
    fromState: string | null;
    toState: string | null;
    actorType: 'client' | 'owner' | 'system';
    createdAt: Date;
    serviceTitle: string;
  }[];
  payments: {
    id: string;
    /** A package purchase's payment reads as one; a booking's (the default) as a payment. */
    purpose?: 'booking' | 'package';
    amountMinor: number;
    currency: string;
    receiptNumber: string | null;
    paidAt: Date | null;
    createdAt: Date;
  }[];
  refunds: {
    id: number;
    paymentId: string;
    amountMinor: number;
    currency: string;
    /** A manual payment's pending refund is owed by the owner, not on its way. */
    provider?: 'manual' | 'stripe';
    status: 'pending' | 'succeeded' | 'failed';
    createdAt: Date;
  }[];
  tasks: { id: string; title: string; createdAt: Date; completedAt: Date | null }[];
  messages: { id: string; type: string; message: string; createdAt: Date }[];
  notes: { id: string; text: string; createdAt: Date }[];
}

const BOOKING_ACTION_TITLES: Record<string, string> = {
  created: 'Booked',
  cancelled: 'Cancelled',
  rescheduled: 'Rescheduled',
  completed: 'Completed',
  no_show: 'Marked no-show',
  paid: 'Marked paid',
  expired: 'Hold expired',
  reminder_sent: 'Reminder sent',
};

const ACTORS = { client: 'by the client', owner: 'by you', system: 'automatically' } as const;

const REFUND_STATUS_WORDS = { pending: 'pending', succeeded: 'sent', failed: 'failed' } as const;

/** The first line of a text, cut to `max` characters. */
export function excerpt(text: string, max = 120): string {
  const line = text.split('\n', 1)[0]!.trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function stateLabel(state: string | null): string | null {
  return state && state in BOOKING_STATE_LABELS
    ? BOOKING_STATE_LABELS[state as BookingState]
    : state;
}

export function buildTimeline(sources: TimelineSources, limit: number): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const event of sources.bookingEvents) {
    const from = stateLabel(event.fromState);
    const to = stateLabel(event.toState);
    const change = from && to && from !== to ? `${from} → ${to}` : to && !from ? to : null;
    entries.push({
      id: `booking-event:${event.id}`,
      at: event.createdAt.toISOString(),
      kind: 'booking',
      title: `${BOOKING_ACTION_TITLES[event.action] ?? event.action.replace(/_/g, ' ')}: ${event.serviceTitle}`,
      summary: [change, ACTORS[event.actorType]].filter(Boolean).join(', '),
      targetId: event.bookingId,
    });
  }
  for (const payment of sources.payments) {
    const amount = formatMoney(payment.amountMinor, payment.currency);
    const what = payment.purpose === 'package' ? 'Package payment' : 'Payment';
    entries.push({
      id: `payment-opened:${payment.id}`,
      at: payment.createdAt.toISOString(),
      kind: 'payment',
      title: `${what} of ${amount} opened`,
      summary: null,
      targetId: payment.id,
    });
    if (payment.paidAt) {
      entries.push({
        id: `payment-paid:${payment.id}`,
        at: payment.paidAt.toISOString(),
        kind: 'payment',
        title: `${what} of ${amount} received`,
        summary: payment.receiptNumber ? `Receipt ${payment.receiptNumber}` : null,
        targetId: payment.id,
      });
    }
  }
  for (const refund of sources.refunds) {
    entries.push({
      id: `refund:${refund.id}`,
      at: refund.createdAt.toISOString(),
      kind: 'payment',
      title: `Refund of ${formatMoney(refund.amountMinor, refund.currency)}`,
      summary:
        refund.provider === 'manual' && refund.status === 'pending'
          ? 'Refund owed: not sent yet'
          : `Refund ${REFUND_STATUS_WORDS[refund.status]}`,
      targetId: refund.paymentId,
    });
  }
  for (const task of sources.tasks) {
    entries.push({
      id: `task-created:${task.id}`,
      at: task.createdAt.toISOString(),
      kind: 'task',
      title: `Task assigned: ${task.title}`,
      summary: null,
      targetId: task.id,
    });
    if (task.completedAt) {
      entries.push({
        id: `task-done:${task.id}`,
        at: task.completedAt.toISOString(),
        kind: 'task',
        title: `Task done: ${task.title}`,
        summary: null,
        targetId: task.id,
      });
    }
  }
  for (const message of sources.messages) {
    entries.push({
      id: `message:${message.id}`,
      at: message.createdAt.toISOString(),
      kind: 'message',
      title: `${message.type} message received`,
      summary: excerpt(message.message),
      targetId: message.id,
    });
  }
  for (const note of sources.notes) {
    entries.push({
      id: `note:${note.id}`,
      at: note.createdAt.toISOString(),
      kind: 'note',
      title: 'Private note added',
      summary: excerpt(note.text),
      targetId: note.id,
    });
  }
  return entries.sort(compareTimelineEntries).slice(0, limit);
}

import { describe, expect, it } from 'vitest';
import { buildTimeline, excerpt, type TimelineSources } from './client-timeline';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 25, 12, minutes));
const none: TimelineSources = {
  bookingEvents: [],
  payments: [],
  refunds: [],
  tasks: [],
  messages: [],
  notes: [],
};

describe('buildTimeline', () => {
  it('merges every source newest first and keeps the newest `limit` entries', () => {
    const timeline = buildTimeline(
      {
        ...none,
        bookingEvents: [
          {
            id: 7,
            bookingId: 'b1',
            action: 'cancelled',
            fromState: 'confirmed',
            toState: 'cancelled',
            actorType: 'client',
            createdAt: at(30),
            serviceTitle: 'Intro call',
          },
        ],
        payments: [
          {
            id: 'p1',
            amountMinor: 5000,
            currency: 'USD',
            receiptNumber: 'R-1',
            paidAt: at(20),
            createdAt: at(10),
          },
        ],
        tasks: [{ id: 't1', title: 'Send papers', createdAt: at(5), completedAt: null }],
        notes: [{ id: 'n1', text: 'First line\nsecond line', createdAt: at(40) }],
      },
      4,
    );
    expect(timeline.map((e) => [e.id, e.title, e.summary])).toEqual([
      ['note:n1', 'Private note added', 'First line'],
      ['booking-event:7', 'Cancelled: Intro call', 'Confirmed → Cancelled, by the client'],
      ['payment-paid:p1', 'Payment of $50.00 received', 'Receipt R-1'],
      ['payment-opened:p1', 'Payment of $50.00 opened', null],
    ]);
  });

  it('names a package purchase’s payment as one, pointing at the payment itself', () => {
    const timeline = buildTimeline(
      {
        ...none,
        payments: [
          {
            id: 'p2',
            purpose: 'package',
            amountMinor: 10000,
            currency: 'USD',
            receiptNumber: '2026-0002',
            paidAt: at(20),
            createdAt: at(10),
          },
        ],
      },
      4,
    );
    expect(timeline.map((e) => [e.id, e.title, e.targetId])).toEqual([
      ['payment-paid:p2', 'Package payment of $100.00 received', 'p2'],
      ['payment-opened:p2', 'Package payment of $100.00 opened', 'p2'],
    ]);
  });

  it('orders entries of the same moment the same way every time', () => {
    const sources = {
      ...none,
      messages: [
        { id: 'm1', type: 'General', message: 'Hi', createdAt: at(1) },
        { id: 'm2', type: 'General', message: 'Hi again', createdAt: at(1) },
      ],
    };
    expect(buildTimeline(sources, 10).map((e) => e.id)).toEqual(['message:m2', 'message:m1']);
  });
});

describe('excerpt', () => {
  it('keeps the first line and cuts it with an ellipsis', () => {
    expect(excerpt('  Hello  \nworld')).toBe('Hello');
    expect(excerpt('x'.repeat(130), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

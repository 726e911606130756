import { describe, expect, it } from 'vitest';
import type { BookingRecord } from '@consult/shared';
import {
  PAYMENT_POLL_FAST_FOR_MS,
  PAYMENT_POLL_FAST_MS,
  PAYMENT_POLL_GIVE_UP_MS,
  PAYMENT_POLL_SLOW_MS,
  paymentPollInterval,
  paymentReturnState,
  readPaymentReturn,
} from './payment-return';

const payment = {
  id: 'p1',
  status: 'pending',
  provider: 'stripe',
  amountMinor: 12000,
  refundedMinor: 0,
  refundPendingMinor: 0,
  currency: 'USD',
  receiptNumber: null,
  refundOnCancelMinor: 0,
} as const;
const waiting = {
  id: 'b1',
  state: 'pending_payment',
  holdUntil: '2026-03-09T09:32:00.000Z',
  payment,
} as BookingRecord;
const paid = {
  ...waiting,
  state: 'confirmed',
  holdUntil: null,
  payment: { ...payment, status: 'paid' },
} as BookingRecord;

describe('coming back from Stripe Checkout', () => {
  it('reads the outcome and the booking from the address, and nothing else', () => {
    const read = (query: string) => readPaymentReturn(new URLSearchParams(query));
    expect(read('payment=success&booking=b1')).toEqual({ outcome: 'success', bookingId: 'b1' });
    expect(read('payment=cancelled&booking=b1')).toEqual({
      outcome: 'cancelled',
      bookingId: 'b1',
    });
    expect(read('payment=success')).toBeNull();
    expect(read('payment=maybe&booking=b1')).toBeNull();
    expect(read('past=2')).toBeNull();
  });

  it('asks every 2 s for 20 s after a payment, then less often, then stops', () => {
    const after = (waitedMs: number) =>
      paymentReturnState({ outcome: 'success', booking: waiting, loaded: true, waitedMs });
    expect(after(0)).toBe('confirming');
    expect(after(PAYMENT_POLL_FAST_FOR_MS - 1)).toBe('confirming');
    expect(after(PAYMENT_POLL_FAST_FOR_MS)).toBe('slow');
    expect(after(PAYMENT_POLL_GIVE_UP_MS)).toBe('waiting');
    expect(paymentPollInterval('confirming')).toBe(PAYMENT_POLL_FAST_MS);
    expect(PAYMENT_POLL_FAST_MS).toBe(2_000);
    expect(PAYMENT_POLL_FAST_FOR_MS).toBe(20_000);
    expect(paymentPollInterval('slow')).toBe(PAYMENT_POLL_SLOW_MS);
    expect(paymentPollInterval('waiting')).toBe(0);
  });

  it('stops asking once the booking is paid or confirmed, however late', () => {
    for (const waitedMs of [0, PAYMENT_POLL_FAST_FOR_MS, PAYMENT_POLL_GIVE_UP_MS]) {
      expect(
        paymentReturnState({ outcome: 'success', booking: paid, loaded: true, waitedMs }),
      ).toBe('received');
    }
    const confirmedOnly = { ...waiting, state: 'confirmed' } as BookingRecord;
    expect(
      paymentReturnState({ outcome: 'success', booking: confirmedOnly, loaded: true, waitedMs: 0 }),
    ).toBe('received');
    expect(paymentPollInterval('received')).toBe(0);
  });

  it('keeps waiting for a booking not in the list yet after a payment', () => {
    expect(
      paymentReturnState({ outcome: 'success', booking: undefined, loaded: true, waitedMs: 0 }),
    ).toBe('confirming');
  });

  it('offers to pay again after a cancelled payment while the time is held, and never polls', () => {
    const cancelled = (booking: BookingRecord | undefined, loaded = true) =>
      paymentReturnState({ outcome: 'cancelled', booking, loaded, waitedMs: 0 });
    expect(cancelled(undefined, false)).toBe('checking');
    expect(cancelled(waiting)).toBe('held');
    expect(cancelled(undefined)).toBe('released');
    expect(cancelled({ ...waiting, state: 'expired' } as BookingRecord)).toBe('released');
    expect(cancelled(paid)).toBe('received');
    for (const state of ['checking', 'held', 'released'] as const) {
      expect(paymentPollInterval(state)).toBe(0);
    }
  });
});

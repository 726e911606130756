import { describe, expect, it } from 'vitest';
import { manualPaymentDue } from './booking-payments';

const pending = {
  provider: 'manual',
  status: 'pending',
  amountMinor: 15000,
  refundedMinor: 0,
} as const;
const confirmedDue = { state: 'confirmed', paymentDue: true } as const;

describe('manualPaymentDue', () => {
  it('gives the instructions and the amount while a manual payment of a live booking is pending', () => {
    expect(manualPaymentDue(confirmedDue, pending, 'IBAN …')).toEqual({
      paymentInstructions: 'IBAN …',
      amountDueMinor: 15000,
    });
    expect(manualPaymentDue({ state: 'completed', paymentDue: true }, pending, '')).toEqual({
      paymentInstructions: '',
      amountDueMinor: 15000,
    });
  });

  it('gives nothing for a free, paid, Stripe, cancelled or expired booking', () => {
    expect(
      manualPaymentDue({ state: 'confirmed', paymentDue: false }, undefined, 'x'),
    ).toBeUndefined();
    expect(manualPaymentDue(confirmedDue, undefined, 'x')).toBeUndefined();
    expect(manualPaymentDue(confirmedDue, { ...pending, status: 'paid' }, 'x')).toBeUndefined();
    expect(
      manualPaymentDue(
        { state: 'pending_payment', paymentDue: true },
        { ...pending, provider: 'stripe' },
        'x',
      ),
    ).toBeUndefined();
    expect(
      manualPaymentDue({ state: 'cancelled', paymentDue: true }, pending, 'x'),
    ).toBeUndefined();
    expect(manualPaymentDue({ state: 'expired', paymentDue: true }, pending, 'x')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatTaxRate,
  owedRefundMinor,
  percentToBasisPoints,
  refundStatusLabel,
  refundsOnReceipt,
} from './payment-format';
import { adminPaymentsParams } from './payments-api';

describe('payments on screen', () => {
  it('never calls an owed refund refunded, and adds up what is owed of a manual payment only', () => {
    expect(refundStatusLabel({ status: 'pending', owed: true })).toBe('Owed: not sent yet');
    expect(refundStatusLabel({ status: 'pending', owed: false })).toBe('Pending at Stripe');
    expect(refundStatusLabel({ status: 'succeeded', owed: false })).toBe('Refunded');
    const refunds = [
      { owed: true, amountMinor: 2000 },
      { owed: false, amountMinor: 500 },
      { owed: true, amountMinor: 1000 },
    ];
    expect(owedRefundMinor('manual', refunds)).toBe(3000);
    expect(owedRefundMinor('stripe', refunds)).toBe(0);
  });

  it('writes tax rates as people do', () => {
    expect(formatTaxRate(1900)).toBe('19 %');
    expect(formatTaxRate(750)).toBe('7.5 %');
    expect(formatTaxRate(1234)).toBe('12.34 %');
  });

  it('lists on the receipt only refunds given back or on their way, not one that failed', () => {
    const refund = (status: 'pending' | 'succeeded' | 'failed', amountMinor: number) => ({
      amountMinor,
      reason: null,
      at: '2026-11-23T10:00:00.000Z',
      status,
    });
    expect(
      refundsOnReceipt([
        refund('failed', 5000),
        refund('succeeded', 3000),
        refund('pending', 1000),
      ]),
    ).toEqual([refund('succeeded', 3000), refund('pending', 1000)]);
  });

  it('leaves empty filters out of the owner’s list query', () => {
    expect(adminPaymentsParams({ status: '', provider: 'manual', q: '', page: 2 })).toEqual({
      provider: 'manual',
      page: '2',
    });
  });

  it('asks for one client’s payments by their user id', () => {
    expect(
      adminPaymentsParams({ client: 'c0ffee00-0000-4000-8000-000000000001', page: 1 }),
    ).toEqual({ client: 'c0ffee00-0000-4000-8000-000000000001', page: '1' });
  });

  it('reads typed tax rates as basis points, refusing what is not 0–100 % with two decimals', () => {
    expect(percentToBasisPoints('19')).toBe(1900);
    expect(percentToBasisPoints(' 7.5 ')).toBe(750);
    expect(percentToBasisPoints('12,25')).toBe(1225);
    expect(percentToBasisPoints('0')).toBe(0);
    expect(percentToBasisPoints('100')).toBe(10_000);
    for (const bad of ['', '100.01', '-1', '7.555', 'abc', '1e2']) {
      expect(percentToBasisPoints(bad)).toBeNull();
    }
  });
});

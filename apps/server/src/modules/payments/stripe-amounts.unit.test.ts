import { describe, expect, it } from 'vitest';
import { plainAmount } from '@consult/shared';
import {
  cancellationRefundMinor,
  floorToStripeChargeable,
  fromStripeAmount,
  isStripeChargeable,
  STRIPE_SPECIAL_CURRENCIES,
  StripeAmountError,
  toStripeAmount,
} from './stripe-amounts';

/**
 * One amount per currency, as our records hold it (ISO 4217 minor units), and as Stripe's API
 * must get it (docs.stripe.com/currencies), written out by hand rather than computed.
 */
const CASES: [currency: string, major: string, ours: number, stripe: number][] = [
  // Zero-decimal at Stripe: the whole unit.
  ['BIF', '1500', 1500, 1500],
  ['CLP', '1500', 1500, 1500],
  ['DJF', '1500', 1500, 1500],
  ['GNF', '1500', 1500, 1500],
  ['JPY', '1500', 1500, 1500],
  ['KMF', '1500', 1500, 1500],
  ['KRW', '1500', 1500, 1500],
  // ISO gives the ariary two digits; Stripe charges whole ariary.
  ['MGA', '1500.00', 150000, 1500],
  ['PYG', '1500', 1500, 1500],
  ['RWF', '1500', 1500, 1500],
  ['UGX', '1500', 1500, 1500],
  ['VND', '1500', 1500, 1500],
  ['VUV', '1500', 1500, 1500],
  ['XAF', '1500', 1500, 1500],
  ['XOF', '1500', 1500, 1500],
  ['XPF', '1500', 1500, 1500],
  // Three-decimal: thousandths, the last digit 0.
  ['BHD', '1.250', 1250, 1250],
  ['JOD', '1.250', 1250, 1250],
  ['KWD', '1.250', 1250, 1250],
  ['OMR', '1.250', 1250, 1250],
  ['TND', '1.250', 1250, 1250],
  // ISO gives the króna no minor unit; Stripe takes it as two-decimal with 00.
  ['ISK', '1500', 1500, 150000],
  // Two-decimal charges (only their payouts are whole units at Stripe).
  ['HUF', '1500.50', 150050, 150050],
  ['TWD', '1500.50', 150050, 150050],
  // The common ones.
  ['USD', '1500.50', 150050, 150050],
  ['GBP', '1500.50', 150050, 150050],
  ['EUR', '1500.50', 150050, 150050],
];

describe('Stripe amounts: ISO 4217 minor units in, Stripe’s own unit out, and back', () => {
  it('every currency Stripe treats specially has a case here', () => {
    const covered = new Set(CASES.map(([currency]) => currency));
    for (const currency of Object.keys(STRIPE_SPECIAL_CURRENCIES)) {
      expect(covered, currency).toContain(currency);
    }
  });

  it.each(CASES)(
    '%s: %s is %i in our records and %i at Stripe',
    (currency, major, ours, stripe) => {
      // The record's amount is the amount meant (ISO 4217 digits: the table's own check).
      expect(plainAmount(ours, currency)).toBe(major);
      expect(toStripeAmount(ours, currency)).toBe(stripe);
      expect(fromStripeAmount(stripe, currency)).toBe(ours);
      expect(fromStripeAmount(toStripeAmount(ours, currency), currency)).toBe(ours);
      // Stripe's codes are lowercase; the case does not matter here.
      expect(toStripeAmount(ours, currency.toLowerCase())).toBe(stripe);
    },
  );

  it.each([
    // A fraction of an ariary: Stripe charges whole ones.
    ['MGA', 150050, 150000],
    // A thousandth of a dinar: Stripe wants the last digit 0.
    ['BHD', 1255, 1250],
    ['JOD', 1251, 1250],
    ['KWD', 1259, 1250],
    ['OMR', 1, 0],
    ['TND', 999, 990],
  ])(
    '%s %i is not charged at Stripe (never rounded); a refund share goes down to %i',
    (currency, ours, floor) => {
      expect(isStripeChargeable(ours, currency)).toBe(false);
      expect(() => toStripeAmount(ours, currency)).toThrow(StripeAmountError);
      expect(floorToStripeChargeable(ours, currency)).toBe(floor);
      expect(isStripeChargeable(floor, currency)).toBe(true);
    },
  );

  it('amounts every currency can take are chargeable as they are', () => {
    for (const [currency, ours] of [
      ['ISK', 1],
      ['JPY', 1],
      ['USD', 1],
      ['HUF', 1],
      ['KWD', 10],
      ['MGA', 100],
    ] as const) {
      expect(isStripeChargeable(ours, currency), currency).toBe(true);
      expect(floorToStripeChargeable(ours, currency)).toBe(ours);
    }
  });

  it('an ISK amount read from Stripe with decimals counts its whole krónur only', () => {
    expect(fromStripeAmount(150099, 'ISK')).toBe(1500);
  });

  it('a client’s cancellation share of a Stripe payment is one Stripe can send; a manual one is kept exact', () => {
    const paid = {
      status: 'paid' as const,
      amountMinor: 12340,
      refundedMinor: 0,
      refundPendingMinor: 0,
      currency: 'KWD',
    };
    // 50 % of KWD 12.340 is 6.170: fine. 33 % is 4.0722 → 4.072, which Stripe cannot send.
    expect(cancellationRefundMinor({ ...paid, provider: 'stripe' }, 50)).toBe(6170);
    expect(cancellationRefundMinor({ ...paid, provider: 'stripe' }, 33)).toBe(4070);
    expect(cancellationRefundMinor({ ...paid, provider: 'manual' }, 33)).toBe(4072);
    expect(cancellationRefundMinor({ ...paid, provider: 'stripe' }, 100)).toBe(12340);
  });
});

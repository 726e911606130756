import { describe, expect, it } from 'vitest';
import { judgeCoupon, type CouponFacts } from './coupon-rules';
import type { CouponRow } from './coupons-repository';

const coupon: CouponRow = {
  id: 'c1',
  code: 'SPRING10',
  percentOff: 10,
  amountOff: null,
  appliesTo: 'all',
  validFrom: '2026-12-01',
  validTo: '2026-12-31',
  totalLimit: 5,
  perClientLimit: 1,
  active: true,
  createdAt: new Date(),
  updatedAt: new Date(),
};
const facts: CouponFacts = {
  today: '2026-12-10',
  covers: true,
  priceMinor: 10000,
  currency: 'EUR',
  uses: { total: 0, client: 0 },
};

describe('judging a discount code', () => {
  it('accepts a valid code with its discount', () => {
    expect(judgeCoupon(coupon, facts)).toEqual({ ok: true, discountMinor: 1000 });
  });

  it('says why a code cannot be used, each reason in its turn', () => {
    const reason = (row: CouponRow | undefined, over: Partial<CouponFacts> = {}) => {
      const verdict = judgeCoupon(row, { ...facts, ...over });
      return verdict.ok ? null : verdict.reason;
    };
    expect(reason(undefined)).toBe('unknown');
    expect(reason({ ...coupon, active: false })).toBe('expired');
    expect(reason(coupon, { today: '2026-11-30' })).toBe('not_yet_valid');
    expect(reason(coupon, { today: '2027-01-01' })).toBe('expired');
    expect(reason(coupon, { today: '2026-12-31' })).toBeNull();
    expect(reason(coupon, { covers: false })).toBe('not_applicable');
    expect(reason(coupon, { priceMinor: 0 })).toBe('not_applicable');
    const fixed = {
      ...coupon,
      percentOff: null,
      amountOff: [{ currency: 'GBP', amountMinor: 500 }],
    };
    expect(reason(fixed)).toBe('not_applicable');
    expect(reason(coupon, { uses: { total: 5, client: 0 } })).toBe('used_up');
    expect(reason(coupon, { uses: { total: 1, client: 1 } })).toBe('limit_per_client');
    expect(
      reason(
        { ...coupon, totalLimit: null, perClientLimit: null },
        { uses: { total: 99, client: 9 } },
      ),
    ).toBeNull();
  });
});

/**
 * Whether a code can be used: one pure rule for the client's check and for a booking or purchase
 * applying it (decision 063). The order is the order a client fixes things in: a code that does
 * not exist, then when it is valid, then what it is for, then how often it was used.
 */
import { couponDiscountMinor, type CouponRefusalReason } from '@consult/shared';
import type { CouponRow } from './coupons-repository';

export interface CouponFacts {
  /** The owner's calendar day now (YYYY-MM-DD). */
  today: string;
  /** The code covers the service or package asked about. */
  covers: boolean;
  priceMinor: number;
  currency: string;
  /** Uses not released, by everybody and by this client. */
  uses: { total: number; client: number };
}

export type CouponVerdict =
  { ok: true; discountMinor: number } | { ok: false; reason: CouponRefusalReason };

export function judgeCoupon(coupon: CouponRow | undefined, facts: CouponFacts): CouponVerdict {
  if (!coupon) return { ok: false, reason: 'unknown' };
  // A code the owner switched off no longer works: to the client it has ended, like an expired one.
  if (!coupon.active) return { ok: false, reason: 'expired' };
  if (coupon.validFrom !== null && facts.today < coupon.validFrom) {
    return { ok: false, reason: 'not_yet_valid' };
  }
  if (coupon.validTo !== null && facts.today > coupon.validTo) {
    return { ok: false, reason: 'expired' };
  }
  const discountMinor = facts.covers
    ? couponDiscountMinor(coupon, facts.priceMinor, facts.currency)
    : null;
  // Nothing to take off (a free service, a fraction of a cent) is not a use of the code either.
  if (discountMinor === null || discountMinor < 1) return { ok: false, reason: 'not_applicable' };
  if (coupon.totalLimit !== null && facts.uses.total >= coupon.totalLimit) {
    return { ok: false, reason: 'used_up' };
  }
  if (coupon.perClientLimit !== null && facts.uses.client >= coupon.perClientLimit) {
    return { ok: false, reason: 'limit_per_client' };
  }
  return { ok: true, discountMinor };
}

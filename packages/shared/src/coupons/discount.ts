/** What a code takes off a price: one rule for the server's charge and the screen's preview. */
import type { CouponAmount } from './schemas';

/**
 * The discount in minor units of `currency`, never more than the price: a percentage rounds down
 * to a whole minor unit (never more off than the code says); a fixed amount needs the price's
 * currency, else null (the code does not apply).
 */
export function couponDiscountMinor(
  coupon: { percentOff: number | null; amountOff: readonly CouponAmount[] | null },
  priceMinor: number,
  currency: string,
): number | null {
  if (coupon.percentOff !== null) return Math.floor((priceMinor * coupon.percentOff) / 100);
  const amount = coupon.amountOff?.find((entry) => entry.currency === currency);
  return amount ? Math.min(amount.amountMinor, priceMinor) : null;
}

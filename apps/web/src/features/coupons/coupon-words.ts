/** How discount codes are written for people: the discount of a code and what it is worth. */
import { formatMoney } from '@consult/shared';

/** A code the server accepted for one price: the discount and the price it leaves to pay. */
export interface AppliedCoupon {
  code: string;
  discountMinor: number;
  totalMinor: number;
  currency: string;
}

/** "−£12.00, you pay £108.00", or that the code makes it free. */
export function discountText(coupon: AppliedCoupon, what: 'session' | 'package'): string {
  if (coupon.totalMinor === 0) return `the ${what} is free with this code: nothing to pay.`;
  return `${formatMoney(coupon.discountMinor, coupon.currency)} off, you pay ${formatMoney(
    coupon.totalMinor,
    coupon.currency,
  )}.`;
}

/** The owner's list: "15 % off" or "£10.00 off" (per currency). */
export function couponValueText(coupon: {
  percentOff: number | null;
  amountOff: readonly { currency: string; amountMinor: number }[] | null;
}): string {
  if (coupon.percentOff !== null) return `${coupon.percentOff} % off`;
  return `${(coupon.amountOff ?? [])
    .map((amount) => formatMoney(amount.amountMinor, amount.currency))
    .join(' or ')} off`;
}

/**
 * A fixed-amount code with no amount in the currency: refused (`not_applicable`) for prices in it.
 * A change of the site's currency gives a code the amount it had in the former one (decision 037);
 * one that had none there stays without.
 */
export function lacksAmountIn(
  coupon: { amountOff: readonly { currency: string }[] | null },
  currency: string,
): boolean {
  return (
    coupon.amountOff !== null && !coupon.amountOff.some((amount) => amount.currency === currency)
  );
}

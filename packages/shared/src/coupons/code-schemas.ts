/**
 * The few discount-code schemas the booking, package and payment records use (issue 24): a code as
 * a client types it, a refusal's reason and a receipt's discount. Kept apart from the owner's
 * schemas so public pages that read those records do not load the rest.
 */
import { z } from 'zod';
import { withoutNul } from '../text';
import { COUPON_TYPED_CODE_MAX } from './limits';
import { COUPON_MESSAGES as M, COUPON_REFUSAL_REASONS } from './messages';

/** How codes are stored and compared: upper-case, so `spring10` and `SPRING10` are one code. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * A code as a client types it (check, booking, purchase): any short text, upper-cased. One that is
 * not letters and digits is no code of ours: it is refused as `unknown`, not as bad input.
 */
export const typedCouponCodeSchema = z
  .string({ error: M.typedCodeRequired })
  .overwrite(withoutNul)
  .trim()
  .min(1, M.typedCodeRequired)
  .max(COUPON_TYPED_CODE_MAX, M.typedCodeTooLong)
  .transform(normalizeCouponCode);

export const couponRefusalReasonSchema = z.enum(COUPON_REFUSAL_REASONS);

/**
 * A discount as a receipt shows it: the price before, the discount with its code; the total is the
 * payment's amount (originalMinor − discountMinor).
 */
export const receiptDiscountSchema = z.object({
  code: z.string(),
  originalMinor: z.number().int(),
  discountMinor: z.number().int(),
});
export type ReceiptDiscount = z.infer<typeof receiptDiscountSchema>;

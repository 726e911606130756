/**
 * Discount codes (issue 24): the owner's codes, the client's check of one, and what a receipt
 * shows of a discount. Amounts are integers in the currency's minor unit.
 */
import { z } from 'zod';
import { localDateSchema } from '../booking/fields';
import { SERVICE_PRICE_MAX_MINOR } from '../booking/limits';
import { serviceSlugSchema } from '../booking/service';
import { currencyCodeSchema } from '../payments/currency';
import { problemSchema } from '../problem-schema';
import { withoutNul } from '../text';
import {
  COUPON_CODE_MAX,
  COUPON_CODE_MIN,
  COUPON_CODE_PATTERN,
  COUPON_CURRENCIES_MAX,
  COUPON_PERCENT_MAX,
  COUPON_PERCENT_MIN,
  COUPON_PER_CLIENT_LIMIT_MAX,
  COUPON_TARGETS_MAX,
  COUPON_TOTAL_LIMIT_MAX,
} from './limits';
import { COUPON_MESSAGES as M } from './messages';
import {
  couponRefusalReasonSchema,
  normalizeCouponCode,
  receiptDiscountSchema,
  typedCouponCodeSchema,
  type ReceiptDiscount,
} from './code-schemas';

// The parts the booking, package and payment records use, in a module of their own: those records
// are read on public pages whose first JavaScript has a budget (decision 048), the rest is not.
export {
  couponRefusalReasonSchema,
  normalizeCouponCode,
  receiptDiscountSchema,
  typedCouponCodeSchema,
  type ReceiptDiscount,
};

/** The owner's code: letters and digits, stored upper-case. */
export const couponCodeSchema = z
  .string({ error: M.codeRequired })
  .overwrite(withoutNul)
  .trim()
  .min(1, { error: M.codeRequired, abort: true })
  .regex(COUPON_CODE_PATTERN, { error: M.codeInvalid, abort: true })
  .min(COUPON_CODE_MIN, M.codeTooShort)
  .max(COUPON_CODE_MAX, M.codeTooLong)
  .transform(normalizeCouponCode);

/** A fixed amount off in one currency. */
export const couponAmountSchema = z.object({
  currency: currencyCodeSchema,
  amountMinor: z
    .number({ error: M.amountInvalid })
    .int(M.amountInvalid)
    .min(1, M.amountInvalid)
    .max(SERVICE_PRICE_MAX_MINOR, M.amountTooHigh),
});
export type CouponAmount = z.infer<typeof couponAmountSchema>;

export const COUPON_APPLIES_TO = ['all', 'services', 'packages'] as const;
export type CouponAppliesTo = (typeof COUPON_APPLIES_TO)[number];

const uniqueList = <T extends z.ZodType<string>>(item: T) =>
  z
    .array(item)
    .max(COUPON_TARGETS_MAX, M.targetsTooMany)
    .refine((items) => new Set(items).size === items.length, M.targetsRepeated);

const couponFields = {
  code: couponCodeSchema,
  /** 1–100 % off the price; null when the code takes a fixed amount off. */
  percentOff: z
    .number({ error: M.percentInvalid })
    .int(M.percentInvalid)
    .min(COUPON_PERCENT_MIN, M.percentInvalid)
    .max(COUPON_PERCENT_MAX, M.percentInvalid)
    .nullable(),
  /**
   * A fixed amount off per currency (never more than the price); null when the code takes a
   * percentage off. A price in a currency the list does not name is `not_applicable`.
   */
  amountOff: z
    .array(couponAmountSchema, { error: M.amountCurrenciesRequired })
    .min(1, M.amountCurrenciesRequired)
    .max(COUPON_CURRENCIES_MAX, M.amountCurrenciesTooMany)
    .refine(
      (amounts) => new Set(amounts.map((amount) => amount.currency)).size === amounts.length,
      M.amountCurrencyRepeated,
    )
    .nullable(),
  /** Everything, the services named in `services`, or the packages named in `packages`. */
  appliesTo: z.enum(COUPON_APPLIES_TO, { error: M.appliesToInvalid }),
  /** Services' address names (slugs); only with appliesTo 'services'. */
  services: uniqueList(serviceSlugSchema),
  /** Packages' ids; only with appliesTo 'packages'. */
  packages: uniqueList(z.string({ error: M.packageUnknown })),
  /** First and last valid day (both included) in the owner's time zone; null: no bound. */
  validFrom: localDateSchema.nullable(),
  validTo: localDateSchema.nullable(),
  /** Uses by everybody together; null: unlimited. */
  totalLimit: z
    .number({ error: M.totalLimitInvalid })
    .int(M.totalLimitInvalid)
    .min(1, M.totalLimitInvalid)
    .max(COUPON_TOTAL_LIMIT_MAX, M.totalLimitInvalid)
    .nullable(),
  /** Uses by one client; null: unlimited. */
  perClientLimit: z
    .number({ error: M.perClientLimitInvalid })
    .int(M.perClientLimitInvalid)
    .min(1, M.perClientLimitInvalid)
    .max(COUPON_PER_CLIENT_LIMIT_MAX, M.perClientLimitInvalid)
    .nullable(),
  active: z.boolean({ error: M.activeInvalid }),
};

/** The rule between the discount's two forms: exactly one of them. */
export function couponDiscountKindError(coupon: {
  percentOff: number | null;
  amountOff: readonly CouponAmount[] | null;
}): string | null {
  return (coupon.percentOff === null) === (coupon.amountOff === null)
    ? M.discountKindRequired
    : null;
}

/** The rule between `appliesTo` and its lists: the field at fault and why, or null. */
export function couponTargetsError(coupon: {
  appliesTo: CouponAppliesTo;
  services: readonly string[];
  packages: readonly string[];
}): { path: 'services' | 'packages'; message: string } | null {
  if (coupon.appliesTo === 'services' && coupon.services.length === 0) {
    return { path: 'services', message: M.servicesRequired };
  }
  if (coupon.appliesTo === 'packages' && coupon.packages.length === 0) {
    return { path: 'packages', message: M.packagesRequired };
  }
  if (coupon.appliesTo !== 'services' && coupon.services.length > 0) {
    return { path: 'services', message: M.targetsNotExpected };
  }
  if (coupon.appliesTo !== 'packages' && coupon.packages.length > 0) {
    return { path: 'packages', message: M.targetsNotExpected };
  }
  return null;
}

/** The rule between the two valid days: the last not before the first. */
export function couponValidityError(coupon: {
  validFrom: string | null;
  validTo: string | null;
}): string | null {
  return coupon.validFrom !== null && coupon.validTo !== null && coupon.validTo < coupon.validFrom
    ? M.validToBeforeFrom
    : null;
}

/**
 * POST /api/admin/coupons. Give `percentOff` or `amountOff`; the rest have defaults (applies to
 * all, no dates, unlimited, active).
 */
export const couponInputSchema = z
  .object({
    code: couponFields.code,
    percentOff: couponFields.percentOff.default(null),
    amountOff: couponFields.amountOff.default(null),
    appliesTo: couponFields.appliesTo.default('all'),
    services: couponFields.services.default([]),
    packages: couponFields.packages.default([]),
    validFrom: couponFields.validFrom.default(null),
    validTo: couponFields.validTo.default(null),
    totalLimit: couponFields.totalLimit.default(null),
    perClientLimit: couponFields.perClientLimit.default(null),
    active: couponFields.active.default(true),
  })
  .superRefine((coupon, context) => {
    const kind = couponDiscountKindError(coupon);
    if (kind) context.addIssue({ code: 'custom', message: kind, path: ['percentOff'] });
    const targets = couponTargetsError(coupon);
    if (targets) context.addIssue({ code: 'custom', ...targets, path: [targets.path] });
    const validity = couponValidityError(coupon);
    if (validity) context.addIssue({ code: 'custom', message: validity, path: ['validTo'] });
  });
export type CouponInput = z.input<typeof couponInputSchema>;

/**
 * PATCH /api/admin/coupons/:id: any of the fields, at least one. Setting `percentOff` clears an
 * amount off and the other way round (sending both non-null is a 400). The result is checked
 * whole: `appliesTo: 'services'` needs its `services`, in the patch or already on the code.
 */
export const couponPatchSchema = z
  .object(couponFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, M.emptyChange)
  .refine(
    (patch) =>
      patch.percentOff === undefined ||
      patch.percentOff === null ||
      patch.amountOff === undefined ||
      patch.amountOff === null,
    { message: M.discountKindRequired, path: ['percentOff'] },
  );
export type CouponPatch = z.input<typeof couponPatchSchema>;

export const COUPON_USE_STATES = ['reserved', 'redeemed', 'released'] as const;
/**
 * reserved: held by a booking or purchase awaiting its payment; redeemed: paid (or made free by
 * the code); released: the hold expired, the payment failed or it was cancelled before payment.
 */
export type CouponUseState = (typeof COUPON_USE_STATES)[number];

/** One use of a code: who, for what, how much, when, and what became of it. */
export const couponUseSchema = z.object({
  id: z.string(),
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  kind: z.enum(['booking', 'package']),
  bookingId: z.string().nullable(),
  /** The booking's short reference (decision 035); null for a package purchase. */
  bookingReference: z.string().nullable(),
  purchaseId: z.string().nullable(),
  /** The service's or the package's title. */
  title: z.string(),
  originalMinor: z.number().int(),
  discountMinor: z.number().int(),
  totalMinor: z.number().int(),
  currency: z.string(),
  at: z.string(),
  state: z.enum(COUPON_USE_STATES),
});
export type CouponUse = z.infer<typeof couponUseSchema>;

/** A code as the owner manages it, with its uses. */
export const adminCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOff: z.array(couponAmountSchema).nullable(),
  appliesTo: z.enum(COUPON_APPLIES_TO),
  services: z.array(z.string()),
  packages: z.array(z.string()),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  totalLimit: z.number().int().nullable(),
  perClientLimit: z.number().int().nullable(),
  active: z.boolean(),
  /** Uses paid (or made free by the code): what the limits count with `reserved`. */
  redemptions: z.number().int(),
  /** Uses held by bookings or purchases awaiting payment. */
  reserved: z.number().int(),
  /** Every use, newest first, released ones included. */
  uses: z.array(couponUseSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponsListSchema = z.object({ coupons: z.array(adminCouponSchema) });
export type AdminCouponsList = z.infer<typeof adminCouponsListSchema>;

/** POST /api/coupons/check: a code for one service (its slug) or one package (its id). */
export const couponCheckSchema = z
  .object({
    code: typedCouponCodeSchema,
    service: z.string({ error: M.checkServiceUnknown }).optional(),
    package: z.string({ error: M.checkPackageUnknown }).optional(),
  })
  .refine((input) => (input.service === undefined) !== (input.package === undefined), {
    message: M.checkTargetRequired,
    path: ['service'],
  });
export type CouponCheckInput = z.input<typeof couponCheckSchema>;

/**
 * The check's answer: with a valid code, the discount and the price to pay; without, no discount,
 * the full price and why (`reason`, whose words are COUPON_REFUSAL_MESSAGES).
 */
export const couponCheckAnswerSchema = z.object({
  valid: z.boolean(),
  discountMinor: z.number().int(),
  totalMinor: z.number().int(),
  currency: z.string(),
  reason: couponRefusalReasonSchema.optional(),
});
export type CouponCheckAnswer = z.infer<typeof couponCheckAnswerSchema>;

/**
 * The 409 of a booking or purchase with a code that cannot be used (type
 * COUPON_REFUSED_PROBLEM_TYPE): nothing was booked or bought; `reason` says why and
 * `errors.couponCode` carries its message.
 */
export const couponRefusedProblemSchema = problemSchema.extend({
  reason: couponRefusalReasonSchema,
});
export type CouponRefusedProblem = z.infer<typeof couponRefusedProblemSchema>;

export type ReceiptLine =
  | { kind: 'price'; amountMinor: number }
  | { kind: 'discount'; code: string; amountMinor: number }
  | { kind: 'total'; amountMinor: number };

/**
 * A receipt's lines: the original price, the discount with its code (a negative amount) and the
 * total; without a discount only the total.
 */
export function receiptLines(totalMinor: number, discount: ReceiptDiscount | null): ReceiptLine[] {
  if (!discount) return [{ kind: 'total', amountMinor: totalMinor }];
  return [
    { kind: 'price', amountMinor: discount.originalMinor },
    { kind: 'discount', code: discount.code, amountMinor: -discount.discountMinor },
    { kind: 'total', amountMinor: totalMinor },
  ];
}

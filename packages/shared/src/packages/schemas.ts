/** Packages of sessions as the owner defines them and the public list shows them (issue 24). */
import { z } from 'zod';
import { currencyCodeSchema } from '../payments/currency';
import { serviceSlugSchema } from '../booking/service';
import { receiptDiscountSchema, typedCouponCodeSchema } from '../coupons/code-schemas';
import { SERVICE_PRICE_MAX_MINOR } from '../booking/limits';
import { isSingleLineText, isVisibleText, TEXT_MESSAGES, withoutNul } from '../text';
import {
  PACKAGE_DESCRIPTION_MAX,
  PACKAGE_SERVICES_MAX,
  PACKAGE_SESSIONS_MAX,
  PACKAGE_SESSIONS_MIN,
  PACKAGE_TITLE_MAX,
  PACKAGE_VALIDITY_DAYS_MAX,
} from './limits';
import { PACKAGE_MESSAGES as M } from './messages';

const packageFields = {
  title: z
    .string({ error: M.titleRequired })
    .overwrite(withoutNul)
    .trim()
    .min(1, M.titleRequired)
    .max(PACKAGE_TITLE_MAX, M.titleTooLong)
    .refine(isSingleLineText, TEXT_MESSAGES.singleLine),
  description: z
    .string({ error: M.descriptionInvalid })
    .overwrite(withoutNul)
    .trim()
    .max(PACKAGE_DESCRIPTION_MAX, M.descriptionTooLong)
    .refine(isVisibleText, TEXT_MESSAGES.hiddenCharacters),
  /** The services' address names (slugs), each once. */
  services: z
    .array(serviceSlugSchema, { error: M.servicesRequired })
    .min(1, M.servicesRequired)
    .max(PACKAGE_SERVICES_MAX, M.servicesTooMany)
    .refine((slugs) => new Set(slugs).size === slugs.length, M.servicesRepeated),
  sessions: z
    .number({ error: M.sessionsInvalid })
    .int(M.sessionsInvalid)
    .min(PACKAGE_SESSIONS_MIN, M.sessionsInvalid)
    .max(PACKAGE_SESSIONS_MAX, M.sessionsInvalid),
  /** In minor units of `currency`; 0 is a free package (given, e.g. a trial block). */
  priceMinor: z
    .number({ error: M.priceInvalid })
    .int(M.priceInvalid)
    .min(0, M.priceNegative)
    .max(SERVICE_PRICE_MAX_MINOR, M.priceTooHigh),
  currency: currencyCodeSchema,
  /** Days the credits last from the purchase being paid; null: they never expire. */
  validityDays: z
    .number({ error: M.validityInvalid })
    .int(M.validityInvalid)
    .min(1, M.validityInvalid)
    .max(PACKAGE_VALIDITY_DAYS_MAX, M.validityInvalid)
    .nullable(),
  /** A retired (inactive) package is no longer sold; credits already bought stay valid. */
  active: z.boolean({ error: M.activeInvalid }),
};

/**
 * POST /api/admin/packages. Without a currency, or with the site's, the package follows the site's
 * currency (decision 037's rule for services); another currency is the package's own. A patch's
 * currency is settled the same way. Description, validity and active have defaults.
 */
export const packageInputSchema = z.object({
  ...packageFields,
  description: packageFields.description.default(''),
  currency: currencyCodeSchema.optional(),
  validityDays: packageFields.validityDays.default(null),
  active: packageFields.active.default(true),
});
export type PackageInput = z.input<typeof packageInputSchema>;

/** PATCH /api/admin/packages/:id: any of the fields, at least one. */
export const packagePatchSchema = z
  .object(packageFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, M.emptyChange);
export type PackagePatch = z.input<typeof packagePatchSchema>;

/** A package as everybody sees it: GET /api/packages lists the active ones. */
export const publicPackageSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  services: z.array(z.string()),
  sessions: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
  validityDays: z.number().int().nullable(),
});
export type PublicPackage = z.infer<typeof publicPackageSchema>;
export const packagesListSchema = z.object({ packages: z.array(publicPackageSchema) });
export type PackagesList = z.infer<typeof packagesListSchema>;

/** A package as the owner manages it: with its state and how many were sold. */
export const adminPackageSchema = publicPackageSchema.extend({
  active: z.boolean(),
  /**
   * True when the owner chose the package's currency; false: it follows the site's currency and
   * moves with it, keeping its number (decision 037).
   */
  ownCurrency: z.boolean(),
  /** Purchases paid or awaiting payment, for the owner's list. */
  purchases: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;
export const adminPackagesListSchema = z.object({ packages: z.array(adminPackageSchema) });
export type AdminPackagesList = z.infer<typeof adminPackagesListSchema>;

export const PURCHASE_STATES = ['pending_payment', 'paid', 'cancelled', 'refunded'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

/**
 * POST /api/packages/:id/purchase, with a discount code or not: the purchase's price is the
 * discounted one. A code that cannot be used is a 409 (COUPON_REFUSED_PROBLEM_TYPE), nothing bought.
 */
export const purchasePackageSchema = z.object({
  couponCode: typedCouponCodeSchema.optional(),
});
export type PurchasePackageInput = z.input<typeof purchasePackageSchema>;

/** A purchase as its client and the owner see it. */
export const packagePurchaseSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  packageTitle: z.string(),
  sessions: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
  validityDays: z.number().int().nullable(),
  state: z.enum(PURCHASE_STATES),
  /** How it is paid: 'manual', 'stripe', or null when free or granted by the owner. */
  provider: z.string().nullable(),
  paymentId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  creditsRemaining: z.number().int(),
  granted: z.boolean(),
  paidAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The discount code it was bought with (issue 24): the price before and the discount;
   * `priceMinor` is the price after it. Null without a code; absent where a list leaves it out.
   */
  discount: receiptDiscountSchema.nullable().optional(),
});
export type PackagePurchase = z.infer<typeof packagePurchaseSchema>;

/** 201 of a purchase: Stripe's checkout address when the client pays online now. */
export const purchaseAnswerSchema = z.object({
  purchase: packagePurchaseSchema,
  checkoutUrl: z.string().optional(),
});
export type PurchaseAnswer = z.infer<typeof purchaseAnswerSchema>;

/** Unused credits of one paid purchase, usable until `expiresAt` (null: no expiry). */
export const creditSchema = z.object({
  purchaseId: z.string(),
  packageTitle: z.string(),
  services: z.array(z.string()),
  remaining: z.number().int(),
  expiresAt: z.string().nullable(),
});
export type Credit = z.infer<typeof creditSchema>;

/** A booking a credit paid, and what became of the credit: used, given back or forfeited. */
export const creditUseSchema = z.object({
  purchaseId: z.string(),
  bookingId: z.string(),
  reference: z.string(),
  serviceTitle: z.string(),
  start: z.string(),
  outcome: z.enum(['used', 'returned', 'forfeited']),
});
export type CreditUse = z.infer<typeof creditUseSchema>;

/**
 * GET /api/user/credits (and the owner's view of a client's): credits usable now, all purchases,
 * and which bookings used which credit (newest first).
 */
export const userCreditsSchema = z.object({
  credits: z.array(creditSchema),
  purchases: z.array(packagePurchaseSchema),
  /** The owner's instructions for paying by hand, while a purchase awaits such a payment. */
  paymentInstructions: z.string().nullable(),
  uses: z.array(creditUseSchema),
});
export type UserCredits = z.infer<typeof userCreditsSchema>;

/** The owner's answer to a credit adjustment or grant: the purchase as it is now. */
export const creditAdjustmentAnswerSchema = z.object({ purchase: packagePurchaseSchema });

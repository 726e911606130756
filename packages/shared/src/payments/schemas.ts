/**
 * The payments API's shapes: the client's payments and receipts, the owner's payments screen and
 * actions, and the payment settings. Amounts are integers in the currency's minor unit.
 */
import { z } from 'zod';
import { localDateSchema } from '../booking/fields';
import { problemSchema } from '../problem-schema';
import { receiptDiscountSchema } from '../coupons/code-schemas';
import { isSingleLineText, isVisibleText, TEXT_MESSAGES, withoutNul } from '../text';
import { PAYMENT_MESSAGES as M } from './messages';
import { PAYMENT_METHODS, PAYMENT_PROVIDERS, PAYMENT_STATUSES, REFUND_METHODS } from './rules';

export const paymentStatusSchema = z.enum(PAYMENT_STATUSES, { error: M.statusInvalid });
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS, { error: M.providerInvalid });

export const PAYMENT_STATUS_LABELS = {
  pending: 'Not paid yet',
  paid: 'Paid',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const satisfies Record<z.infer<typeof paymentStatusSchema>, string>;

export const PAYMENT_PROVIDER_LABELS = {
  manual: 'Bank transfer or in person',
  stripe: 'Card (Stripe)',
} as const satisfies Record<z.infer<typeof paymentProviderSchema>, string>;

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: M.paymentMethodInvalid });
export const refundMethodSchema = z.enum(REFUND_METHODS, { error: M.refundMethodInvalid });

export const PAYMENT_METHOD_LABELS = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  card_in_person: 'Card in person',
  other: 'Other',
} as const satisfies Record<z.infer<typeof paymentMethodSchema>, string>;

export const REFUND_METHOD_LABELS = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  card: 'Card',
  other: 'Other',
} as const satisfies Record<z.infer<typeof refundMethodSchema>, string>;

/** What a payment pays for: a booking, or a package of sessions (issue 24, decision 064). */
export const PAYMENT_KINDS = ['booking', 'package'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const paymentKindSchema = z.enum(PAYMENT_KINDS, { error: M.kindInvalid });

/** The package purchase a payment of kind `package` paid, with its terms as bought. */
export const paymentPackageSchema = z.object({
  purchaseId: z.string(),
  title: z.string(),
  sessions: z.number().int(),
});
export type PaymentPackage = z.infer<typeof paymentPackageSchema>;

/** A payment as the API shows it; `_id` and `id` carry the same value, as other records do. */
export const paymentRecordSchema = z.object({
  _id: z.string(),
  id: z.string(),
  kind: paymentKindSchema,
  /** The booking it pays; null for a package's payment. */
  bookingId: z.string().nullable(),
  /**
   * The booking's short reference (decision 035): what the client writes on a transfer; null for
   * a package's payment.
   */
  bookingReference: z.string().nullable(),
  amountMinor: z.number().int(),
  currency: z.string(),
  provider: paymentProviderSchema,
  status: paymentStatusSchema,
  refundedMinor: z.number().int(),
  /** Asked of the provider (Stripe) and not yet confirmed by it; not in `refundedMinor` yet. */
  refundPendingMinor: z.number().int(),
  /**
   * `2026-0001`; null until the payment is paid. A voided receipt keeps its number here (with
   * `receiptVoid`) until the payment is marked paid again and gets a new one.
   */
  receiptNumber: z.string().nullable(),
  /** The receipt `receiptNumber` names was voided: the payment is due again. */
  receiptVoid: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** How the owner received it, when they marked it paid by hand; null for Stripe. */
  paidMethod: paymentMethodSchema.nullable(),
  /** The owner's day the money arrived (YYYY-MM-DD), when marked paid by hand. */
  receivedOn: z.string().nullable(),
  /**
   * What was booked, for lists: the service title and the booking's start (UTC, ISO 8601); null
   * for a package's payment.
   */
  service: z.object({ title: z.string(), start: z.string() }).nullable(),
  /** What was bought, for a package's payment; null for a booking's. */
  package: paymentPackageSchema.nullable(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/**
 * A booking's payment as its record shows it: what was paid and refunded, and what the client
 * would get back by cancelling now (0 when nothing was received).
 */
export const bookingPaymentSchema = z.object({
  id: z.string(),
  status: paymentStatusSchema,
  provider: paymentProviderSchema,
  amountMinor: z.number().int(),
  refundedMinor: z.number().int(),
  refundPendingMinor: z.number().int(),
  currency: z.string(),
  receiptNumber: z.string().nullable(),
  refundOnCancelMinor: z.number().int(),
});
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

/**
 * GET /api/payments: the signed-in client's payments, newest first, and the owner's instructions
 * for paying by hand when one of them is a manual payment still due ('' when the owner wrote
 * none; null when nothing is due that way), so the list shows how to pay as it first renders.
 */
export const paymentsListSchema = z.object({
  payments: z.array(paymentRecordSchema),
  instructions: z.string().nullable(),
});
export type PaymentsList = z.infer<typeof paymentsListSchema>;

export const refundRecordSchema = z.object({
  /** The id POST /api/admin/payments/:id/refunds/:refundId/sent names. */
  id: z.number().int(),
  amountMinor: z.number().int(),
  reason: z.string().nullable(),
  at: z.string(),
  /**
   * pending until the provider confirms it (Stripe) or, for a manual payment, until the owner
   * confirms they sent it (`owed` until then); then succeeded; failed refunds stay listed.
   */
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** A manual refund the business still has to send. */
  owed: z.boolean(),
  /** How and on which day (the owner's, YYYY-MM-DD) a manual refund was sent. */
  sent: z.object({ method: refundMethodSchema, on: z.string() }).nullable(),
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

/** What a receipt shows besides the record: who was paid, by whom, for what, and the tax in it. */
export const receiptSchema = z.object({
  business: z.object({ name: z.string(), address: z.string(), taxId: z.string() }),
  client: z.object({ name: z.string(), email: z.string() }),
  /** The booked session; null on a package's receipt. */
  service: z
    .object({ title: z.string(), start: z.string(), durationMinutes: z.number().int() })
    .nullable(),
  /** The package of sessions bought ("5 × Coaching session package"); null on a booking's receipt. */
  package: z.object({ title: z.string(), sessions: z.number().int() }).nullable(),
  /** Prices include tax: net + tax = the amount. Rate in basis points (1900 = 19 %); 0 shows no tax. */
  taxRateBasisPoints: z.number().int(),
  netMinor: z.number().int(),
  taxMinor: z.number().int(),
  /**
   * The discount code the payment's price was reduced by (issue 24): the receipt's lines are the
   * original price, the discount with its code and the total (`receiptLines`). Null without one.
   */
  discount: receiptDiscountSchema.nullable(),
  refunds: z.array(refundRecordSchema),
  footer: z.string(),
  /** This receipt was voided (a mistaken mark-paid): its number stays used and is never reissued. */
  void: z.boolean(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** Earlier receipts of this payment that were voided, oldest first. */
  voidedReceipts: z.array(
    z.object({ number: z.string(), voidedAt: z.string(), reason: z.string() }),
  ),
});
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * GET /api/payments/:id: the record with what its receipt shows, and for a manual payment still
 * due the owner's instructions.
 */
export const paymentDetailSchema = paymentRecordSchema.extend({
  receipt: receiptSchema,
  instructions: z.string().nullable(),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

/** A payment in the owner's list: the record and whose it is. */
export const adminPaymentRecordSchema = paymentRecordSchema.extend({
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  providerReference: z.string().nullable(),
  /** The owner's note when marking it paid. */
  note: z.string().nullable(),
});
export type AdminPaymentRecord = z.infer<typeof adminPaymentRecordSchema>;

export const adminPaymentDetailSchema = adminPaymentRecordSchema.extend({
  receipt: receiptSchema,
  /** The number marking it paid now would issue (a pending payment only); null otherwise. */
  nextReceiptNumber: z.string().nullable(),
  /** Until when "Void" is offered (ISO 8601), for a payment marked paid by hand; else null. */
  voidableUntil: z.string().nullable(),
  /** What the owner wrote when confirming each manual refund sent, by refund id. */
  refundNotes: z.record(z.string(), z.string()),
  /**
   * A package's payment: its unused credits and their share of the price, the amount the refund
   * dialog suggests (at most what is left to refund), with the sentence that explains it; null
   * for a booking's payment.
   */
  packageRefund: z
    .object({
      sessions: z.number().int(),
      creditsRemaining: z.number().int(),
      unusedShareMinor: z.number().int(),
      suggestedMinor: z.number().int(),
      explanation: z.string(),
    })
    .nullable(),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

/**
 * GET /api/admin/payments. `from`/`to` are calendar days in the owner's zone (both included) and
 * select by creation; `q` searches the booking's reference, the receipt number, the client's name
 * and e-mail, the service title and the package's title (case-insensitive).
 */
export const adminPaymentsQuerySchema = z.object({
  status: paymentStatusSchema.optional(),
  provider: paymentProviderSchema.optional(),
  /** Booking payments or package purchases only. */
  kind: paymentKindSchema.optional(),
  /** One client's payments (their user id). */
  client: z.uuid({ error: M.clientInvalid }).optional(),
  from: localDateSchema.optional(),
  to: localDateSchema.optional(),
  q: z.string().overwrite(withoutNul).trim().max(100).optional(),
  /** `owed`: payments with a manual refund the business has not confirmed sending yet. */
  refunds: z.enum(['owed'], { error: M.refundsFilterInvalid }).optional(),
  page: z.coerce
    .number({ error: M.pageInvalid })
    .int(M.pageInvalid)
    .min(1, M.pageInvalid)
    .default(1),
});
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>;

/** Per currency over every payment the filters select (not only the page): received and returned. */
export const paymentTotalsSchema = z.object({
  currency: z.string(),
  paidMinor: z.number().int(),
  refundedMinor: z.number().int(),
});
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;

export const adminPaymentsPageSchema = z.object({
  payments: z.array(adminPaymentRecordSchema),
  currentPage: z.number().int().min(1),
  totalPages: z.number().int().min(1),
  totalPayments: z.number().int().min(0),
  totals: z.array(paymentTotalsSchema),
});
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPageSchema>;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .overwrite(withoutNul)
    .trim()
    .max(max, message)
    .refine(isVisibleText, TEXT_MESSAGES.hiddenCharacters)
    .nullish()
    .transform((text) => (text ? text : null));

/**
 * POST /api/admin/payments/:id/mark-paid and POST /api/admin/bookings/:id/paid: how and on which of
 * the owner's days the money arrived (today when not given; never in the future).
 */
export const markPaidSchema = z.object({
  method: paymentMethodSchema,
  receivedOn: localDateSchema.optional(),
  note: optionalText(500, M.noteTooLong),
  /** The receipt number the owner was shown: if another payment took it, nothing is recorded (409). */
  receiptNumber: z
    .string()
    .regex(/^\d{4}-\d{4,}$/, M.receiptNumberInvalid)
    .optional(),
});
export type MarkPaidInput = z.input<typeof markPaidSchema>;

/** The 409 of a mark-paid whose promised receipt number was taken (or any other refusal). */
export const markPaidConflictSchema = problemSchema.extend({
  nextReceiptNumber: z.string().optional(),
});

/** POST /api/admin/payments/:id/refunds/:refundId/sent: the owner sent a manual refund. */
export const confirmRefundSentSchema = z.object({
  method: refundMethodSchema,
  sentOn: localDateSchema,
  note: optionalText(500, M.noteTooLong),
});
export type ConfirmRefundSentInput = z.input<typeof confirmRefundSentSchema>;

/** POST /api/admin/payments/:id/void: a mistaken mark-paid undone, with why. */
export const voidPaymentSchema = z.object({
  reason: z
    .string({ error: M.voidReasonRequired })
    .overwrite(withoutNul)
    .trim()
    .min(1, M.voidReasonRequired)
    .max(500, M.reasonTooLong)
    .refine(isVisibleText, TEXT_MESSAGES.hiddenCharacters),
});
export type VoidPaymentInput = z.input<typeof voidPaymentSchema>;

/** POST /api/admin/payments/:id/refund: everything left when no amount is given. */
export const refundPaymentSchema = z.object({
  // Any whole amount above zero goes on to the refund, which says the most it can take: an amount
  // beyond what a number holds exactly is still one too large, not one below zero. JSON's 1e400 is
  // Infinity, which no number schema takes; it is refused here as beyond any payment.
  amountMinor: z
    .number({
      error: (issue) =>
        issue.input === Infinity ? M.refundBeyondAnyPayment : M.refundAmountInvalid,
    })
    .positive({ error: M.refundAmountInvalid, abort: true })
    .refine(Number.isInteger, M.refundAmountNotWhole)
    .optional(),
  reason: optionalText(500, M.reasonTooLong),
});
export type RefundPaymentInput = z.input<typeof refundPaymentSchema>;

const settingsText = (max: number, message: string, singleLine = false) =>
  z
    .string()
    .overwrite(withoutNul)
    .trim()
    .max(max, message)
    .refine(singleLine ? isSingleLineText : isVisibleText, {
      message: singleLine ? TEXT_MESSAGES.singleLine : TEXT_MESSAGES.hiddenCharacters,
    });

/** The owner's payment settings (/admin/config); missing keys take these defaults. */
export const paymentSettingsSchema = z.object({
  /** Used only when Stripe is configured on the server; otherwise payments are manual. */
  provider: paymentProviderSchema.default('stripe'),
  /** Shown to clients whose manual payment is due: bank details, or "pay at the session". */
  manualInstructions: settingsText(2000, M.instructionsTooLong).default(
    'Please pay at the start of the session.',
  ),
  /** What a client who cancels a paid booking before the cutoff gets back, in percent. */
  clientRefundPercent: z
    .number({ error: M.refundShareInvalid })
    .int(M.refundShareInvalid)
    .min(0, M.refundShareInvalid)
    .max(100, M.refundShareInvalid)
    .default(100),
  businessName: settingsText(120, M.businessNameTooLong, true).default(''),
  businessAddress: settingsText(500, M.businessAddressTooLong).default(''),
  taxId: settingsText(50, M.taxIdTooLong, true).default(''),
  /** Basis points: 1900 is 19 %; 0 means no tax line on receipts. */
  taxRateBasisPoints: z
    .number({ error: M.taxRateInvalid })
    .int(M.taxRateInvalid)
    .min(0, M.taxRateInvalid)
    .max(10_000, M.taxRateInvalid)
    .default(0),
  receiptFooter: settingsText(500, M.footerTooLong).default(''),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
export type PaymentSettingsInput = z.input<typeof paymentSettingsSchema>;

/** GET and PUT /api/admin/payment-settings answer the settings and what the server can do. */
export const paymentSettingsViewSchema = z.object({
  settings: paymentSettingsSchema,
  /** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (never their values). */
  stripeConfigured: z.boolean(),
  /** The provider new paid bookings use now. */
  activeProvider: paymentProviderSchema,
});
export type PaymentSettingsView = z.infer<typeof paymentSettingsViewSchema>;

/** The provider a new paid booking uses: Stripe when configured and not turned off by the owner. */
export function activePaymentProvider(
  stripeConfigured: boolean,
  settings: Pick<PaymentSettings, 'provider'>,
): z.infer<typeof paymentProviderSchema> {
  return stripeConfigured && settings.provider === 'stripe' ? 'stripe' : 'manual';
}

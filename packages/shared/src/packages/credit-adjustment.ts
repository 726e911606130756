/**
 * The owner's hand on a client's credits (issue 24), in a file of its own: it reuses the mark-paid
 * fields of payments, which the public pages that read packages' schemas need not load.
 */
import { z } from 'zod';
import { markPaidSchema } from '../payments/schemas';
import { withoutNul } from '../text';
import { CREDIT_ADJUSTMENT_MAX, CREDIT_REASON_MAX } from './limits';
import { PACKAGE_MESSAGES as M } from './messages';

/** What a grant paid by hand is refused with (the owner's screen only, so not in PACKAGE_MESSAGES). */
export const CREDIT_GRANT_MESSAGES = {
  creditPaidByHandNeedsPackage: 'Only a package granted now can be recorded as paid by hand',
  creditPaidGrantSessions: (sessions: number) =>
    `A package paid by hand gives its own ${sessions} ${sessions === 1 ? 'credit' : 'credits'}`,
  creditGrantOfFreePackage:
    'This package is free: grant it without a payment (there is no money to give a receipt for)',
} as const;

/**
 * Why the owner's hand adjustment of credits (POST /api/admin/users/:id/credits) was refused, one
 * problem `type` each, so the screen says it without reading the server's words.
 */
export const CREDIT_PURCHASE_NOT_PAID_PROBLEM_TYPE = 'urn:consult:credit-purchase-not-paid';
export const CREDIT_TAKE_BACK_TOO_MANY_PROBLEM_TYPE = 'urn:consult:credit-take-back-too-many';
export const CREDIT_GRANT_FREE_PACKAGE_PROBLEM_TYPE = 'urn:consult:credit-grant-free-package';

/**
 * POST /api/admin/users/:id/credits: adjust a purchase's credits or grant a package by hand. A grant
 * is free unless `paidByHand` says how the owner received the package's price (the mark-paid fields:
 * method, day received, note, the receipt number they were shown); then it is a paid purchase at
 * the package's price with its numbered receipt, and `delta` must be the package's sessions.
 */
export const creditAdjustmentSchema = z
  .object({
    paidByHand: markPaidSchema.optional(),
    purchaseId: z.string().optional(),
    packageId: z.string().optional(),
    delta: z
      .number({ error: M.creditDeltaInvalid })
      .int(M.creditDeltaInvalid)
      .min(-CREDIT_ADJUSTMENT_MAX, M.creditDeltaInvalid)
      .max(CREDIT_ADJUSTMENT_MAX, M.creditDeltaInvalid)
      .refine((delta) => delta !== 0, M.creditDeltaInvalid),
    reason: z
      .string({ error: M.creditReasonRequired })
      .overwrite(withoutNul)
      .trim()
      .min(1, M.creditReasonRequired)
      .max(CREDIT_REASON_MAX, M.creditReasonTooLong),
  })
  .refine((input) => (input.purchaseId === undefined) !== (input.packageId === undefined), {
    message: M.creditTargetRequired,
    path: ['purchaseId'],
  })
  .refine((input) => input.purchaseId !== undefined || input.delta > 0, {
    message: M.creditGrantNeedsPositive,
    path: ['delta'],
  })
  .refine((input) => input.paidByHand === undefined || input.packageId !== undefined, {
    message: CREDIT_GRANT_MESSAGES.creditPaidByHandNeedsPackage,
    path: ['paidByHand'],
  });
export type CreditAdjustment = z.input<typeof creditAdjustmentSchema>;

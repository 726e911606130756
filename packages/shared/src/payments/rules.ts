/**
 * The payment rules as plain functions: which status may follow which, how much goes back on a
 * refund, how receipts are numbered and how tax is read out of a price that includes it.
 */

export const PAYMENT_STATUSES = [
  'pending',
  'paid',
  'refunded',
  'partially_refunded',
  'failed',
  'cancelled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['manual', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** How the owner received a payment they mark paid by hand. */
export const PAYMENT_METHODS = ['bank_transfer', 'cash', 'card_in_person', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How the owner sent a manual refund back. */
export const REFUND_METHODS = ['bank_transfer', 'cash', 'card', 'other'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** A payment marked paid by hand by mistake can be voided for this long after (decision 034). */
export const VOID_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a payment marked paid at `paidAt` may still be voided at `now`: only one the owner marked
 * paid by hand (`paidMethod` set), still fully paid with no refund asked, within the window.
 */
export function voidRefusal(
  payment: {
    status: PaymentStatus;
    paidMethod: string | null;
    paidAt: Date | null;
    refundedMinor: number;
    refundPendingMinor: number;
  },
  now: Date,
): 'not_manual' | 'not_paid' | 'has_refunds' | 'too_late' | null {
  if (payment.status !== 'paid' && payment.status !== 'partially_refunded') {
    return payment.status === 'refunded' ? 'has_refunds' : 'not_paid';
  }
  if (!payment.paidMethod || !payment.paidAt) return 'not_manual';
  if (payment.refundedMinor > 0 || payment.refundPendingMinor > 0) return 'has_refunds';
  if (now.getTime() - payment.paidAt.getTime() > VOID_WINDOW_MS) return 'too_late';
  return null;
}

/**
 * Which status may follow which. A cancelled or failed payment can still become paid: money that
 * arrives late (after the hold ended, say) is recorded as received, then refunded in full.
 */
const NEXT_STATUSES: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['paid', 'failed', 'cancelled'],
  failed: ['paid', 'cancelled'],
  cancelled: ['paid'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
};

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

/**
 * A payment not received that still names a receipt: only a voided mark-paid leaves one (the
 * number stays used), so screens that have only the record can say VOID.
 */
export function hasVoidReceipt(payment: {
  status: PaymentStatus;
  receiptNumber: string | null;
}): boolean {
  return payment.receiptNumber !== null && !isRefundable(payment) && payment.status !== 'refunded';
}

/** Money was received and not all of it has gone back. */
export function isRefundable(payment: { status: PaymentStatus }): boolean {
  return payment.status === 'paid' || payment.status === 'partially_refunded';
}

/**
 * What is left to refund of a payment: its amount less what has gone back and what has been asked
 * of the provider and not confirmed yet (a Stripe refund on its way).
 */
export function refundableMinor(payment: {
  status: PaymentStatus;
  amountMinor: number;
  refundedMinor: number;
  refundPendingMinor?: number;
}): number {
  if (!isRefundable(payment)) return 0;
  const gone = payment.refundedMinor + (payment.refundPendingMinor ?? 0);
  return Math.max(0, payment.amountMinor - gone);
}

/** The status after `refundedMinor` of `amountMinor` has gone back in all. */
export function statusAfterRefund(
  amountMinor: number,
  refundedMinor: number,
): 'paid' | 'partially_refunded' | 'refunded' {
  if (refundedMinor <= 0) return 'paid';
  return refundedMinor >= amountMinor ? 'refunded' : 'partially_refunded';
}

/**
 * What a client who cancels before the cutoff gets back: the owner's share (in percent, 0–100) of
 * what they paid, rounded half up to the minor unit, never more than is left to refund.
 */
export function clientCancellationRefundMinor(
  payment: {
    status: PaymentStatus;
    amountMinor: number;
    refundedMinor: number;
    refundPendingMinor?: number;
  },
  sharePercent: number,
): number {
  const share = Math.round((payment.amountMinor * sharePercent) / 100);
  return Math.min(share, refundableMinor(payment));
}

/** Receipt numbers run per calendar year without gaps: 2026-0001, 2026-0002, … 2026-10000. */
export function formatReceiptNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(4, '0')}`;
}

/**
 * The tax inside a gross amount at a rate in basis points (1900 = 19 %): prices include tax, so
 * net + tax = gross, with the tax rounded half up to the minor unit.
 */
export function taxBreakdown(
  grossMinor: number,
  rateBasisPoints: number,
): { netMinor: number; taxMinor: number } {
  const taxMinor = Math.round((grossMinor * rateBasisPoints) / (10_000 + rateBasisPoints));
  return { netMinor: grossMinor - taxMinor, taxMinor };
}

/**
 * What a package's payment bought, as receipts, lists and mails name it: "5 × Coaching session
 * package" (the purchase's own title and sessions, as bought).
 */
export function packageLine(bought: { title: string; sessions: number }): string {
  return `${bought.sessions} × ${bought.title}`;
}

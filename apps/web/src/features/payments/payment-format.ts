/** How payments read on screen: refunds' states, what is owed, tax rates as percentages. */
import type { PaymentProvider, RefundRecord } from '@consult/shared';

/** A refund's state at the provider, as the owner reads it beside the refund. */
export const REFUND_STATUS_LABELS: Record<RefundRecord['status'], string> = {
  pending: 'Pending at Stripe',
  succeeded: 'Refunded',
  failed: 'Failed',
};

/** A refund's state in words: an owed manual refund is never called refunded. */
export function refundStatusLabel(refund: Pick<RefundRecord, 'status' | 'owed'>): string {
  return refund.owed ? 'Owed: not sent yet' : REFUND_STATUS_LABELS[refund.status];
}

/** What the business still has to send back by hand of a manual payment's refunds. */
export function owedRefundMinor(
  provider: PaymentProvider,
  refunds: Pick<RefundRecord, 'owed' | 'amountMinor'>[],
): number {
  if (provider !== 'manual') return 0;
  return refunds.reduce((sum, refund) => sum + (refund.owed ? refund.amountMinor : 0), 0);
}

/**
 * The refunds a receipt lists: given back or on their way. One the provider failed gave nothing
 * back, so the receipt does not show it as a deduction (the owner's payment screen still lists it).
 */
export function refundsOnReceipt<T extends Pick<RefundRecord, 'status'>>(refunds: T[]): T[] {
  return refunds.filter((refund) => refund.status !== 'failed');
}

/** A rate in basis points as people write it: 1900 → "19 %", 750 → "7.5 %". */
export function formatTaxRate(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(2))} %`;
}

/** A typed percentage ("19", "7.5", "12,25") in basis points, or null when it is not 0–100 with at most two decimals. */
export function percentToBasisPoints(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(cleaned)) return null;
  const basisPoints = Math.round(Number(cleaned) * 100);
  return basisPoints <= 10_000 ? basisPoints : null;
}

import { describe, expect, it } from 'vitest';
import { CREDIT_GRANT_MESSAGES, creditAdjustmentSchema } from './credit-adjustment';

const grant = { packageId: 'p1', delta: 5, reason: 'Paid in cash' };

describe('creditAdjustmentSchema: how a grant was paid', () => {
  it('keeps a grant without paidByHand free, as existing callers send it', () => {
    expect(creditAdjustmentSchema.parse(grant)).toEqual(grant);
  });

  it('takes the mark-paid fields for a grant paid by hand', () => {
    const parsed = creditAdjustmentSchema.parse({
      ...grant,
      paidByHand: { method: 'cash', receivedOn: '2026-11-20' },
    });
    expect(parsed.paidByHand).toMatchObject({ method: 'cash', receivedOn: '2026-11-20' });
  });

  it('refuses paidByHand on an existing purchase, and without a method', () => {
    const onPurchase = creditAdjustmentSchema.safeParse({
      purchaseId: 'u1',
      delta: 1,
      reason: 'One more',
      paidByHand: { method: 'cash' },
    });
    expect(onPurchase.error?.issues).toEqual([
      expect.objectContaining({
        path: ['paidByHand'],
        message: CREDIT_GRANT_MESSAGES.creditPaidByHandNeedsPackage,
      }),
    ]);
    const noMethod = creditAdjustmentSchema.safeParse({ ...grant, paidByHand: {} });
    expect(noMethod.success).toBe(false);
    expect(noMethod.error?.issues[0]?.path).toEqual(['paidByHand', 'method']);
  });
});

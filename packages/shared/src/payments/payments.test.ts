import { describe, expect, it } from 'vitest';
import { formatMoney, minorUnitDigits, parseMoneyInput, plainAmount } from './money';
import {
  canMovePayment,
  clientCancellationRefundMinor,
  formatReceiptNumber,
  hasVoidReceipt,
  refundableMinor,
  statusAfterRefund,
  taxBreakdown,
  VOID_WINDOW_MS,
  voidRefusal,
} from './rules';
import { PAYMENT_MESSAGES } from './messages';
import {
  activePaymentProvider,
  confirmRefundSentSchema,
  markPaidSchema,
  paymentSettingsSchema,
  refundPaymentSchema,
  voidPaymentSchema,
} from './schemas';
import { TEXT_MESSAGES } from '../text';

describe('money', () => {
  it.each([
    [12050, 'USD', '$120.50'],
    [12000, 'USD', '$120.00'],
    [99, 'EUR', '€0.99'],
    [5000, 'JPY', '¥5,000'],
    [1234550, 'PKR', 'PKR\u00a012,345.50'],
    [1234, 'KWD', 'KWD\u00a01.234'],
    [0, 'USD', '$0.00'],
  ])('writes %i minor units of %s as %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });

  it('drops the zeros of whole amounts on price tags only', () => {
    expect(formatMoney(12000, 'USD', { wholeUnitsShort: true })).toBe('$120');
    expect(formatMoney(12050, 'USD', { wholeUnitsShort: true })).toBe('$120.50');
    expect(formatMoney(5000, 'JPY', { wholeUnitsShort: true })).toBe('¥5,000');
  });

  it('counts minor units as ISO 4217 does, not as display rounding does', () => {
    expect([minorUnitDigits('USD'), minorUnitDigits('PKR'), minorUnitDigits('JPY')]).toEqual([
      2, 2, 0,
    ]);
    expect(minorUnitDigits('kwd')).toBe(3);
  });

  it.each([
    ['12.50', 'USD', 1250],
    ['12.5', 'EUR', 1250],
    ['1,200', 'USD', 120000],
    ['5000', 'JPY', 5000],
    [' 7 ', 'PKR', 700],
    ['0.001', 'KWD', 1],
  ])('reads %j in %s as %i minor units', (text, currency, minor) => {
    expect(parseMoneyInput(text, currency)).toBe(minor);
  });

  it.each([
    [2500, 'USD', '25.00'],
    [5000, 'JPY', '5000'],
    [123450, 'PKR', '1234.50'],
    [1234, 'KWD', '1.234'],
    [0, 'EUR', '0.00'],
  ])('prefills %i minor units of %s as %j, which reads back the same', (minor, currency, text) => {
    expect(plainAmount(minor, currency)).toBe(text);
    expect(parseMoneyInput(text, currency)).toBe(minor);
  });

  it.each([
    ['', 'USD'],
    ['-5', 'USD'],
    ['12.505', 'USD'],
    ['12.5', 'JPY'],
    ['1e3', 'USD'],
    ['ten', 'USD'],
    ['1234567890123', 'USD'],
  ])('refuses %j in %s', (text, currency) => {
    expect(parseMoneyInput(text, currency)).toBeNull();
  });
});

describe('payment statuses', () => {
  it('moves a pending payment to paid, failed or cancelled, and nowhere back', () => {
    expect(canMovePayment('pending', 'paid')).toBe(true);
    expect(canMovePayment('pending', 'failed')).toBe(true);
    expect(canMovePayment('pending', 'cancelled')).toBe(true);
    expect(canMovePayment('paid', 'pending')).toBe(false);
    expect(canMovePayment('pending', 'refunded')).toBe(false);
  });

  it('records money that arrives after the payment was cancelled, so it can be refunded', () => {
    expect(canMovePayment('cancelled', 'paid')).toBe(true);
    expect(canMovePayment('failed', 'paid')).toBe(true);
  });

  it('ends at refunded', () => {
    for (const to of ['pending', 'paid', 'partially_refunded', 'failed', 'cancelled'] as const) {
      expect(canMovePayment('refunded', to)).toBe(false);
    }
    expect(canMovePayment('partially_refunded', 'refunded')).toBe(true);
    expect(canMovePayment('partially_refunded', 'partially_refunded')).toBe(true);
  });
});

describe('refunds', () => {
  const paid = { status: 'paid' as const, amountMinor: 12000, refundedMinor: 0 };

  it('leaves what was paid and not yet refunded, and nothing of money never received', () => {
    expect(refundableMinor(paid)).toBe(12000);
    expect(refundableMinor({ ...paid, status: 'partially_refunded', refundedMinor: 5000 })).toBe(
      7000,
    );
    expect(refundableMinor({ ...paid, status: 'pending' })).toBe(0);
    expect(refundableMinor({ ...paid, status: 'refunded', refundedMinor: 12000 })).toBe(0);
  });

  it('keeps a refund still on its way at the provider out of what is left to refund', () => {
    expect(refundableMinor({ ...paid, refundPendingMinor: 4000 })).toBe(8000);
    expect(
      refundableMinor({
        ...paid,
        status: 'partially_refunded',
        refundedMinor: 5000,
        refundPendingMinor: 7000,
      }),
    ).toBe(0);
  });

  it('names the status by what has gone back in all', () => {
    expect(statusAfterRefund(12000, 0)).toBe('paid');
    expect(statusAfterRefund(12000, 1)).toBe('partially_refunded');
    expect(statusAfterRefund(12000, 12000)).toBe('refunded');
  });

  it("gives a cancelling client the owner's share, rounded half up, within what is left", () => {
    expect(clientCancellationRefundMinor(paid, 100)).toBe(12000);
    expect(clientCancellationRefundMinor(paid, 0)).toBe(0);
    expect(clientCancellationRefundMinor({ ...paid, amountMinor: 12345 }, 50)).toBe(6173);
    expect(
      clientCancellationRefundMinor(
        { ...paid, status: 'partially_refunded', refundedMinor: 10000 },
        50,
      ),
    ).toBe(2000);
    expect(clientCancellationRefundMinor({ ...paid, status: 'pending' }, 100)).toBe(0);
  });
});

describe('receipts', () => {
  it('numbers receipts per year with at least four digits', () => {
    expect(formatReceiptNumber(2026, 1)).toBe('2026-0001');
    expect(formatReceiptNumber(2026, 42)).toBe('2026-0042');
    expect(formatReceiptNumber(2027, 10000)).toBe('2027-10000');
  });

  it('reads the tax out of a price that includes it', () => {
    expect(taxBreakdown(11900, 1900)).toEqual({ netMinor: 10000, taxMinor: 1900 });
    expect(taxBreakdown(12000, 1700)).toEqual({ netMinor: 10256, taxMinor: 1744 });
    expect(taxBreakdown(5000, 0)).toEqual({ netMinor: 5000, taxMinor: 0 });
  });
});

describe('payment settings and actions', () => {
  it('fill defaults and refuse bad values with their messages', () => {
    const settings = paymentSettingsSchema.parse({});
    expect(settings).toMatchObject({
      provider: 'stripe',
      clientRefundPercent: 100,
      taxRateBasisPoints: 0,
    });
    const bad = paymentSettingsSchema.safeParse({
      clientRefundPercent: 101,
      taxRateBasisPoints: 12.5,
      businessName: 'Line\none',
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((issue) => issue.message);
    expect(messages).toContain(PAYMENT_MESSAGES.refundShareInvalid);
    expect(messages).toContain(PAYMENT_MESSAGES.taxRateInvalid);
    expect(messages).toContain(TEXT_MESSAGES.singleLine);
  });

  it('use Stripe only when the server has it and the owner has not chosen manual', () => {
    expect(activePaymentProvider(true, { provider: 'stripe' })).toBe('stripe');
    expect(activePaymentProvider(true, { provider: 'manual' })).toBe('manual');
    expect(activePaymentProvider(false, { provider: 'stripe' })).toBe('manual');
  });

  it('refuse a refund of zero or a fraction of the minor unit', () => {
    expect(refundPaymentSchema.safeParse({ amountMinor: 0 }).success).toBe(false);
    expect(refundPaymentSchema.safeParse({ amountMinor: 10.5 }).success).toBe(false);
    const messageOf = (amountMinor: number) =>
      refundPaymentSchema.safeParse({ amountMinor }).error?.issues.map((i) => i.message);
    expect(messageOf(-2.5)).toEqual([PAYMENT_MESSAGES.refundAmountInvalid]);
    expect(messageOf(10.5)).toEqual([PAYMENT_MESSAGES.refundAmountNotWhole]);
    expect(messageOf(Infinity)).toEqual([PAYMENT_MESSAGES.refundBeyondAnyPayment]);
    // Beyond what a number holds exactly, still a whole amount: the refund says the most it takes.
    expect(refundPaymentSchema.parse({ amountMinor: 2 ** 53 + 2 }).amountMinor).toBe(2 ** 53 + 2);
    expect(refundPaymentSchema.parse({ reason: '  ' })).toEqual({ reason: null });
  });
});

describe('voiding a mark-paid', () => {
  const paidAt = new Date('2026-11-26T10:00:00Z');
  const marked = {
    status: 'paid' as const,
    paidMethod: 'cash',
    paidAt,
    refundedMinor: 0,
    refundPendingMinor: 0,
  };
  const after = (ms: number) => new Date(paidAt.getTime() + ms);

  it('reads a receipt number on a payment not received as a voided one', () => {
    expect(hasVoidReceipt({ status: 'pending', receiptNumber: '2026-0001' })).toBe(true);
    expect(hasVoidReceipt({ status: 'cancelled', receiptNumber: '2026-0001' })).toBe(true);
    expect(hasVoidReceipt({ status: 'paid', receiptNumber: '2026-0001' })).toBe(false);
    expect(hasVoidReceipt({ status: 'refunded', receiptNumber: '2026-0001' })).toBe(false);
    expect(hasVoidReceipt({ status: 'pending', receiptNumber: null })).toBe(false);
  });

  it('is allowed for 24 hours after a mark-paid by hand, and not a moment later', () => {
    expect(voidRefusal(marked, after(0))).toBeNull();
    expect(voidRefusal(marked, after(VOID_WINDOW_MS))).toBeNull();
    expect(voidRefusal(marked, after(VOID_WINDOW_MS + 1))).toBe('too_late');
  });

  it('is refused for a payment not marked paid by hand, not paid, or with a refund', () => {
    expect(voidRefusal({ ...marked, paidMethod: null }, after(0))).toBe('not_manual');
    expect(voidRefusal({ ...marked, status: 'pending', paidAt: null }, after(0))).toBe('not_paid');
    expect(voidRefusal({ ...marked, refundPendingMinor: 100 }, after(0))).toBe('has_refunds');
    expect(voidRefusal({ ...marked, status: 'refunded', refundedMinor: 100 }, after(0))).toBe(
      'has_refunds',
    );
  });

  it('asks for a reason, and the mark-paid and refund-sent forms for their method and day', () => {
    expect(voidPaymentSchema.safeParse({ reason: '   ' }).error?.issues[0]?.message).toBe(
      PAYMENT_MESSAGES.voidReasonRequired,
    );
    expect(markPaidSchema.safeParse({}).error?.issues[0]?.message).toBe(
      PAYMENT_MESSAGES.paymentMethodInvalid,
    );
    expect(markPaidSchema.parse({ method: 'cash', note: ' ' })).toEqual({
      method: 'cash',
      note: null,
    });
    expect(confirmRefundSentSchema.safeParse({ method: 'card' }).success).toBe(false);
    expect(
      confirmRefundSentSchema.safeParse({ method: 'wire', sentOn: '2026-11-26' }).success,
    ).toBe(false);
  });
});

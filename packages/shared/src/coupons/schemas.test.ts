import { describe, expect, it } from 'vitest';
import { couponDiscountMinor } from './discount';
import { COUPON_MESSAGES as M } from './messages';
import { couponCheckSchema, couponInputSchema, couponPatchSchema, receiptLines } from './schemas';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

describe('discount code input', () => {
  it('stores the code upper-case and fills the defaults', () => {
    const parsed = couponInputSchema.parse({ code: ' spring10 ', percentOff: 10 });
    expect(parsed).toEqual({
      code: 'SPRING10',
      percentOff: 10,
      amountOff: null,
      appliesTo: 'all',
      services: [],
      packages: [],
      validFrom: null,
      validTo: null,
      totalLimit: null,
      perClientLimit: null,
      active: true,
    });
  });

  it('refuses a code with signs or spaces, and one too short', () => {
    expect(messagesOf(couponInputSchema.safeParse({ code: 'SPR-10', percentOff: 5 }))).toEqual([
      M.codeInvalid,
    ]);
    expect(messagesOf(couponInputSchema.safeParse({ code: 'AB', percentOff: 5 }))).toEqual([
      M.codeTooShort,
    ]);
  });

  it('needs exactly one of a percentage and an amount off', () => {
    expect(messagesOf(couponInputSchema.safeParse({ code: 'NONE1' }))).toEqual([
      M.discountKindRequired,
    ]);
    const both = {
      code: 'BOTH1',
      percentOff: 10,
      amountOff: [{ currency: 'EUR', amountMinor: 500 }],
    };
    expect(messagesOf(couponInputSchema.safeParse(both))).toEqual([M.discountKindRequired]);
    expect(
      messagesOf(couponPatchSchema.safeParse({ percentOff: 10, amountOff: both.amountOff })),
    ).toEqual([M.discountKindRequired]);
  });

  it('checks the percentage, the amounts and their currencies', () => {
    expect(messagesOf(couponInputSchema.safeParse({ code: 'PCT', percentOff: 101 }))).toEqual([
      M.percentInvalid,
    ]);
    const twice = [
      { currency: 'EUR', amountMinor: 500 },
      { currency: 'EUR', amountMinor: 700 },
    ];
    expect(messagesOf(couponInputSchema.safeParse({ code: 'AMT', amountOff: twice }))).toEqual([
      M.amountCurrencyRepeated,
    ]);
  });

  it('ties appliesTo to its list and the valid days to their order', () => {
    expect(
      messagesOf(
        couponInputSchema.safeParse({ code: 'SVC', percentOff: 5, appliesTo: 'services' }),
      ),
    ).toEqual([M.servicesRequired]);
    expect(
      messagesOf(
        couponInputSchema.safeParse({ code: 'ALL', percentOff: 5, services: ['coaching'] }),
      ),
    ).toEqual([M.targetsNotExpected]);
    expect(
      messagesOf(
        couponInputSchema.safeParse({
          code: 'DAYS',
          percentOff: 5,
          validFrom: '2026-12-10',
          validTo: '2026-12-01',
        }),
      ),
    ).toEqual([M.validToBeforeFrom]);
  });
});

describe('checking a code', () => {
  it('names a service or a package, not both', () => {
    expect(messagesOf(couponCheckSchema.safeParse({ code: 'X' }))).toEqual([M.checkTargetRequired]);
    expect(
      messagesOf(couponCheckSchema.safeParse({ code: 'X', service: 'a', package: 'b' })),
    ).toEqual([M.checkTargetRequired]);
    expect(couponCheckSchema.parse({ code: ' spring-10 ', service: 'a' }).code).toBe('SPRING-10');
    expect(messagesOf(couponCheckSchema.safeParse({ code: 'X'.repeat(65), service: 'a' }))).toEqual(
      [M.typedCodeTooLong],
    );
  });
});

describe('the discount', () => {
  it('rounds a percentage down and never exceeds the price', () => {
    expect(couponDiscountMinor({ percentOff: 15, amountOff: null }, 999, 'EUR')).toBe(149);
    expect(couponDiscountMinor({ percentOff: 100, amountOff: null }, 12000, 'EUR')).toBe(12000);
    const fixed = { percentOff: null, amountOff: [{ currency: 'EUR', amountMinor: 5000 }] };
    expect(couponDiscountMinor(fixed, 3000, 'EUR')).toBe(3000);
    expect(couponDiscountMinor(fixed, 9000, 'EUR')).toBe(5000);
    expect(couponDiscountMinor(fixed, 9000, 'GBP')).toBeNull();
  });

  it('lists the receipt lines: price, discount with its code, total', () => {
    expect(
      receiptLines(9000, { code: 'SPRING10', originalMinor: 10000, discountMinor: 1000 }),
    ).toEqual([
      { kind: 'price', amountMinor: 10000 },
      { kind: 'discount', code: 'SPRING10', amountMinor: -1000 },
      { kind: 'total', amountMinor: 9000 },
    ]);
    expect(receiptLines(9000, null)).toEqual([{ kind: 'total', amountMinor: 9000 }]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CURRENCY_MESSAGES,
  currencyChoices,
  currencyCodeSchema,
  currencySign,
  moneyInputMessage,
  parseMoneyInput,
  sameAmountIn,
  siteCurrencySchema,
} from './index';

describe('the site currency', () => {
  it.each([
    ['150', 'GBP', 15000],
    ['150.50', 'GBP', 15050],
    ['150', 'JPY', 150],
    ['150', 'KWD', 150000],
    ['150.25', 'KWD', 150250],
    ['150.255', 'KWD', 150255],
  ])('reads the major amount %j in %s as %i minor units', (text, currency, minor) => {
    expect(parseMoneyInput(text, currency)).toBe(minor);
  });

  it.each([
    ['150.5', 'JPY'],
    ['150.505', 'GBP'],
    ['150.2555', 'KWD'],
    ['£150', 'GBP'],
  ])('refuses %j in %s', (text, currency) => {
    expect(parseMoneyInput(text, currency)).toBeNull();
  });

  it('says what a good amount looks like, with the currency’s own decimals', () => {
    expect(moneyInputMessage('GBP')).toBe('Enter an amount like 150 or 150.50');
    expect(moneyInputMessage('JPY')).toBe('Enter a whole amount like 150: JPY has no decimals');
    expect(moneyInputMessage('KWD')).toBe('Enter an amount like 150 or 150.500');
  });

  it('writes the sign beside an amount field, or the code where there is no sign', () => {
    expect([currencySign('GBP'), currencySign('JPY'), currencySign('USD')]).toEqual([
      '£',
      '¥',
      '$',
    ]);
    expect(currencySign('KWD')).toBe('KWD');
  });

  it('keeps the amount the owner typed when a price moves to another currency', () => {
    expect(sameAmountIn(12000, 'USD', 'GBP')).toBe(12000);
    expect(sameAmountIn(12000, 'USD', 'JPY')).toBe(120);
    expect(sameAmountIn(120, 'JPY', 'KWD')).toBe(120000);
    expect(sameAmountIn(150250, 'KWD', 'GBP')).toBe(15025);
    // Fewer decimals round half up: $120.50 is ¥121.
    expect(sameAmountIn(12050, 'USD', 'JPY')).toBe(121);
  });

  it('accepts the runtime’s ISO 4217 codes only, in capitals', () => {
    expect(currencyCodeSchema.safeParse('GBP').success).toBe(true);
    expect(currencyCodeSchema.safeParse('XYZ').error?.issues[0]?.message).toBe(
      CURRENCY_MESSAGES.unknown,
    );
    expect(currencyCodeSchema.safeParse('gbp').error?.issues[0]?.message).toBe(
      CURRENCY_MESSAGES.invalid,
    );
    expect(siteCurrencySchema.safeParse({}).success).toBe(false);
  });

  it('offers every known currency by name, once', () => {
    const choices = currencyChoices();
    expect(choices).toContainEqual({ value: 'GBP', label: 'British Pound (GBP)' });
    expect(new Set(choices.map((choice) => choice.value)).size).toBe(choices.length);
  });
});

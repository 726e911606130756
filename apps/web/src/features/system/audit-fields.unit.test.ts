import { describe, expect, it } from 'vitest';
import { auditCurrency, auditFieldLabel, formatAuditField } from './audit-fields';

const context = { timeZone: 'Asia/Karachi', currency: 'GBP' };

describe('auditFieldLabel', () => {
  it('names known fields in the settings’ words, each part of a dotted path', () => {
    expect(auditFieldLabel('priceMinor')).toBe('Price');
    expect(auditFieldLabel('taxRateBasisPoints')).toBe('Tax rate');
    expect(auditFieldLabel('rules.bufferMinutes')).toBe('Booking rules › Break between sessions');
  });

  it('spells out a field the map does not name', () => {
    expect(auditFieldLabel('somethingNew_here')).toBe('Something new here');
  });
});

describe('formatAuditField', () => {
  it('shows money as money in the entry’s currency, with its own decimals', () => {
    expect(formatAuditField('priceMinor', 15000, context)).toBe('£150.00');
    expect(formatAuditField('amountMinor', 1500, { ...context, currency: 'JPY' })).toBe('¥1,500');
  });

  it('says so when an amount’s currency was not recorded', () => {
    expect(formatAuditField('priceMinor', 15000, { timeZone: 'UTC' })).toBe(
      '150.00 (currency not recorded)',
    );
  });

  it('shows rates as percentages, never basis points', () => {
    expect(formatAuditField('taxRateBasisPoints', 1900, context)).toBe('19 %');
    expect(formatAuditField('taxRateBasisPoints', 750, context)).toBe('7.5 %');
    expect(formatAuditField('clientRefundPercent', 50, context)).toBe('50 %');
  });

  it('shows instants in the owner’s zone and days as days', () => {
    // 23:30 UTC is already the next day in Karachi (UTC+5).
    expect(formatAuditField('paidAt', '2026-03-01T23:30:00.000Z', context)).toBe(
      '2 Mar 2026, 04:30',
    );
    expect(formatAuditField('dueDate', '2026-03-01', context)).toBe('1 Mar 2026');
  });

  it('shows booleans as Yes and No, durations with their unit, nothing as a dash', () => {
    expect(formatAuditField('active', true, context)).toBe('Yes');
    expect(formatAuditField('disabled', false, context)).toBe('No');
    expect(formatAuditField('rules.bufferMinutes', 15, context)).toBe('15 min');
    expect(formatAuditField('rules.minimumNoticeHours', 1, context)).toBe('1 hour');
    expect(formatAuditField('rules.horizonDays', 60, context)).toBe('60 days');
    expect(formatAuditField('note', null, context)).toBe('—');
    expect(formatAuditField('note', '', context)).toBe('(empty)');
  });
});

describe('auditCurrency', () => {
  it('finds the currency the entry names, before or after the change', () => {
    expect(auditCurrency({ currency: 'USD' })).toBe('USD');
    expect(auditCurrency({ before: { priceMinor: 1 }, after: { currency: 'EUR' } })).toBe('EUR');
    expect(auditCurrency({ before: { priceMinor: 1 } })).toBeUndefined();
  });
});

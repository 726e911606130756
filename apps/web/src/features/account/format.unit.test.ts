import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('account dates', () => {
  it('puts the day first in a date and in a date with its time, as the profile cards show them', () => {
    expect(formatDate('2026-11-26T22:30:00Z', 'UTC')).toBe('26 November 2026');
    expect(formatDateTime('2026-11-26T22:30:00Z', 'UTC')).toBe('26 Nov 2026, 22:30');
  });

  it('shows a birth date as its calendar day, whatever the zone', () => {
    expect(formatDate('1990-04-23')).toBe('23 April 1990');
    expect(formatDate('1990-04-23', 'Pacific/Kiritimati')).toBe('23 April 1990');
  });

  it('reads the instant in the person’s zone', () => {
    expect(formatDate('2026-11-26T22:30:00Z', 'Asia/Karachi')).toBe('27 November 2026');
  });

  it('says so when there is no date', () => {
    expect(formatDate(null)).toBe('Not given');
  });
});

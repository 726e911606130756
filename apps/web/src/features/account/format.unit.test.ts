import { describe, expect, it } from 'vitest';
import { firstName, formatBirthDate } from './format';

describe('account facts', () => {
  it('shows a birth date as its calendar day, whatever the zone', () => {
    expect(formatBirthDate('1990-04-23')).toBe('23 April 1990');
  });

  it('says so when there is no birth date', () => {
    expect(formatBirthDate(null)).toBe('Not given');
  });

  it('greets by the first name', () => {
    expect(firstName('  Ada  Lovelace ')).toBe('Ada');
  });
});

import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('names one in the singular and every other count in the plural', () => {
    expect(countOf(1, 'event')).toBe('1 event');
    expect(countOf(0, 'event')).toBe('0 events');
    expect(countOf(2, 'busy time')).toBe('2 busy times');
    expect(countOf(3, 'child', 'children')).toBe('3 children');
  });
});

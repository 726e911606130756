import { describe, expect, it } from 'vitest';
import { countChange, shareChange } from './metrics-format';

describe('changes against the previous range', () => {
  it('counts: the difference with its percentage, "none before" from zero, "no change"', () => {
    expect(countChange(6, 4)).toEqual({ text: '+2 (+50 %)', direction: 'up' });
    expect(countChange(3, 4)).toEqual({ text: '−1 (−25 %)', direction: 'down' });
    expect(countChange(7, 0)).toEqual({ text: '+7 (none before)', direction: 'new' });
    expect(countChange(4, 4)).toEqual({ text: 'no change', direction: 'same' });
  });

  it('shares: percentage points; said when the previous range had no figure; none without one now', () => {
    expect(shareChange(0.25, 0.2)).toEqual({ text: '+5.0 points', direction: 'up' });
    expect(shareChange(0.1, 0.2)).toEqual({ text: '−10.0 points', direction: 'down' });
    expect(shareChange(0.167, null)).toEqual({ text: 'no figure before', direction: 'new' });
    expect(shareChange(null, 0.2)).toBeNull();
    expect(shareChange(0.2, 0.2)).toEqual({ text: 'no change', direction: 'same' });
  });
});

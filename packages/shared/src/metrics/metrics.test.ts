import { describe, expect, it } from 'vitest';
import { csvCell, monthsOf, presetRange, previousRange, rangeDays, weekStartsOf } from './rules';

describe('metrics ranges', () => {
  it('reads each preset as ending today', () => {
    expect(presetRange('thisMonth', '2026-11-25')).toEqual({
      from: '2026-11-01',
      to: '2026-11-25',
    });
    expect(presetRange('last30Days', '2026-03-15')).toEqual({
      from: '2026-02-14',
      to: '2026-03-15',
    });
    expect(presetRange('thisQuarter', '2026-11-25')).toEqual({
      from: '2026-10-01',
      to: '2026-11-25',
    });
    expect(presetRange('thisQuarter', '2026-03-31')).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(presetRange('thisYear', '2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-11-25' });
  });

  it('compares with the range of the same length ending the day before', () => {
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    });
    expect(rangeDays({ from: '2026-03-01', to: '2026-03-01' })).toBe(1);
  });

  it('lists the Mondays and the months a range touches', () => {
    expect(weekStartsOf({ from: '2026-03-01', to: '2026-03-09' })).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
    ]);
    expect(monthsOf({ from: '2025-11-30', to: '2026-02-01' })).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });
});

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['=1+2', "'=1+2"],
    ['+44 20', "'+44 20"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers as they are and nothing for null', () => {
    expect(csvCell(60)).toBe('60');
    expect(csvCell(null)).toBe('');
  });
});

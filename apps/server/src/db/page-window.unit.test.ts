import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('is page 1 of 1 when there are no rows', () => {
    expect(pageWindow(0, 1, 10)).toEqual({ currentPage: 1, totalPages: 1, offset: 0, limit: 10 });
  });

  it('counts a partly filled last page', () => {
    expect(pageWindow(21, 3, 10)).toEqual({ currentPage: 3, totalPages: 3, offset: 20, limit: 10 });
    expect(pageWindow(20, 2, 10).totalPages).toBe(2);
  });

  it('answers a page past the last with the last, and a page below 1 with the first', () => {
    expect(pageWindow(15, 9, 10)).toMatchObject({ currentPage: 2, offset: 10 });
    expect(pageWindow(15, 0, 10)).toMatchObject({ currentPage: 1, offset: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { withBothIds } from './past-bookings-page';

describe('withBothIds', () => {
  it('exposes the id as _id too', () => {
    expect(withBothIds({ id: 'b1', state: 'completed' })).toEqual({
      _id: 'b1',
      id: 'b1',
      state: 'completed',
    });
  });
});

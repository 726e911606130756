import { describe, expect, it } from 'vitest';
import { accountLink } from './account-link';

describe("the landing header's account link", () => {
  it('is Sign In to /signin for a visitor', () => {
    expect(accountLink(null)).toEqual({ to: '/signin', label: 'Sign In' });
  });

  it("is Dashboard to the signed-in person's area", () => {
    expect(accountLink('/admin')).toEqual({ to: '/admin', label: 'Dashboard' });
    expect(accountLink('/dash')).toEqual({ to: '/dash', label: 'Dashboard' });
  });
});

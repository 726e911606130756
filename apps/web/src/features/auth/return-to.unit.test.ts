import { describe, expect, it } from 'vitest';
import { readSignInState, returnPathAfterSignIn } from './return-to';

describe('where sign-in leads', () => {
  it('goes to the admin area for admins and the dashboard for others by default', () => {
    expect(returnPathAfterSignIn('admin', undefined, null)).toBe('/admin');
    expect(returnPathAfterSignIn('user', undefined, null)).toBe('/dash');
  });

  it('returns to the requested page from the state or the next parameter', () => {
    expect(returnPathAfterSignIn('user', '/dash/profile', null)).toBe('/dash/profile');
    expect(returnPathAfterSignIn('user', undefined, '/dash/profile?tab=1')).toBe(
      '/dash/profile?tab=1',
    );
  });

  it('never leaves the site or sends a non-admin into the admin area', () => {
    expect(returnPathAfterSignIn('user', '//evil.example/x', null)).toBe('/dash');
    expect(returnPathAfterSignIn('user', undefined, 'https://evil.example')).toBe('/dash');
    expect(returnPathAfterSignIn('user', '/admin/users', null)).toBe('/dash');
    expect(returnPathAfterSignIn('admin', '/admin/users', null)).toBe('/admin/users');
  });

  it('ignores a location state of the wrong shape', () => {
    expect(readSignInState('x')).toEqual({});
    expect(readSignInState({ from: 3 }).from).toBeUndefined();
  });
});

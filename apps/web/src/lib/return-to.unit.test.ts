import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  readSignInState,
  rememberReturnTo,
  returnPathAfterSignIn,
  takeRememberedReturnTo,
} from './return-to';

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

  // Browsers drop tabs and line breaks from URLs, so `/\t/evil.example` is `//evil.example`.
  it.each([
    ['a tab', '/\t/evil.example'],
    ['a line feed', '/\n/evil.example'],
    ['a carriage return and line feed', '/\r\n/evil.example'],
    ['a tab inside an own path', '/dash/pro\tfile'],
    ['another control character', '/dash\u0000'],
  ])('falls back to the default destination for a location carrying %s', (_label, unsafe) => {
    expect(returnPathAfterSignIn('user', undefined, unsafe)).toBe('/dash');
    expect(returnPathAfterSignIn('admin', undefined, unsafe)).toBe('/admin');
    expect(returnPathAfterSignIn('user', unsafe, null)).toBe('/dash');
    expect(returnPathAfterSignIn('admin', unsafe, '/admin/users')).toBe('/admin/users');
  });

  it('ignores a location state of the wrong shape', () => {
    expect(readSignInState('x')).toEqual({});
    expect(readSignInState({ from: 3 }).from).toBeUndefined();
  });
});

describe('a page remembered for a later sign-in', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubStorage() {
    const items = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
  }

  it('is given back once', () => {
    stubStorage();
    rememberReturnTo('/consultation?service=intro-call');
    expect(takeRememberedReturnTo()).toBe('/consultation?service=intro-call');
    expect(takeRememberedReturnTo()).toBeUndefined();
  });

  it('is never a page of another site', () => {
    stubStorage();
    rememberReturnTo('//evil.example/x');
    expect(takeRememberedReturnTo()).toBeUndefined();
  });

  it('is never a location a browser would read as another site', () => {
    stubStorage();
    rememberReturnTo('/\t/evil.example');
    expect(takeRememberedReturnTo()).toBeUndefined();
  });

  it('is forgotten after a day', () => {
    stubStorage();
    vi.useFakeTimers({ now: new Date('2026-03-09T10:00:00Z') });
    rememberReturnTo('/consultation');
    vi.setSystemTime(new Date('2026-03-10T10:00:01Z'));
    expect(takeRememberedReturnTo()).toBeUndefined();
    vi.useRealTimers();
  });
});

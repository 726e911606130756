import { describe, expect, it } from 'vitest';
import { authSlice, emptyAuthState, loggedOut, readTokenUser, setCredentials } from './auth-slice';

function tokenWith(payload: unknown) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

describe('auth slice', () => {
  it('reads role, email and id from the user object in the token payload', () => {
    const accessToken = tokenWith({ user: { id: 'u1', email: 'zoë@example.com', role: 'admin' } });
    const state = authSlice.reducer(emptyAuthState, setCredentials({ accessToken }));
    expect(state).toEqual({
      token: accessToken,
      role: 'admin',
      email: 'zoë@example.com',
      id: 'u1',
    });
  });

  it('stays signed out for a token that is not three parts or has no user', () => {
    expect(authSlice.reducer(emptyAuthState, setCredentials({ accessToken: 'abc' }))).toEqual(
      emptyAuthState,
    );
    expect(readTokenUser(tokenWith({ sub: 'u1' }))).toBeNull();
    expect(readTokenUser('a.%%%.c')).toBeNull();
  });

  it('clears all four fields on logout', () => {
    const accessToken = tokenWith({ user: { id: 'u1', email: 'a@b.c', role: 'user' } });
    const signedIn = authSlice.reducer(emptyAuthState, setCredentials({ accessToken }));
    expect(authSlice.reducer(signedIn, loggedOut())).toEqual(emptyAuthState);
  });
});

/** The session calls: a visitor has none; `signedInAs` makes the refresh restore one. */
import type { AccessTokenClaims } from '@consult/shared';
import { apiPath, answer, http, problem } from '../http';
import { adminUser, clientUser } from '../data';

const base64Url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An access token as the server signs it; the app reads only its payload's `user`. */
export function accessTokenFor(user: AccessTokenClaims['user']) {
  const claims: AccessTokenClaims = { user };
  return `${base64Url('{"alg":"EdDSA"}')}.${base64Url(JSON.stringify(claims))}.signature`;
}

export const noSession = () =>
  problem(401, { title: 'Unauthorized', detail: 'Authentication required.' });

export function signedInAs(role: AccessTokenClaims['user']['role']) {
  const user = role === 'admin' ? adminUser : clientUser;
  const accessToken = accessTokenFor({ id: user.id, email: user.email, role });
  return http.all(apiPath('/auth/refresh'), () => answer({ accessToken }));
}

export const authHandlers = [
  http.all(apiPath('/auth/refresh'), noSession),
  http.post(apiPath('/auth/logout'), () => answer(null, { status: 200 })),
];

/** The account whose token a call carries (the client's when it names no admin). */
export function sessionUser(request: Request) {
  const payload = request.headers.get('authorization')?.split('.')[1] ?? '';
  const padded = payload.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const claims = JSON.parse(atob(padded)) as AccessTokenClaims;
    return claims.user.role === 'admin' ? adminUser : clientUser;
  } catch {
    return clientUser;
  }
}

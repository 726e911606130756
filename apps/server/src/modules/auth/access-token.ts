/** Short-lived access tokens: HS256 JWTs whose payload carries `user: { id, email, role }`. */
import { jwtVerify, SignJWT } from 'jose';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  accessTokenClaimsSchema,
  type AccessTokenClaims,
  type UserRole,
} from '@consult/shared';

export interface AccessTokenKeys {
  key: Uint8Array;
}

export function accessTokenKeys(jwtSecret: string): AccessTokenKeys {
  return { key: new TextEncoder().encode(jwtSecret) };
}

export function signAccessToken(
  keys: AccessTokenKeys,
  user: { id: string; email: string; role: UserRole },
): Promise<string> {
  return new SignJWT({ user: { id: user.id, email: user.email, role: user.role } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(keys.key);
}

/** The claims of a valid token, or null for anything else (expired, tampered, another algorithm). */
export async function readAccessToken(
  keys: AccessTokenKeys,
  token: string,
): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keys.key, { algorithms: ['HS256'] });
    const claims = accessTokenClaimsSchema.safeParse(payload);
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

/**
 * Short-lived access tokens: HS256 JWTs whose payload carries `user: { id, email, role }` and the
 * session they belong to (`sid`, the refresh-token family). A token is accepted only with this
 * site as issuer and audience, with `iat` and `exp`, no older than its lifetime; `authenticate`
 * then checks that its session still exists, so signing out, a password change or reset and an
 * e-mail verification end it at once (decision 021).
 */
import { jwtVerify, SignJWT } from 'jose';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  accessTokenClaimsSchema,
  type AccessTokenClaims,
  type UserRole,
} from '@consult/shared';

/** Leeway for clocks of several nodes that disagree a little. */
const CLOCK_TOLERANCE_SECONDS = 30;

export interface AccessTokenKeys {
  key: Uint8Array;
  issuer: string;
  audience: string;
}

export function accessTokenKeys(jwtSecret: string, appUrl: string): AccessTokenKeys {
  const origin = new URL(appUrl).origin;
  return { key: new TextEncoder().encode(jwtSecret), issuer: origin, audience: `${origin}/api` };
}

export function signAccessToken(
  keys: AccessTokenKeys,
  user: { id: string; email: string; role: UserRole },
  sessionId: string,
): Promise<string> {
  return new SignJWT({ user: { id: user.id, email: user.email, role: user.role }, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(keys.issuer)
    .setAudience(keys.audience)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(keys.key);
}

/** The claims of a valid token, or null for anything else (expired, tampered, another algorithm). */
export async function readAccessToken(
  keys: AccessTokenKeys,
  token: string,
): Promise<(AccessTokenClaims & { sid: string }) | null> {
  try {
    const { payload } = await jwtVerify(token, keys.key, {
      algorithms: ['HS256'],
      issuer: keys.issuer,
      audience: keys.audience,
      requiredClaims: ['iat', 'exp', 'sid'],
      maxTokenAge: `${ACCESS_TOKEN_TTL_SECONDS}s`,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success || typeof payload.sid !== 'string') return null;
    // jose accepts an `iat` in the future; a token cannot have been issued later than now.
    if (payload.iat! > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) return null;
    return { ...claims.data, sid: payload.sid };
  } catch {
    return null;
  }
}

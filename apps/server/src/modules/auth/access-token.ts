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

export type VerifiedClaims = AccessTokenClaims & { sid: string };

/** How many verified tokens a process remembers: a few per signed-in person of a small practice. */
export const VERIFIED_TOKENS_MAX = 2000;

/**
 * Tokens this process has verified, with their claims, until they expire: verifying the HMAC
 * (WebCrypto, through jose) cost ~50 µs, most of a signed-in read (decision 049). Only tokens that
 * passed every check are kept, and the exact text is the key, so a token differing in one character
 * is verified afresh. Expiry is checked on each use with jose's rules (exp, maximum age, tolerance).
 */
export class VerifiedTokens {
  readonly #byToken = new Map<string, VerifiedClaims & { iat: number; exp: number }>();

  constructor(readonly maxEntries = VERIFIED_TOKENS_MAX) {}

  get(token: string, nowMs: number): VerifiedClaims | undefined {
    const held = this.#byToken.get(token);
    if (!held) return undefined;
    if (!stillValid(held, nowMs)) {
      this.#byToken.delete(token);
      return undefined;
    }
    return held;
  }

  set(token: string, claims: VerifiedClaims & { iat: number; exp: number }): void {
    this.#byToken.delete(token);
    this.#byToken.set(token, claims);
    // Oldest verified first: the least likely to be used again.
    if (this.#byToken.size > this.maxEntries) {
      this.#byToken.delete(this.#byToken.keys().next().value!);
    }
  }

  get size(): number {
    return this.#byToken.size;
  }
}

/** jose's checks of a token's times, as at `nowMs`: not expired, not older than its lifetime. */
function stillValid(times: { iat: number; exp: number }, nowMs: number): boolean {
  const now = Math.floor(nowMs / 1000);
  return (
    now < times.exp + CLOCK_TOLERANCE_SECONDS &&
    now - times.iat - CLOCK_TOLERANCE_SECONDS <= ACCESS_TOKEN_TTL_SECONDS
  );
}

export interface AccessTokenKeys {
  key: Uint8Array;
  issuer: string;
  audience: string;
  verified: VerifiedTokens;
}

export function accessTokenKeys(jwtSecret: string, appUrl: string): AccessTokenKeys {
  const origin = new URL(appUrl).origin;
  return {
    key: new TextEncoder().encode(jwtSecret),
    issuer: origin,
    audience: `${origin}/api`,
    verified: new VerifiedTokens(),
  };
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
): Promise<VerifiedClaims | null> {
  const known = keys.verified.get(token, Date.now());
  if (known) return known;
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
    // Later requests with this token share the object: nobody may change it.
    const verified = Object.freeze({
      user: Object.freeze(claims.data.user),
      sid: payload.sid,
      iat: payload.iat!,
      exp: payload.exp!,
    });
    keys.verified.set(token, verified);
    return verified;
  } catch {
    return null;
  }
}

/**
 * The pure parts of two-factor sign-in (decision 043): TOTP secrets and codes through `otpauth`
 * (RFC 6238: SHA-1, 30 s, 6 digits, one step either side), recovery codes and their hashes, and the
 * sealing of a secret at rest (AES-256-GCM under a key derived from the server secret).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
} from '@consult/shared';

/** 160 bits, the HMAC-SHA-1 key size RFC 4226 recommends. */
const SECRET_BYTES = 20;

function totpOf(secretBase32: string, labels: { issuer?: string; account?: string } = {}) {
  return new TOTP({
    issuer: labels.issuer,
    label: labels.account,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new authenticator secret, in base 32 as people type it and apps read it. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://totp/Issuer:account?...` address a QR code carries to the app. */
export function totpUri(secretBase32: string, labels: { issuer: string; account: string }): string {
  return totpOf(secretBase32, labels).toString();
}

/** The RFC 6238 time step of an instant. */
export function totpStepAt(at: Date): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: at.getTime() });
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'used' };

/**
 * Whether `code` is the code of the current step or one next to it, and not of a step at or before
 * the last one accepted (RFC 6238 §5.2: a code is accepted once). The step it matched is what the
 * caller records as used.
 */
export function checkTotpCode(
  secretBase32: string,
  code: string,
  now: Date,
  lastUsedStep: number | null,
): TotpCheck {
  const delta = totpOf(secretBase32).validate({
    token: code,
    timestamp: now.getTime(),
    window: TOTP_WINDOW_STEPS,
  });
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = totpStepAt(now) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return { ok: false, reason: 'used' };
  return { ok: true, step };
}

/** One code: 16 characters of the alphabet (each random byte's low 5 bits: uniform), as abcd-efgh-…. */
function newRecoveryCode(): string {
  const bytes = randomBytes(RECOVERY_CODE_LENGTH);
  const chars = Array.from(bytes, (byte) => RECOVERY_CODE_ALPHABET[byte & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** A new set of recovery codes, all different, as they are shown to the person. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/**
 * What is stored of a recovery code. 80 random bits need no slow hash to resist guessing from a copy
 * of the database; the account's id salts it. Not keyed by the server secret, so the codes still work
 * after JWT_SECRET changes (they are the way back in when the sealed secrets no longer open).
 */
export function hashRecoveryCode(userId: string, code: string): string {
  return createHash('sha256')
    .update(`${userId}:${normalizeRecoveryCode(code)}`)
    .digest('hex');
}

const SEAL_VERSION = 'v1';

/**
 * Seals a secret for the database: AES-256-GCM with a random IV, the account's id as associated
 * data (a sealed secret copied to another account does not open), `v1.iv.ciphertext.tag` in base64url.
 */
export function sealSecret(key: Buffer, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [SEAL_VERSION, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret a seal holds, or null when it does not open (another key, another account, altered). */
export function openSecret(key: Buffer, userId: string, sealed: string): string | null {
  const [version, iv, ciphertext, tag] = sealed.split('.');
  if (version !== SEAL_VERSION || !iv || !ciphertext || !tag) return null;
  try {
    // A tag of full length only: GCM would otherwise accept a shortened one.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

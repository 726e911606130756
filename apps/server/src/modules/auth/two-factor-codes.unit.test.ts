import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkTotpCode,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealSecret,
  totpStepAt,
  totpUri,
} from './two-factor-codes';

/** RFC 6238 appendix B: the SHA-1 key "12345678901234567890" in base 32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP codes', () => {
  it('gives the RFC 6238 test vectors (their last six digits)', () => {
    const vectors: [number, string][] = [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
    ];
    for (const [seconds, code] of vectors) {
      expect(checkTotpCode(RFC_SECRET, code, new Date(seconds * 1000), null)).toEqual({
        ok: true,
        step: Math.floor(seconds / 30),
      });
    }
  });

  it('accepts the step before and after the current one, and no further', () => {
    const at = new Date(1111111109 * 1000);
    const step = totpStepAt(at);
    const thirty = 30_000;
    expect(checkTotpCode(RFC_SECRET, '081804', new Date(at.getTime() + thirty), null)).toEqual({
      ok: true,
      step,
    });
    expect(checkTotpCode(RFC_SECRET, '081804', new Date(at.getTime() - thirty), null)).toEqual({
      ok: true,
      step,
    });
    expect(checkTotpCode(RFC_SECRET, '081804', new Date(at.getTime() + 2 * thirty), null)).toEqual({
      ok: false,
      reason: 'wrong',
    });
  });

  it('refuses a code of a step at or before the last one used', () => {
    const at = new Date(1111111109 * 1000);
    const step = totpStepAt(at);
    expect(checkTotpCode(RFC_SECRET, '081804', at, step)).toEqual({ ok: false, reason: 'used' });
    expect(checkTotpCode(RFC_SECRET, '081804', at, step + 1)).toEqual({
      ok: false,
      reason: 'used',
    });
    expect(checkTotpCode(RFC_SECRET, '081804', at, step - 1)).toEqual({ ok: true, step });
  });

  it('makes 160-bit secrets and an otpauth address naming the issuer and the account', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, { issuer: 'Khan Consulting', account: 'a@b.test' }));
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toBe('/Khan Consulting:a@b.test');
    expect(uri.searchParams.get('issuer')).toBe('Khan Consulting');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
  });
});

describe('recovery codes', () => {
  it('makes ten different codes of four groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
  });

  it('hashes a code the same however it is typed, and differently for another account', () => {
    const hash = hashRecoveryCode('user-1', 'ab1c-d0ef-2345-6789');
    expect(hashRecoveryCode('user-1', 'AB1CD0EF23456789')).toBe(hash);
    expect(hashRecoveryCode('user-1', 'abic d0ef 2345 6789')).toBe(hash);
    expect(hashRecoveryCode('user-1', 'ablc-dOef-2345-6789')).toBe(hash);
    expect(hashRecoveryCode('user-2', 'ab1c-d0ef-2345-6789')).not.toBe(hash);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('sealed secrets', () => {
  const key = randomBytes(32);

  it('opens for the same key and account only', () => {
    const sealed = sealSecret(key, 'user-1', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealSecret(key, 'user-1', 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(openSecret(key, 'user-1', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, 'user-2', sealed)).toBeNull();
    expect(openSecret(randomBytes(32), 'user-1', sealed)).toBeNull();
  });

  it('refuses an altered seal, a shortened tag and anything that is not a seal', () => {
    const sealed = sealSecret(key, 'user-1', 'JBSWY3DPEHPK3PXP');
    const [version, iv, ciphertext, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0]! ^= 1;
    expect(
      openSecret(key, 'user-1', [version, iv, flipped.toString('base64url'), tag].join('.')),
    ).toBeNull();
    const shortTag = Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url');
    expect(openSecret(key, 'user-1', [version, iv, ciphertext, shortTag].join('.'))).toBeNull();
    expect(openSecret(key, 'user-1', 'JBSWY3DPEHPK3PXP')).toBeNull();
    expect(openSecret(key, 'user-1', `v2.${iv}.${ciphertext}.${tag}`)).toBeNull();
  });
});

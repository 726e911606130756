import { describe, expect, it } from 'vitest';
import {
  looksLikeTotpCode,
  normalizeRecoveryCode,
  recoveryCodeSchema,
  signInResponseSchema,
  totpCodeSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorSignInSchema,
} from './two-factor';

describe('two-factor codes as people type them', () => {
  it('reads an authenticator code with spaces, and refuses anything but six digits', () => {
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(totpCodeSchema.safeParse('12345').error?.issues[0]?.message).toBe(
      TWO_FACTOR_MESSAGES.codeFormat,
    );
    expect(totpCodeSchema.safeParse('12a456').success).toBe(false);
    expect(totpCodeSchema.safeParse('').error?.issues[0]?.message).toBe(
      TWO_FACTOR_MESSAGES.codeRequired,
    );
  });

  it('reads a recovery code in any case, with or without dashes, with look-alike letters', () => {
    expect(normalizeRecoveryCode('ABCD-EFGH 1234-5678')).toBe('abcdefgh12345678');
    expect(normalizeRecoveryCode('ilo0')).toBe('1100');
    expect(recoveryCodeSchema.parse('ABCD-EFGH-JKMN-PQRS')).toBe('abcdefghjkmnpqrs');
    expect(recoveryCodeSchema.safeParse('abcd-efgh-jkmn').error?.issues[0]?.message).toBe(
      TWO_FACTOR_MESSAGES.recoveryCodeFormat,
    );
    // u is not in the alphabet.
    expect(recoveryCodeSchema.safeParse('abcd-efgh-jkmn-pqru').success).toBe(false);
  });

  it('tells an authenticator code from a recovery code', () => {
    expect(looksLikeTotpCode('123 456')).toBe(true);
    expect(looksLikeTotpCode('abcd-efgh-jkmn-pqrs')).toBe(false);
    expect(looksLikeTotpCode('1234567')).toBe(false);
  });
});

describe('the sign-in second step', () => {
  it('takes exactly one kind of code', () => {
    expect(twoFactorSignInSchema.safeParse({ challenge: 'c', code: '123456' }).success).toBe(true);
    expect(
      twoFactorSignInSchema.safeParse({ challenge: 'c', recoveryCode: 'abcd-efgh-jkmn-pqrs' })
        .success,
    ).toBe(true);
    expect(twoFactorSignInSchema.safeParse({ challenge: 'c' }).error?.issues[0]?.message).toBe(
      TWO_FACTOR_MESSAGES.codeRequired,
    );
    expect(
      twoFactorSignInSchema.safeParse({
        challenge: 'c',
        code: '123456',
        recoveryCode: 'abcd-efgh-jkmn-pqrs',
      }).error?.issues[0]?.message,
    ).toBe(TWO_FACTOR_MESSAGES.oneKindOfCode);
  });

  it('lets a sign-in answer be a session or a challenge, and nothing else', () => {
    expect(signInResponseSchema.safeParse({ accessToken: 'a.b.c' }).success).toBe(true);
    expect(
      signInResponseSchema.safeParse({ twoFactorRequired: true, challenge: 'x' }).success,
    ).toBe(true);
    expect(signInResponseSchema.safeParse({ twoFactorRequired: false }).success).toBe(false);
  });
});

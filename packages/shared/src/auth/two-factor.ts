/**
 * Two-factor sign-in (decision 043): TOTP codes from an authenticator app, single-use recovery
 * codes, the sign-in's second step and the owner's requirement for admin accounts. The rules and
 * words the profile card, the sign-in page and the server share.
 */
import { z } from 'zod';
import { MINUTE_MS } from '../constants';
import { AUTH_MESSAGES } from './messages';
import { accessTokenResponseSchema } from './schemas';

/** RFC 6238 as every authenticator app reads it: SHA-1, 30-second steps, 6 digits. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** A code of the step before or after the current one is accepted too (clock drift, typing time). */
export const TOTP_WINDOW_STEPS = 1;

/** Recovery codes made at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** 16 characters of 5 bits: 80 random bits, far beyond guessing even from a copy of the database. */
export const RECOVERY_CODE_LENGTH = 16;
/** From this many codes left the card warns that it is time to make new ones. */
export const RECOVERY_CODES_LOW = 3;

/** How long the password step of a sign-in waits for its code. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * MINUTE_MS;
/** Wrong codes one sign-in may try before its password must be entered again. */
export const TWO_FACTOR_CHALLENGE_MAX_ATTEMPTS = 5;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeFormat: 'The code is the 6 digits your authenticator app shows.',
  codeWrong: 'That code is not right. Check the time on your phone and try the newest code.',
  codeUsed: 'That code was used already. Wait for the next one.',
  recoveryCodeRequired: 'Enter one of your recovery codes.',
  recoveryCodeFormat: 'A recovery code has 16 letters and digits, like abcd-efgh-2345-6789.',
  recoveryCodeWrong: 'That recovery code is not right, or it was used already.',
  codeOrRecoveryCodeRequired: 'Enter a code from your authenticator app or a recovery code.',
  codeOrRecoveryCodeWrong:
    'That is neither a current code from your authenticator app nor an unused recovery code.',
  oneKindOfCode: 'Send either a code or a recovery code, not both.',
  challengeInvalid: 'Your sign-in took too long or was interrupted. Enter your password again.',
  alreadyOn: 'Two-factor sign-in is already on for this account.',
  notOn: 'Two-factor sign-in is not on for this account.',
  noSetupWaiting: 'No set-up is waiting for a code. Start the set-up again.',
  passwordRequired: 'Enter your password.',
  passwordWrong: 'That password is not right; two-factor sign-in is still on.',
  ownOnProfile:
    'Turn off your own two-factor sign-in on your profile, with your password and a code.',
  setupRequired:
    'The owner requires two-factor sign-in for admin accounts. Set it up on your profile to continue.',
  ownFirst:
    'Turn on two-factor sign-in for your own account first, so that requiring it cannot lock you out.',
} as const;

/** A code as typed: spaces (apps show "123 456") are dropped, then it must be six digits. */
export const totpCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .max(32, TWO_FACTOR_MESSAGES.codeFormat)
  .overwrite((value) => value.replace(/\s+/g, ''))
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TWO_FACTOR_MESSAGES.codeFormat);

/**
 * A recovery code as people type it: any case, with or without the dashes or spaces, and the letters
 * Crockford's base 32 leaves out read as the digits they look like (i and l as 1, o as 0).
 */
export function normalizeRecoveryCode(value: string): string {
  return value
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/[il]/g, '1')
    .replace(/o/g, '0');
}

/** The alphabet of recovery codes: Crockford's base 32 in lower case (no i, l, o, u). */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export const recoveryCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.recoveryCodeRequired })
  .max(64, TWO_FACTOR_MESSAGES.recoveryCodeFormat)
  .overwrite(normalizeRecoveryCode)
  .min(1, TWO_FACTOR_MESSAGES.recoveryCodeRequired)
  .regex(
    new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`),
    TWO_FACTOR_MESSAGES.recoveryCodeFormat,
  );

/** Whether what someone typed into a field taking either kind is an authenticator code. */
export function looksLikeTotpCode(value: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(value.replace(/\s+/g, ''));
}

/** GET /api/user/2fa: what the profile card shows. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** When it was turned on (ISO instant), or null. */
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The owner requires it for this account (an admin, with the requirement on). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/user/2fa/setup: a new secret, waiting for a code to confirm it. */
export const twoFactorSetupSchema = z.object({
  /** The `otpauth://totp/...` address authenticator apps read from the QR code. */
  otpauthUrl: z.string(),
  /** The same secret in base 32, to type in by hand. */
  secret: z.string(),
  /** The QR code of `otpauthUrl` as an SVG document, made on the server. */
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorCodeSchema = z.object({ code: totpCodeSchema });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

export const recoveryCodesSchema = z.object({
  /** Shown once; only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/user/2fa/disable: the password and a current code or an unused recovery code. */
export const twoFactorDisableSchema = z.object({
  password: z
    .string({ error: TWO_FACTOR_MESSAGES.passwordRequired })
    .min(1, TWO_FACTOR_MESSAGES.passwordRequired)
    .max(1024, AUTH_MESSAGES.passwordTooLong),
  code: z
    .string({ error: TWO_FACTOR_MESSAGES.codeOrRecoveryCodeRequired })
    .trim()
    .min(1, TWO_FACTOR_MESSAGES.codeOrRecoveryCodeRequired)
    .max(64, TWO_FACTOR_MESSAGES.codeOrRecoveryCodeWrong),
});
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** POST /api/auth when the account has two-factor sign-in: no tokens, no cookie, a challenge. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Opaque; sent back with the code within five minutes. */
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** The answer of POST /api/auth: a session, or the challenge of the second step. */
export const signInResponseSchema = z.union([accessTokenResponseSchema, twoFactorChallengeSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** POST /api/auth/2fa: the challenge and either a current code or a recovery code. */
export const twoFactorSignInSchema = z
  .object({
    challenge: z
      .string({ error: TWO_FACTOR_MESSAGES.challengeInvalid })
      .min(1, TWO_FACTOR_MESSAGES.challengeInvalid)
      .max(200, TWO_FACTOR_MESSAGES.challengeInvalid),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.code === undefined && value.recoveryCode === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: TWO_FACTOR_MESSAGES.codeRequired,
      });
    }
    if (value.code !== undefined && value.recoveryCode !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: TWO_FACTOR_MESSAGES.oneKindOfCode });
    }
  });
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInSchema>;

/** The owner's sign-in security settings (/admin/config). */
export const securitySettingsSchema = z.object({
  requireTwoFactorForAdmins: z.boolean({ error: 'Choose whether admins need two-factor sign-in.' }),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const securitySettingsViewSchema = securitySettingsSchema.extend({
  /** Admin accounts (enabled ones) that have not turned two-factor sign-in on. */
  adminsWithoutTwoFactor: z.number().int(),
});
export type SecuritySettingsView = z.infer<typeof securitySettingsViewSchema>;

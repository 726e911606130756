/**
 * The client's privacy rights: one JSON file of everything the practice holds about them, and the
 * deletion of their account (what must be kept for accounting stays, with the name replaced).
 */
import { z } from 'zod';
import { intakeAnswerSchema } from '../booking/intake';
import { AUTH_MESSAGES } from './messages';
import { userSchema } from './schemas';

export const PRIVACY_MESSAGES = {
  passwordToDelete: 'Enter your password to delete your account',
  passwordWrong: 'That password is not right; nothing was deleted',
  accountDeleted: 'Your account is deleted. A confirmation is on its way by e-mail.',
  /** The same, when the server delivers no mail (no SMTP_URL). */
  accountDeletedNoMail: 'Your account is deleted. No confirmation e-mail could be sent.',
  /** A note or task for an erased account: nothing new is kept about a client who is gone. */
  accountErased: 'This account was deleted: nothing new can be kept about the client.',
} as const;

/** DELETE /api/user: the password proves it is the account's owner asking. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: PRIVACY_MESSAGES.passwordToDelete })
    .min(1, PRIVACY_MESSAGES.passwordToDelete)
    .max(1024, AUTH_MESSAGES.passwordTooLong),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The name an erased account keeps on the records the law makes the practice keep. */
export const ERASED_CLIENT_NAME = 'Deleted client';

/** An erased account's address: unique per account, on a domain that never receives mail. */
export function erasedAddress(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

/** Nothing is mailed to an erased account (its refunds say so in the goodbye mail). */
export function isErasedAddress(email: string): boolean {
  return email.endsWith('@deleted.invalid');
}

/**
 * GET /api/user/export: everything about the signed-in client, in one document. The owner's
 * private notes about the client are not in it (decision 029).
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: userSchema,
  bookings: z.array(
    z.object({
      id: z.string(),
      /** The booking's short reference (B7K3QX). */
      reference: z.string(),
      service: z.string(),
      start: z.string(),
      end: z.string(),
      state: z.string(),
      notes: z.string().nullable(),
      /** The intake questions as they were asked, with the client's answers. */
      answers: z.array(intakeAnswerSchema),
      priceMinor: z.number().int(),
      currency: z.string(),
      createdAt: z.string(),
      cancelledAt: z.string().nullable(),
      history: z.array(z.object({ action: z.string(), at: z.string() })),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      /** Null for a package purchase's payment. */
      bookingId: z.string().nullable(),
      amountMinor: z.number().int(),
      currency: z.string(),
      provider: z.string(),
      status: z.string(),
      refundedMinor: z.number().int(),
      receiptNumber: z.string().nullable(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
      refunds: z.array(
        z.object({ amountMinor: z.number().int(), status: z.string(), at: z.string() }),
      ),
    }),
  ),
  tasks: z.array(z.record(z.string(), z.unknown())),
  messages: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      type: z.string(),
      message: z.string(),
      receivedAt: z.string(),
    }),
  ),
  /** Whether two-factor sign-in is on; the secret and the codes themselves never leave. */
  twoFactor: z.object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int(),
  }),
  /** Sign-in sessions, one per device signed in (decision 044). */
  sessions: z.array(
    z.object({
      startedAt: z.string(),
      lastUsedAt: z.string(),
      /** The browser's User-Agent header; null when none was recorded. */
      userAgent: z.string().nullable(),
      /** The address it was last used from, shortened (203.0.113.x); null when none was recorded. */
      ip: z.string().nullable(),
      expiresAt: z.string(),
      endedAt: z.string().nullable(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

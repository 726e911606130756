/** Every message of the accounts API and its forms, written once for the forms, the server and the tests. */
import { TIME_ZONE_MESSAGE } from '../time-zone';

export const AUTH_MESSAGES = {
  authenticationRequired: 'Authentication required.',
  loginExpired: 'Your login has expired.',
  loginFieldsRequired: 'Both email and password fields are required',
  incorrectCredentials: 'Incorrect e-mail or password.',
  accountDisabled: 'This account has been disabled.',
  registered: 'Check your e-mail to confirm your address.',
  /** The answer of sign-up, resend and forgot-password while the server delivers no mail (no SMTP). */
  mailNotDelivered:
    'We could not send e-mail right now, so no link is on its way. Please contact the business.',
  challengeFailed: 'The anti-bot check failed. Please try again.',
  verificationResent: 'If that address is waiting to be confirmed, we have sent a new link to it.',
  emailVerified: 'Your e-mail address is confirmed.',
  verificationInvalid: 'This verification link is invalid or has expired.',
  emailAlreadyVerified: 'Your e-mail address is already verified.',
  resetLinkSent:
    'If an account exists for that address, we have sent a link to reset the password.',
  passwordChanged: 'Your password has been changed. You can sign in now.',
  passwordsDoNotMatch: 'Passwords do not match',
  resetInvalid: 'This password reset link is invalid or has expired.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  currentPasswordRequired: 'Enter your current password to set a new one.',
  adminsOnly: 'Admins only.',
  lastAdmin: 'The last admin cannot be demoted, disabled or deleted.',
  userNotFound: 'No such user.',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordTooCommon: 'This password is too common. Choose another.',
  passwordRequired: 'Password is required',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 80 characters long',
  emailInvalid: 'Email must be a valid email address',
  emailRequired: 'Email is a required field',
  dobInvalid: 'Date of birth must be a date like 1990-04-23',
  dobOutOfRange: 'Date of birth must be in the past',
  /** The one zone message (time-zone.ts), under the name this area's callers use. */
  timeZoneInvalid: TIME_ZONE_MESSAGE,
  phoneStart: 'Phone number must start with + followed by country code',
  phoneTooShort: 'Phone number is too short',
  phoneTooLong: 'Phone number is too long',
  tokenRequired: 'The link is missing its token.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;
/** The password rule in words, shown under every new-password field. */
export const PASSWORD_RULE_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not a common password.`;

/** Lifetimes of the account tokens. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
export const PASSWORD_RESET_TTL_HOURS = 1;

export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;

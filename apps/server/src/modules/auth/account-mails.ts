/** The account e-mails (text and a simple HTML version); links point at APP_URL. */
import { EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_HOURS, paths } from '@consult/shared';
import { type OutgoingMail, simpleMail as mail } from '../mail';

export function verificationLink(appUrl: string, token: string): string {
  return `${appUrl}${paths.verifyEmail}?token=${encodeURIComponent(token)}`;
}

export function resetLink(appUrl: string, token: string): string {
  return `${appUrl}${paths.resetPassword}?token=${encodeURIComponent(token)}`;
}

export function verificationMail(options: {
  appUrl: string;
  to: string;
  name: string;
  token: string;
}): OutgoingMail {
  return mail(
    options.to,
    'Confirm your e-mail address',
    [
      `Hello ${options.name}, please confirm this e-mail address by opening this link:`,
      `The link works once and for ${EMAIL_VERIFICATION_TTL_HOURS} hours. If you did not ask for it, ignore this message.`,
    ],
    { href: verificationLink(options.appUrl, options.token), label: 'Confirm my address' },
  );
}

export function passwordResetMail(options: {
  appUrl: string;
  to: string;
  name: string;
  token: string;
}): OutgoingMail {
  return mail(
    options.to,
    'Reset your password',
    [
      `Hello ${options.name}, to choose a new password open this link:`,
      `The link works once and for ${PASSWORD_RESET_TTL_HOURS} hour. If you did not ask for it, ignore this message: your password stays as it is.`,
    ],
    { href: resetLink(options.appUrl, options.token), label: 'Choose a new password' },
  );
}

/**
 * Sent when someone signs up with an address whose account was never confirmed: whoever opened that
 * account did not prove the mailbox, so its owner chooses the password, which ends their sessions.
 */
export function setPasswordMail(options: {
  appUrl: string;
  to: string;
  name: string;
  token: string;
}): OutgoingMail {
  return mail(
    options.to,
    'Choose your password',
    [
      'Hello, someone (perhaps you) just signed up with this e-mail address, which already has an account that was never confirmed. To take it over, choose its password with this link:',
      `Choosing a password confirms this address and signs out everyone using the account. The link works once and for ${PASSWORD_RESET_TTL_HOURS} hour. If you did not sign up, ignore this message.`,
    ],
    { href: resetLink(options.appUrl, options.token), label: 'Choose my password' },
  );
}

/** Sent instead of a second account: the owner of the address learns someone tried to sign up with it. */
export function signUpAttemptMail(options: {
  appUrl: string;
  to: string;
  name: string;
}): OutgoingMail {
  return mail(options.to, 'Someone tried to sign up with your address', [
    `Hello ${options.name}, someone tried to create an account with this e-mail address, which already has one.`,
    `If it was you, sign in at ${options.appUrl}${paths.signIn}, or reset your password at ${options.appUrl}${paths.forgotPassword}. If it was not, you can ignore this message.`,
  ]);
}

/** Sent to an address someone wants to move their account to when another account already uses it. */
export function emailInUseMail(options: { appUrl: string; to: string }): OutgoingMail {
  return mail(options.to, 'Your address was entered on another account', [
    'Someone asked to use this e-mail address for an account on our site, but an account with this address already exists, so nothing was changed.',
    `If you have forgotten your password, reset it at ${options.appUrl}${paths.forgotPassword}.`,
  ]);
}

/**
 * A change to how the account signs in, told to its holder (decision 043): if
 * they did not make it, they learn of it and where to go.
 */
export function twoFactorChangedMail(options: {
  appUrl: string;
  to: string;
  name: string;
  change: 'on' | 'off' | 'reset';
}): OutgoingMail {
  const { appUrl, name } = options;
  const what = {
    on: {
      subject: 'Two-factor sign-in is on',
      line: `Hello ${name}, two-factor sign-in was turned on for your account: from now on a sign-in asks for a code from your authenticator app after the password. Keep your recovery codes somewhere safe.`,
    },
    off: {
      subject: 'Two-factor sign-in is off',
      line: `Hello ${name}, two-factor sign-in was turned off for your account: a sign-in now needs only the password.`,
    },
    reset: {
      subject: 'Two-factor sign-in is off',
      line: `Hello ${name}, the administrator of this site turned two-factor sign-in off for your account, and every place you were signed in was signed out. You can sign in with your password and turn it on again on your profile.`,
    },
  }[options.change];
  return mail(options.to, what.subject, [
    what.line,
    `If this was not you or your request, reset your password at ${appUrl}${paths.forgotPassword} at once.`,
  ]);
}

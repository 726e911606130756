/** The invitation the owner sends a contact-form sender: a sign-up link with their address filled in. */
import { signUpPathFor } from '@consult/shared';
import { type OutgoingMail, simpleMail } from '../mail';

export function inviteLink(appUrl: string, email: string): string {
  return `${appUrl}${signUpPathFor(email)}`;
}

export function inviteMail(options: { appUrl: string; to: string; name: string }): OutgoingMail {
  return simpleMail(
    options.to,
    'You are invited to create your client account',
    [
      `Hello ${options.name}, thank you for your message. To book consultations and keep your bookings, tasks and payments in one place, create your client account here:`,
      'The link fills in this e-mail address; you choose your password. If you did not write to us, ignore this message: no account is made without you.',
    ],
    { href: inviteLink(options.appUrl, options.to), label: 'Create my account' },
  );
}

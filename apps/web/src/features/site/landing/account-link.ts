import { paths } from '@consult/shared';

/** The header's last item: Sign In, or Dashboard once signed in. */
export interface AccountLink {
  to: string;
  label: string;
}

/** `home` is the signed-in person's area (/admin for admins, /dash for everyone else), or null. */
export function accountLink(home: string | null): AccountLink {
  return home ? { to: home, label: 'Dashboard' } : { to: paths.signIn, label: 'Sign In' };
}

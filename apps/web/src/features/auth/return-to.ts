/** Where to go after signing in: the page that sent the person here, when it is one of ours. */
import { paths } from '@consult/shared';
import { ADMIN_ROLE, homeForRole } from './use-auth';

export interface SignInState {
  from?: string;
  adminRequired?: boolean;
  signedOut?: boolean;
}

export function readSignInState(state: unknown): SignInState {
  if (typeof state !== 'object' || state === null) return {};
  const value = state as Record<string, unknown>;
  return {
    from: typeof value.from === 'string' ? value.from : undefined,
    adminRequired: value.adminRequired === true,
    signedOut: value.signedOut === true,
  };
}

/** Only a path on this site counts (never `//other.host` or a full URL: no open redirect). */
function isLocalPath(value: string | null | undefined): value is string {
  return Boolean(
    value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\'),
  );
}

export function returnPathAfterSignIn(role: string, from: string | undefined, next: string | null) {
  const requested = isLocalPath(from) ? from : isLocalPath(next) ? next : null;
  if (!requested || requested.startsWith(paths.signIn)) return homeForRole(role);
  if (requested.startsWith(paths.admin.root) && role !== ADMIN_ROLE) return homeForRole(role);
  return requested;
}

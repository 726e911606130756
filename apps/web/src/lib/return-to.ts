/** Where to go after signing in: the page that sent the person here, when it is one of ours. */
import { paths, DAY_MS } from '@consult/shared';
import { ADMIN_ROLE, homeForRole } from '../hooks/use-auth';

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

// Browsers drop tabs and line breaks from a URL and trim other control characters, so
// `/\t/other.host` is read as `//other.host`: a location carrying any of them is refused whole.
function hasControlCharacter(value: string) {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
const SAME_SITE_PROBE = 'https://same-site.invalid';

/** Only a path on this site counts (never `//other.host` or a full URL: no open redirect). */
function isLocalPath(value: string | null | undefined): value is string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return false;
  }
  if (hasControlCharacter(value)) return false;
  // Read as the browser will read it: still on this site.
  try {
    return new URL(value, SAME_SITE_PROBE).origin === SAME_SITE_PROBE;
  } catch {
    return false;
  }
}

export function returnPathAfterSignIn(role: string, from: string | undefined, next: string | null) {
  const requested = isLocalPath(from) ? from : isLocalPath(next) ? next : null;
  if (!requested || requested.startsWith(paths.signIn)) return homeForRole(role);
  if (requested.startsWith(paths.admin.root) && role !== ADMIN_ROLE) return homeForRole(role);
  return requested;
}

const REMEMBERED_KEY = 'consult.return-to';
/** Long enough to sign up, open the confirmation mail and sign in; short enough to be forgotten. */
const REMEMBERED_MAX_AGE_MS = DAY_MS;

/**
 * Remembers a page to come back to after a sign-in that may happen much later in this tab: after
 * signing up and opening the confirmation mail, no link carries the page any more (the booking flow).
 */
export function rememberReturnTo(path: string) {
  if (!isLocalPath(path)) return;
  try {
    sessionStorage.setItem(REMEMBERED_KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Without storage the person lands on their dashboard instead; nothing breaks.
  }
}

/** The remembered page, once: reading it forgets it. */
export function takeRememberedReturnTo(): string | undefined {
  try {
    const raw = sessionStorage.getItem(REMEMBERED_KEY);
    sessionStorage.removeItem(REMEMBERED_KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as { path?: unknown; at?: unknown };
    const fresh = typeof value.at === 'number' && Date.now() - value.at < REMEMBERED_MAX_AGE_MS;
    return fresh && typeof value.path === 'string' && isLocalPath(value.path)
      ? value.path
      : undefined;
  } catch {
    return undefined;
  }
}

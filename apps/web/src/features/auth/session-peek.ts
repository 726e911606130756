/**
 * The session check of the landing page's own entry, which has no store: one refresh (the same GET
 * and Web Lock as the app's start-up restore), read for where the header's Dashboard link leads.
 */
import { API_BASE } from '@consult/shared';
import { REFRESH_LOCK } from '../../lib/session/session-lock';
import { homeForRole } from '../../lib/session/roles';
import { hasSessionHint } from '../../lib/session/session-hint';
import { readTokenUser } from '../../lib/session/token-user';

/** Where the signed-in person's Dashboard is (by role), or null when nobody is signed in. */
export async function peekSessionHome(): Promise<string | null> {
  if (!hasSessionHint()) return null;
  const refresh = async () => {
    const response = await fetch(`${API_BASE}/auth/refresh`, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    return response.ok ? ((await response.json()) as { accessToken?: unknown }) : null;
  };
  try {
    const data = navigator.locks
      ? await navigator.locks.request(REFRESH_LOCK, refresh)
      : await refresh();
    if (typeof data?.accessToken !== 'string') return null;
    const user = readTokenUser(data.accessToken);
    return user ? homeForRole(user.role) : null;
  } catch {
    // No answer: the visitor still gets Sign In, which leads on to the session if there is one.
    return null;
  }
}

/**
 * The user an access token names. Kept apart from the auth slice (and Redux) so the landing page's
 * small entry can read a session's role too.
 */

export interface TokenUser {
  id: string;
  email: string;
  role: string;
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads `user` from the access token's payload (its second part). The browser does not verify the
 * signature: the server does on every call, and a forged token only changes what this screen shows.
 */
export function readTokenUser(accessToken: string): TokenUser | null {
  const parts = accessToken.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]!));
    if (typeof payload !== 'object' || payload === null || !('user' in payload)) return null;
    const user = payload.user as Partial<Record<keyof TokenUser, unknown>> | null;
    if (!user || typeof user.id !== 'string' || typeof user.email !== 'string') return null;
    return { id: user.id, email: user.email, role: typeof user.role === 'string' ? user.role : '' };
  } catch {
    return null;
  }
}

/** The session as the seed spec defines it (§3, §4): token, role, email and id, all empty when signed out. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AuthState {
  token: string;
  role: string;
  email: string;
  id: string;
}

export const emptyAuthState: AuthState = { token: '', role: '', email: '', id: '' };

interface TokenUser {
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

export const authSlice = createSlice({
  name: 'auth',
  initialState: emptyAuthState,
  reducers: {
    setCredentials: (_state, action: PayloadAction<{ accessToken: string }>) => {
      const user = readTokenUser(action.payload.accessToken);
      if (!user) return emptyAuthState;
      return { token: action.payload.accessToken, role: user.role, email: user.email, id: user.id };
    },
    loggedOut: () => emptyAuthState,
  },
});

export const { setCredentials, loggedOut } = authSlice.actions;

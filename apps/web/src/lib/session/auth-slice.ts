/** The session in the store: token, role, email and id, all empty strings when signed out. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readTokenUser } from './token-user';

export interface AuthState {
  token: string;
  role: string;
  email: string;
  id: string;
}

/** The store's state as far as code below `app/` reads it: the session, under `auth`. */
export interface StateWithSession {
  auth: AuthState;
}

export const selectSession = (state: StateWithSession) => state.auth;

export const emptyAuthState: AuthState = { token: '', role: '', email: '', id: '' };

export { readTokenUser } from './token-user';

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

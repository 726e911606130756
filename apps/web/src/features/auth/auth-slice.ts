/** The session as the seed spec defines it (§3, §4): token, role, email and id, all empty when signed out. */
import { createSlice } from '@reduxjs/toolkit';

export interface AuthState {
  token: string;
  role: string;
  email: string;
  id: string;
}

export const emptyAuthState: AuthState = { token: '', role: '', email: '', id: '' };

export const authSlice = createSlice({
  name: 'auth',
  initialState: emptyAuthState,
  reducers: {
    loggedOut: () => emptyAuthState,
  },
});

export const { loggedOut } = authSlice.actions;

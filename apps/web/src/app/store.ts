import { configureStore } from '@reduxjs/toolkit';
import { authSlice } from '../lib/session/auth-slice';
import { api } from '../lib/api';

export function createStore() {
  return configureStore({
    reducer: { auth: authSlice.reducer, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

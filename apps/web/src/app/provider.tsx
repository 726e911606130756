import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from '../components/toaster';
import { SessionRestore } from '../features/auth/session-restore';
import { createStore } from './store';

export function AppProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createStore);
  return (
    <Provider store={store}>
      <SessionRestore />
      {children}
      <Toaster />
    </Provider>
  );
}

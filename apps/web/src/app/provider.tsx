import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from '../components/toaster';
import { SessionRestore } from '../features/auth/session-restore';
import { RenderedSiteBrand, type SiteBrand } from '../lib/site-brand-context';
import { createStore } from './store';

/** `brand`: the one the server rendered the page with, from the hydration data (none otherwise). */
export function AppProvider({ children, brand }: { children: ReactNode; brand?: SiteBrand }) {
  const [store] = useState(createStore);
  return (
    <Provider store={store}>
      <RenderedSiteBrand value={brand ?? null}>
        <SessionRestore />
        {children}
        <Toaster />
      </RenderedSiteBrand>
    </Provider>
  );
}

/** The app's start-up, loaded by main.tsx (after the first paint on a server-rendered page). */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { nextTask } from '../lib/next-task';
import { loadLazyMatches, readHydrationData, type AppHydrationData } from './hydration';
import type { SiteBrand } from '../lib/site-brand-context';
import { AppProvider } from './provider';
import { createRouter, routes } from './router';

type Router = ReturnType<typeof createRouter>;

function App({ router, brand }: { router: Router; brand?: SiteBrand }) {
  return (
    <StrictMode>
      <AppProvider brand={brand}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
}

/** Renders the app, or hydrates the page the server rendered. */
export async function startApp() {
  const container = document.getElementById('root')!;
  const hydrationData = readHydrationData<AppHydrationData>();
  if (hydrationData) {
    const { brand, ...routerState } = hydrationData;
    // The server rendered this page: make the same markup interactive.
    await loadLazyMatches(routes, window.location);
    const router = createRouter({ hydrationData: routerState });
    await nextTask();
    // As a transition, hydration yields to the browser between components instead of blocking
    // the main thread in one long task; the markup is already on screen meanwhile.
    startTransition(() => {
      hydrateRoot(container, <App router={router} brand={brand} />);
    });
  } else {
    createRoot(container).render(<App router={createRouter()} />);
  }
}

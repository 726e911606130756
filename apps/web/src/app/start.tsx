/** The app's start-up, loaded by main.tsx (after the first paint on a server-rendered page). */
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadFullStylesheet } from '../lib/full-stylesheet';
import { nextTask } from '../lib/next-task';
import { loadLazyMatches, readHydrationData, type AppHydrationData } from './hydration';
import type { SiteBrand } from '../lib/site-brand-context';
import { AppProvider } from './provider';
import { createRouter, routes } from './router';

type Router = ReturnType<typeof createRouter>;

/** Runs `run` once everything above it has hydrated: a root's effects run after its children's. */
function WhenInteractive({ run }: { run?: () => void }) {
  useEffect(() => run?.(), [run]);
  return null;
}

function App({
  router,
  brand,
  whenInteractive,
}: {
  router: Router;
  brand?: SiteBrand;
  whenInteractive?: () => void;
}) {
  return (
    <StrictMode>
      <AppProvider brand={brand}>
        <RouterProvider router={router} />
      </AppProvider>
      <WhenInteractive run={whenInteractive} />
    </StrictMode>
  );
}

/**
 * Renders the app, or hydrates the page the server rendered; `whenInteractive` runs once that page
 * is interactive (a press made before then is replayed, lib/start-on-intent.ts).
 */
export async function startApp(whenInteractive?: () => void) {
  const container = document.getElementById('root')!;
  const hydrationData = readHydrationData<AppHydrationData>();
  if (hydrationData) {
    const { brand, ...routerState } = hydrationData;
    // The server rendered this page: make the same markup interactive.
    await Promise.all([loadLazyMatches(routes, window.location), loadFullStylesheet()]);
    const router = createRouter({ hydrationData: routerState });
    await nextTask();
    // As a transition, hydration yields to the browser between components instead of blocking
    // the main thread in one long task; the markup is already on screen meanwhile.
    startTransition(() => {
      hydrateRoot(
        container,
        <App router={router} brand={brand} whenInteractive={whenInteractive} />,
      );
    });
  } else {
    createRoot(container).render(<App router={createRouter()} />);
  }
}

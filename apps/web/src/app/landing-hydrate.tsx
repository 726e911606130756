/** Makes the server-rendered landing page interactive (see landing-main.tsx for when). */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { loadFullStylesheet } from '../lib/full-stylesheet';
import { readHydrationData } from './hydration-data';
import { LandingApp, type LandingData } from './landing-app';

/** `onHydrated` runs once the whole page is interactive. */
export async function hydrateLanding(onHydrated: () => void) {
  const data = readHydrationData<LandingData>();
  if (!data) return;
  await loadFullStylesheet();
  // As a transition, hydration yields to the browser between components instead of blocking the
  // main thread in one long task.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <LandingApp site={data.site} onHydrated={onHydrated} />
      </StrictMode>,
    );
  });
}

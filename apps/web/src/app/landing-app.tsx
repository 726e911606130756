/**
 * The landing page as its own small app (decision 016): rendered by the server and hydrated by
 * landing-main.tsx with React alone, without the router, the store or RTK Query. The contact form,
 * its validation and the toasts load when the popup first opens.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { SiteContent } from '@consult/shared';
import { peekSessionHome } from '../features/auth/session-peek';
import { ContactPopupProvider } from '../features/site/contact';
import { accountLink } from '../features/site/landing/account-link';
import { LandingPage } from '../features/site/landing/landing-page';

const Toaster = lazy(async () => ({ default: (await import('../components/toaster')).Toaster }));

/** The hydration data of the landing page: the site content it was rendered with. */
export interface LandingData {
  site: SiteContent;
}

export function LandingApp({ site, onHydrated }: LandingData & { onHydrated?: () => void }) {
  // The root's effects run after every component below it has hydrated.
  useEffect(() => onHydrated?.(), [onHydrated]);
  // Sign In on the server and in the first render (they must match); Dashboard once a session shows.
  const [home, setHome] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void peekSessionHome().then((found) => current && setHome(found));
    return () => {
      current = false;
    };
  }, []);
  return (
    <ContactPopupProvider
      toaster={
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      }
    >
      <LandingPage site={site} account={accountLink(home)} />
    </ContactPopupProvider>
  );
}

import type { SiteContent } from '@consult/shared';
import { AboutSection } from './about-section';
import type { AccountLink } from './account-link';
import { ContactBand } from './contact-band';
import { FaqSection } from './faq-section';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { ServicesSection } from './services-section';

/**
 * The home page: the only page with the site header and footer. It needs no router
 * or store: its own entry (app/landing-app.tsx) and the app's route (app/routes/landing.tsx) pass
 * the site content and the header's account link.
 */
export function LandingPage({ site, account }: { site: SiteContent; account: AccountLink }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-surface px-4 py-2 font-semibold text-brand focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <LandingHeader site={site} account={account} />
      <main id="main">
        <HeroSection site={site} />
        <ServicesSection services={site.services} />
        <AboutSection site={site} />
        <FaqSection entries={site.faq} />
        <ContactBand />
      </main>
      <LandingFooter site={site} />
    </>
  );
}

import { usePageTitle, useSiteContent } from '../site';
import { AboutSection } from './about-section';
import { ContactBand } from './contact-band';
import { FaqSection } from './faq-section';
import { HeroSection } from './hero-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { ServicesSection } from './services-section';

/** The home page (seed spec §2): the only page with the site header and footer. */
export function LandingPage() {
  const site = useSiteContent();
  usePageTitle();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-surface px-4 py-2 font-semibold text-brand focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <LandingHeader />
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

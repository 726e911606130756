/**
 * The unsaved draft as the public pages show it: the landing page's hero, about and FAQ sections
 * and the terms, from the same components. It is a picture only (inert): nothing in it can be used.
 */
import { useWatch } from 'react-hook-form';
import type { SiteContent, SiteEdit, SiteEditInput } from '@consult/shared';
import { ContactPopupProvider } from '../contact';
import { FaqList } from '../faq-list';
import { AboutSection } from '../landing/about-section';
import { HeroSection } from '../landing/hero-section';
import { TermsText } from '../terms-text';

export function SitePreview({ updatedOn }: { updatedOn: string }) {
  // Watched here, not in the form: only the preview re-renders on each keystroke.
  // The form holds strings, never null: an emptied optional field is '', which the sections skip.
  const draft = useWatch<SiteEditInput>() as SiteEdit;
  const site: SiteContent = {
    ...draft,
    terms: { markdown: draft.terms.markdown, updatedOn },
    services: [],
  };
  return (
    <div inert className="flex flex-col gap-6">
      <PreviewFrame title="Home page: introduction and about">
        <ContactPopupProvider>
          <HeroSection site={site} />
        </ContactPopupProvider>
        <AboutSection site={site} />
      </PreviewFrame>
      <PreviewFrame title="Home page: frequently asked questions">
        <div className="p-4 sm:p-6">
          <FaqList entries={site.faq} />
        </div>
      </PreviewFrame>
      <PreviewFrame title="Terms and Conditions">
        <div className="px-4 pb-8 sm:px-6">
          <TermsText markdown={site.terms.markdown} />
        </div>
      </PreviewFrame>
    </div>
  );
}

function PreviewFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <figure className="overflow-hidden rounded-2xl border border-line bg-paper shadow-sm">
      <figcaption className="border-b border-line bg-surface px-4 py-2 text-sm font-semibold text-muted">
        {title}
      </figcaption>
      {children}
    </figure>
  );
}

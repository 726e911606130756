import { SimpleHeader } from './simple-header';
import { useSiteContent } from './site-data';
import { usePageTitle } from './use-page-title';

function formatDay(day: string) {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** /terms-and-conditions: the terms the owner configured, as text. */
export function TermsPage() {
  const { terms } = useSiteContent();
  usePageTitle();
  return (
    <>
      <SimpleHeader />
      <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
        <h1 className="font-display text-4xl font-semibold text-brand">Terms and Conditions</h1>
        <p className="mt-3 text-sm text-muted">
          Last updated <time dateTime={terms.updatedOn}>{formatDay(terms.updatedOn)}</time>
        </p>
        {terms.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="font-display text-2xl font-semibold text-ink">{section.heading}</h2>
            {section.body.map((paragraph) => (
              <p key={paragraph} className="mt-4 text-base leading-relaxed text-muted">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </main>
    </>
  );
}

import { formatPlainDay } from '../../lib/date-time';
import { SimpleHeader } from './simple-header';
import { TermsText } from './terms-text';
import { useSiteContent } from './site-data';
import { usePageTitle } from './use-page-title';

/** /terms-and-conditions: the terms the owner wrote, from their Markdown. */
export function TermsPage() {
  const { terms } = useSiteContent();
  usePageTitle();
  return (
    <>
      <SimpleHeader />
      <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
        <h1 className="font-display text-4xl font-semibold text-brand">Terms and Conditions</h1>
        <p className="mt-3 text-sm text-muted">
          Last updated <time dateTime={terms.updatedOn}>{formatPlainDay(terms.updatedOn)}</time>
        </p>
        <TermsText markdown={terms.markdown} />
      </main>
    </>
  );
}

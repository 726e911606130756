import { Link } from 'react-router';
import { paths } from '@consult/shared';
import { SiteLogo } from './site-logo';
import { useSiteContent } from './site-data';

/** The plain header of the public pages other than the home page: the logo home and a way back. */
export function SimpleHeader() {
  const site = useSiteContent();
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex min-h-16 max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
        <Link to={paths.home} className="min-w-0 rounded-lg">
          <SiteLogo consultant={site.consultant} />
          <span className="sr-only"> (home)</span>
        </Link>
        <Link
          to={paths.home}
          className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-brand hover:bg-brand-soft"
        >
          <span aria-hidden="true">←</span> Back to home
        </Link>
      </div>
    </header>
  );
}

import { Link } from 'react-router';
import { paths } from '@consult/shared';
import { buttonClasses } from '../../components/ui/button';

/** Shown when the public pages cannot load their content (the API is down or unreachable). */
export function SiteError() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-6 px-6 text-center">
      <h1 className="font-display text-3xl text-brand">This page could not be loaded</h1>
      <p className="text-lg text-muted">
        The connection to the site failed. Check your connection and try again.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className={buttonClasses('primary')}
          onClick={() => window.location.reload()}
        >
          Try again
        </button>
        <Link to={paths.home} reloadDocument className={buttonClasses('secondary')}>
          Home page
        </Link>
      </div>
    </main>
  );
}

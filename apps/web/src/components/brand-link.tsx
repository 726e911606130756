import { useContext } from 'react';
import { Link } from 'react-router';
import { paths } from '@consult/shared';
import { useGetSiteBrandQuery } from '../lib/site-brand-api';
import { RenderedSiteBrand } from '../lib/site-brand-context';

/**
 * The site's mark with the consultant's name, linking home; used by the sign-in screens and the app
 * shells. Until the name has loaded (or if it cannot be), the mark stands alone with an accessible
 * label, so nothing shifts into a wrong name. On a page the server rendered, the name it rendered
 * stands until then, so the first HTML already carries it.
 */
export function BrandLink({ tone = 'brand' }: { tone?: 'brand' | 'light' }) {
  const rendered = useContext(RenderedSiteBrand);
  const data = useGetSiteBrandQuery().data ?? rendered;
  const name = data?.name;
  const initials = data?.initials;
  return (
    <Link
      to={paths.home}
      aria-label={name ? undefined : 'Home'}
      className={`inline-flex min-h-8 items-center gap-2 rounded font-display text-xl font-semibold ${
        tone === 'light' ? 'text-white' : 'text-brand'
      }`}
    >
      <span
        aria-hidden="true"
        className={`grid size-8 place-items-center rounded-lg text-sm ${
          tone === 'light' ? 'bg-white text-brand' : 'bg-brand text-white'
        }`}
      >
        {initials ?? ''}
      </span>
      {name}
    </Link>
  );
}

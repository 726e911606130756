import { Link } from 'react-router';
import { paths } from '@consult/shared';

/** The site's mark, linking home; used by the sign-in screens and the app shells. */
export function BrandLink({ tone = 'brand' }: { tone?: 'brand' | 'light' }) {
  return (
    <Link
      to={paths.home}
      className={`inline-flex items-center gap-2 rounded font-display text-xl font-semibold ${
        tone === 'light' ? 'text-white' : 'text-brand'
      }`}
    >
      <span
        aria-hidden="true"
        className={`grid size-8 place-items-center rounded-lg text-base ${
          tone === 'light' ? 'bg-white text-brand' : 'bg-brand text-white'
        }`}
      >
        C
      </span>
      Consult
    </Link>
  );
}

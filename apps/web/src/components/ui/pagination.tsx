import { Link } from 'react-router';

const classes =
  'inline-flex min-h-11 items-center rounded-lg border border-line bg-surface px-4 py-2 font-semibold';

/** Previous / "Page n of m" / Next, as links, so every page has its own address. */
export function Pagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      <PageLink to={hrefFor(page - 1)} disabled={page <= 1}>
        Previous
      </PageLink>
      <span className="text-sm text-muted">
        Page {page} of {totalPages}
      </span>
      <PageLink to={hrefFor(page + 1)} disabled={page >= totalPages}>
        Next
      </PageLink>
    </nav>
  );
}

function PageLink({ to, disabled, children }: { to: string; disabled: boolean; children: string }) {
  if (disabled) {
    return (
      <span aria-disabled="true" className={`${classes} text-muted opacity-60`}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} className={`${classes} text-ink hover:bg-brand-soft`}>
      {children}
    </Link>
  );
}

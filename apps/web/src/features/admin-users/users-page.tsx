import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/card';
import { inputClasses } from '../../components/ui/field';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useListUsersQuery } from './admin-users-api';
import { UserBadges } from './user-badges';
import { UserDetailPanel } from './user-detail-panel';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * /admin/users: search (debounced), pages and a detail panel. Search, page and the selected user
 * live in the address, so the back button and a shared link show the same list.
 */
export function UsersPage({ currentUserId }: { currentUserId: string }) {
  useDocumentTitle('Users');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const selected = params.get('user');
  const [typed, setTyped] = useState(search);
  const debounced = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (debounced === search) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (debounced) next.set('search', debounced);
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, search, setParams]);

  const { currentData, data, error, isLoading, isFetching, refetch } = useListUsersQuery({
    search,
    page,
  });
  // While a new search or page loads, the previous list stays, dimmed, and its count is not shown
  // as if it answered the new search.
  const stale = !currentData && isFetching;

  const linkWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return `${paths.admin.users}${query ? `?${query}` : ''}`;
  };
  const clearSelection = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('user');
      return next;
    });

  const list = (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="user-search" className="text-sm font-semibold text-ink">
          Search by name or e-mail
        </label>
        <input
          id="user-search"
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className={inputClasses}
          autoComplete="off"
        />
      </div>
      {isLoading ? (
        <Skeleton lines={5} label="Loading users" />
      ) : !data ? (
        <LoadError what="the users" error={error} onRetry={() => void refetch()} />
      ) : data.users.length === 0 && stale ? (
        <p className="text-sm text-muted" aria-live="polite">
          Searching...
        </p>
      ) : data.users.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-surface px-5 py-10 text-center">
          <p className="font-semibold text-ink">
            {search ? `No users match “${search}”.` : 'No users yet.'}
          </p>
          {search && (
            <p className="mt-1 text-sm text-muted">Check the spelling or search for part of it.</p>
          )}
        </div>
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {stale
              ? 'Searching...'
              : `${data.totalUsers} ${data.totalUsers === 1 ? 'user' : 'users'}${
                  search ? ` matching “${search}”` : ''
                }`}
          </p>
          <ul
            aria-busy={isFetching}
            className={`divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface ${
              stale ? 'opacity-60' : ''
            }`}
          >
            {data.users.map((user) => (
              <li key={user.id}>
                <Link
                  to={linkWith({ user: user.id })}
                  aria-current={user.id === selected ? 'true' : undefined}
                  className={`flex flex-col gap-1 px-4 py-3 hover:bg-brand-soft ${
                    user.id === selected ? 'bg-brand-soft' : ''
                  }`}
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold break-all text-ink">{user.name}</span>
                    <UserBadges user={user} />
                  </span>
                  <span className="text-sm break-all text-muted">{user.email}</span>
                </Link>
              </li>
            ))}
          </ul>
          {data.totalPages > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-between gap-3">
              <PageLink to={linkWith({ page: String(page - 1) })} disabled={page <= 1}>
                Previous
              </PageLink>
              <span className="text-sm text-muted">
                Page {data.currentPage} of {data.totalPages}
              </span>
              <PageLink
                to={linkWith({ page: String(page + 1) })}
                disabled={page >= data.totalPages}
              >
                Next
              </PageLink>
            </nav>
          )}
        </>
      )}
    </div>
  );

  return (
    <>
      <PageHeader title="Users" intro="Everyone with an account: clients and admins." />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <div className={selected ? 'hidden lg:block' : ''}>{list}</div>
        {selected ? (
          <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
            <Button variant="ghost" className="mb-3 -ml-3 lg:hidden" onClick={clearSelection}>
              ← All users
            </Button>
            <UserDetailPanel
              id={selected}
              currentUserId={currentUserId}
              onDeleted={clearSelection}
            />
          </div>
        ) : (
          <div className="hidden rounded-2xl border border-dashed border-line px-5 py-10 text-center text-muted lg:block">
            Choose a user to see the details and actions.
          </div>
        )}
      </div>
    </>
  );
}

function PageLink({ to, disabled, children }: { to: string; disabled: boolean; children: string }) {
  const classes =
    'inline-flex min-h-11 items-center rounded-lg border border-line bg-surface px-4 py-2 font-semibold';
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

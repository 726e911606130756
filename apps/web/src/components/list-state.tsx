/**
 * The one way an admin list shows its states (loading, refused filter, load error, searching,
 * empty, the count and the page of rows), its search box and its rows' links, so the admin screens
 * agree.
 */
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyList } from './list-detail-layout';
import { LoadError, Skeleton } from './query-state';
import { Alert } from './ui/alert';
import { inputClasses } from './ui/field';
import { Pagination } from './ui/pagination';

export function ListState<T extends { id: string | number }>({
  loading,
  loadingLabel,
  filterError,
  data,
  items,
  total,
  what,
  error,
  onRetry,
  fetching,
  stale,
  emptyTitle,
  emptyHint,
  noun,
  countSuffix = '',
  renderCount,
  renderItem,
  hrefFor,
}: {
  loading: boolean;
  /** The skeleton's name, such as "Loading users". */
  loadingLabel: string;
  /** What the server said of a filter it refused; shown instead of the list. */
  filterError?: string;
  /** The page the API returned, or `undefined` when it did not load. */
  data: { currentPage: number; totalPages: number } | undefined;
  /** The page's rows and how many there are in all, from `data`. */
  items: T[] | undefined;
  total: number | undefined;
  /** For "Could not load …", such as "the users". */
  what: string;
  error: FetchBaseQueryError | SerializedError | undefined;
  onRetry: () => void;
  fetching: boolean;
  /** Another search or page is loading while the previous list still shows (dimmed). */
  stale: boolean;
  /** The empty list's title and, when it helps, what to try. */
  emptyTitle: string;
  emptyHint?: string;
  /** The count's noun, one and many: ['user', 'users']. */
  noun: readonly [string, string];
  /** Said after the count, such as ` matching “ann”`. */
  countSuffix?: string;
  /** In place of the count line, for a screen that shows the count inside more (its text given). */
  renderCount?: (count: string) => ReactNode;
  renderItem: (item: T) => ReactNode;
  hrefFor: (page: number) => string;
}) {
  if (loading) return <Skeleton lines={5} label={loadingLabel} />;
  if (filterError) return <Alert tone="error">{filterError}</Alert>;
  if (!data || !items || total === undefined) {
    return <LoadError what={what} error={error} onRetry={onRetry} />;
  }
  if (items.length === 0 && stale) {
    return (
      <p className="text-sm text-muted" aria-live="polite">
        Searching...
      </p>
    );
  }
  if (items.length === 0) return <EmptyList title={emptyTitle} hint={emptyHint} />;
  const count = stale
    ? 'Searching...'
    : `${total} ${total === 1 ? noun[0] : noun[1]}${countSuffix}`;
  return (
    <>
      {renderCount ? (
        renderCount(count)
      ) : (
        <p className="text-sm text-muted" aria-live="polite">
          {count}
        </p>
      )}
      <ul
        aria-busy={fetching}
        className={`divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface ${
          stale ? 'opacity-60' : ''
        }`}
      >
        {items.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
      <Pagination page={data.currentPage} totalPages={data.totalPages} hrefFor={hrefFor} />
    </>
  );
}

/** The labelled search box above a list; `className` places it in the filters' grid. */
export function SearchField({
  id,
  label,
  value,
  onChange,
  className = '',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`.trim()}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses}
        autoComplete="off"
      />
    </div>
  );
}

/** A list's row: a link that opens its panel, marked while that panel is open. */
export function ListRowLink({
  to,
  selected,
  children,
}: {
  to: string;
  selected: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-current={selected ? 'true' : undefined}
      className={`flex flex-col gap-1 px-4 py-3 hover:bg-brand-soft ${selected ? 'bg-brand-soft' : ''}`}
    >
      {children}
    </Link>
  );
}

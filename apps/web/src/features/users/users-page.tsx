import type { ReactNode } from 'react';
import { paths } from '@consult/shared';
import { ListDetailLayout } from '../../components/list-detail-layout';
import { ListRowLink, ListState, SearchField } from '../../components/list-state';
import { PageHeader } from '../../components/ui/card';
import { useDebouncedSearchParam } from '../../lib/use-debounced-search-param';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useListParams } from '../../lib/use-list-params';
import { useListUsersQuery } from './users-api';
import { UserBadges } from './user-badges';
import { UserDetailPanel } from './user-detail-panel';

/**
 * /admin/users: search (debounced), pages and a detail panel. Search, page and the selected user
 * live in the address, so the back button and a shared link show the same list.
 */
export function UsersPage({
  currentUserId,
  userSections,
  timeZone,
}: {
  currentUserId: string;
  /** The owner's zone, for a client's bookings and timeline; the browser's when left out. */
  timeZone: string;
  /** More of a user's panel that other features own (their payments), placed by the route. */
  userSections?: (userId: string, state: { erased: boolean }) => ReactNode;
}) {
  useDocumentTitle('Users');
  const { params, page, selected, linkWith, clearSelection } = useListParams(
    paths.admin.users,
    'user',
  );
  const search = params.get('search') ?? '';
  const { typed, setTyped } = useDebouncedSearchParam('search');

  const { currentData, data, error, isLoading, isFetching, refetch } = useListUsersQuery({
    search,
    page,
  });
  // While a new search or page loads, the previous list stays, dimmed, and its count is not shown
  // as if it answered the new search.
  const stale = !currentData && isFetching;

  const list = (
    <div className="flex flex-col gap-4">
      <SearchField
        id="user-search"
        label="Search by name or e-mail"
        value={typed}
        onChange={setTyped}
      />
      <ListState
        loading={isLoading}
        loadingLabel="Loading users"
        data={data}
        items={data?.users}
        total={data?.totalUsers}
        what="the users"
        error={error}
        onRetry={() => void refetch()}
        fetching={isFetching}
        stale={stale}
        emptyTitle={search ? `No users match “${search}”.` : 'No users yet.'}
        emptyHint={search ? 'Check the spelling or search for part of it.' : undefined}
        noun={['user', 'users']}
        countSuffix={search ? ` matching “${search}”` : ''}
        renderItem={(user) => (
          <ListRowLink to={linkWith({ user: user.id })} selected={user.id === selected}>
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-semibold break-all text-ink">{user.name}</span>
              <UserBadges user={user} />
            </span>
            <span className="text-sm break-all text-muted">{user.email}</span>
          </ListRowLink>
        )}
        hrefFor={(target) => linkWith({ page: String(target) })}
      />
    </div>
  );

  return (
    <>
      <PageHeader title="Users" intro="Everyone with an account: clients and admins." />
      <ListDetailLayout
        list={list}
        panel={
          selected ? (
            <UserDetailPanel
              id={selected}
              currentUserId={currentUserId}
              timeZone={timeZone}
              onDeleted={clearSelection}
              sections={userSections}
            />
          ) : null
        }
        backLabel="← All users"
        onBack={clearSelection}
        placeholder="Choose a user to see the details and actions."
      />
    </>
  );
}

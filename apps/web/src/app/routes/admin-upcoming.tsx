import { Link } from 'react-router';
import { paths } from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { buttonClasses } from '../../components/ui/button';
import { Card, PageHeader } from '../../components/ui/card';
import { UpcomingTimeline } from '../../features/admin-bookings';
import { useGetSystemStatusQuery, systemProblems } from '../../features/admin-system';
import { UserBadges, formatDateTime, useListUsersQuery } from '../../features/admin-users';
import { useDocumentTitle } from '../../lib/use-document-title';

const RECENT_USERS = 5;

/**
 * /admin/upcoming, the admin's start page: the bookings of today and the next days, beside a short
 * summary of the accounts and the system's health, each with the way to the full screen.
 */
export default function AdminUpcomingRoute() {
  useDocumentTitle('Upcoming');
  return (
    <>
      <PageHeader
        title="Upcoming"
        intro="Today and the coming week: mark attendance, cancel or open a booking."
        actions={
          <Link to={paths.admin.bookings} className={buttonClasses('secondary')}>
            All bookings
          </Link>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <UpcomingTimeline />
        <div className="flex flex-col gap-6">
          <AccountsCard />
          <SystemCard />
        </div>
      </div>
    </>
  );
}

function AccountsCard() {
  const { data, error, isLoading, refetch } = useListUsersQuery({
    search: '',
    page: 1,
    pageSize: RECENT_USERS,
  });
  return (
    <Card
      title="Accounts"
      description={
        data
          ? `${data.totalUsers} ${data.totalUsers === 1 ? 'account' : 'accounts'} in total.`
          : undefined
      }
      actions={
        <Link to={paths.admin.users} className={buttonClasses('secondary')}>
          Manage users
        </Link>
      }
    >
      {isLoading ? (
        <Skeleton lines={3} label="Loading accounts" />
      ) : !data ? (
        <LoadError what="the accounts" error={error} onRetry={() => void refetch()} />
      ) : (
        <ul className="divide-y divide-line">
          {data.users.map((user) => (
            <li key={user.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <Link
                to={`${paths.admin.users}?user=${encodeURIComponent(user.id)}`}
                className="font-semibold break-all text-brand underline-offset-4 hover:underline"
              >
                {user.name}
              </Link>
              <span className="text-sm break-all text-muted">{user.email}</span>
              <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
                Joined {formatDateTime(user.createdAt)} <UserBadges user={user} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function SystemCard() {
  const { data, error, isLoading, refetch } = useGetSystemStatusQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const problems = data ? systemProblems(data) : [];
  return (
    <Card
      title="System health"
      actions={
        <Link to={paths.admin.system} className={buttonClasses('secondary')}>
          Open system
        </Link>
      }
    >
      {isLoading ? (
        <Skeleton lines={2} label="Loading the system status" />
      ) : !data ? (
        <LoadError what="the system status" error={error} onRetry={() => void refetch()} />
      ) : problems.length ? (
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-danger">Needs attention</p>
          <ul className="list-disc pl-5 text-base text-ink">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-base text-ink">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-success" />
          All systems working · version {data.version}
        </p>
      )}
    </Card>
  );
}

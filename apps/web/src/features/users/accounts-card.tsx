import { Link } from 'react-router';
import { paths } from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useListUsersQuery } from './users-api';
import { formatMoment } from '../../lib/date-time';
import { UserBadges } from './user-badges';

const RECENT_USERS = 5;

/** The admin start page's short summary of the accounts: how many, the newest few (joined on the owner's clock). */
export function AccountsCard({ timeZone }: { timeZone: string }) {
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
                Joined {formatMoment(user.createdAt, timeZone)} <UserBadges user={user} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

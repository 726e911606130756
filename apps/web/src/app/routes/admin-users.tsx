import { Skeleton } from '../../components/query-state';
import { UserTwoFactorSection } from '../../features/account';
import { ClientCreditsCard } from '../../features/packages';
import { ClientPaymentsSection } from '../../features/payments';
import { TasksSection } from '../../features/tasks';
import { UsersPage } from '../../features/users';
import { useAuth } from '../../hooks/use-auth';
import { useOwnerTimeZone } from '../../lib/owner-time-zone-api';

/**
 * /admin/users: the accounts, each client's page with their record, their payments, package
 * credits, tasks and
 * two-factor sign-in (dates in the owner's zone); a deleted client's page keeps only the accounting.
 */
export default function AdminUsersRoute() {
  const { id } = useAuth();
  const timeZone = useOwnerTimeZone();
  if (!timeZone) return <Skeleton lines={6} label="Loading users" />;
  return (
    <UsersPage
      currentUserId={id}
      timeZone={timeZone}
      userSections={(userId, { erased }) => (
        <>
          <ClientPaymentsSection clientId={userId} timeZone={timeZone} />
          <ClientCreditsCard userId={userId} timeZone={timeZone} manage={!erased} />
          {!erased && <TasksSection clientId={userId} timeZone={timeZone} />}
          {!erased && (
            <UserTwoFactorSection userId={userId} isSelf={userId === id} timeZone={timeZone} />
          )}
        </>
      )}
    />
  );
}

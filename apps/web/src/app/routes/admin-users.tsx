import { Skeleton } from '../../components/query-state';
import { UserTwoFactorSection } from '../../features/account';
import { useGetSchedulingSettingsQuery } from '../../features/bookings/api/owner-scheduling-api';
import { ClientPaymentsSection } from '../../features/payments';
import { TasksSection } from '../../features/tasks';
import { UsersPage } from '../../features/users';
import { useAuth } from '../../hooks/use-auth';

/**
 * /admin/users: the accounts, each client's page with their record, their payments, tasks and
 * two-factor sign-in (dates in the owner's zone); a deleted client's page keeps only the accounting.
 */
export default function AdminUsersRoute() {
  const { id } = useAuth();
  const { data, isLoading } = useGetSchedulingSettingsQuery();
  const timeZone = data?.rules.timeZone ?? 'UTC';
  return (
    <UsersPage
      currentUserId={id}
      timeZone={isLoading ? undefined : timeZone}
      userSections={(userId, { erased }) =>
        isLoading ? (
          <Skeleton lines={3} label="Loading their payments and tasks" />
        ) : (
          <>
            <ClientPaymentsSection clientId={userId} timeZone={timeZone} />
            {!erased && <TasksSection clientId={userId} timeZone={timeZone} />}
            {!erased && (
              <UserTwoFactorSection userId={userId} isSelf={userId === id} timeZone={timeZone} />
            )}
          </>
        )
      }
    />
  );
}

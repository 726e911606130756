import { Skeleton } from '../../components/query-state';
import { useGetSchedulingSettingsQuery } from '../../features/bookings/api/owner-scheduling-api';
import { ClientPaymentsSection } from '../../features/payments';
import { UsersPage } from '../../features/users';
import { useAuth } from '../../hooks/use-auth';

/** /admin/users: the accounts, each user's panel with their payments (dates in the owner's zone). */
export default function AdminUsersRoute() {
  const { id } = useAuth();
  const { data, isLoading } = useGetSchedulingSettingsQuery();
  return (
    <UsersPage
      currentUserId={id}
      userSections={(userId) =>
        isLoading ? (
          <Skeleton lines={3} label="Loading their payments" />
        ) : (
          <ClientPaymentsSection clientId={userId} timeZone={data?.rules.timeZone ?? 'UTC'} />
        )
      }
    />
  );
}

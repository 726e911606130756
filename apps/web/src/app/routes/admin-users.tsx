import { UsersPage } from '../../features/admin-users';
import { useAuth } from '../../features/auth';

export default function AdminUsersRoute() {
  const { id } = useAuth();
  return <UsersPage currentUserId={id} />;
}

import { UsersPage } from '../../features/users';
import { useAuth } from '../../hooks/use-auth';

export default function AdminUsersRoute() {
  const { id } = useAuth();
  return <UsersPage currentUserId={id} />;
}

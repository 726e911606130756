import { ProfilePage } from '../../features/account';
import { useSignOut } from '../../features/auth';

/**
 * /admin/profile: the admin's own account, where the owner's requirement sends them to set up two
 * factors; signing out this device from it is the ordinary sign-out.
 */
export default function AdminProfileRoute() {
  const { signOut, signingOut } = useSignOut();
  return <ProfilePage area="owner" here={{ signOut: () => void signOut(), signingOut }} />;
}

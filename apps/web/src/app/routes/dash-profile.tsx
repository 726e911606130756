import { ProfilePage } from '../../features/account';
import { useSignOut } from '../../features/auth';

/** /dash/profile: the client's account; signing out this device from it is the ordinary sign-out. */
export default function DashProfileRoute() {
  const { signOut, signingOut } = useSignOut();
  return <ProfilePage area="client" here={{ signOut: () => void signOut(), signingOut }} />;
}

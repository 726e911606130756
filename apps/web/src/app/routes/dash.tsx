import { Outlet } from 'react-router';
import { paths } from '@consult/shared';
import { AppShell, type ShellNavItem } from '../../components/app-shell';
import { RequireSession, useAuth, useSignOut } from '../../features/auth';

const nav: ShellNavItem[] = [
  { to: paths.dashboard, label: 'Overview', end: true },
  { to: paths.profile, label: 'Profile' },
];

/** /dash: the client's area, behind the session guard. */
export default function DashRoute() {
  return (
    <RequireSession>
      <DashShell />
    </RequireSession>
  );
}

function DashShell() {
  const { email } = useAuth();
  const { signOut, signingOut } = useSignOut();
  return (
    <AppShell
      areaLabel="Dashboard"
      nav={nav}
      email={email}
      onSignOut={() => void signOut()}
      signingOut={signingOut}
    >
      <Outlet />
    </AppShell>
  );
}

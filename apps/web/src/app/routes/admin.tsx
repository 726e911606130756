import { Outlet } from 'react-router';
import { paths } from '@consult/shared';
import { AppShell, type ShellNavItem } from '../../components/app-shell';
import { RequireSession, useAuth, useSignOut } from '../../features/auth';

// Only screens that work are listed; bookings, metrics and config join when they are built.
const nav: ShellNavItem[] = [
  { to: paths.admin.upcoming, label: 'Overview' },
  { to: paths.admin.users, label: 'Users' },
  { to: paths.admin.system, label: 'System' },
];

/** /admin: the owner's area, for the admin role only. */
export default function AdminRoute() {
  return (
    <RequireSession adminOnly>
      <AdminShell />
    </RequireSession>
  );
}

function AdminShell() {
  const { email } = useAuth();
  const { signOut, signingOut } = useSignOut();
  return (
    <AppShell
      areaLabel="Admin"
      nav={nav}
      email={email}
      onSignOut={() => void signOut()}
      signingOut={signingOut}
    >
      <Outlet />
    </AppShell>
  );
}

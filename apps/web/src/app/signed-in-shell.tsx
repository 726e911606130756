import { Outlet } from 'react-router';
import { AppShell, type ShellNavItem } from '../components/app-shell';
import { RequireSession, useSignOut } from '../features/auth';
import { useAuth } from '../hooks/use-auth';

/** The shell of a signed-in area (/dash, /admin): the session guard, then navigation and sign-out. */
export function SignedInArea({
  areaLabel,
  nav,
  adminOnly = false,
}: {
  areaLabel: string;
  nav: ShellNavItem[];
  adminOnly?: boolean;
}) {
  return (
    <RequireSession adminOnly={adminOnly}>
      <SignedInShell areaLabel={areaLabel} nav={nav} />
    </RequireSession>
  );
}

function SignedInShell({ areaLabel, nav }: { areaLabel: string; nav: ShellNavItem[] }) {
  const { email } = useAuth();
  const { signOut, signingOut } = useSignOut();
  return (
    <AppShell
      areaLabel={areaLabel}
      nav={nav}
      email={email}
      onSignOut={() => void signOut()}
      signingOut={signingOut}
    >
      <Outlet />
    </AppShell>
  );
}

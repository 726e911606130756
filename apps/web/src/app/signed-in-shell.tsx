import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AppShell, type ShellNavItem } from '../components/app-shell';
import { RequireSession, useSignOut } from '../features/auth';
import { useAuth } from '../hooks/use-auth';

/** The shell of a signed-in area (/dash, /admin): the session guard, then navigation and sign-out. */
export function SignedInArea({
  areaLabel,
  nav,
  adminOnly = false,
  screens = <Outlet />,
}: {
  areaLabel: string;
  nav: ShellNavItem[];
  adminOnly?: boolean;
  /** What the shell holds, once the session is there: the area's screens (its outlet). */
  screens?: ReactNode;
}) {
  return (
    <RequireSession adminOnly={adminOnly}>
      <SignedInShell areaLabel={areaLabel} nav={nav} screens={screens} />
    </RequireSession>
  );
}

function SignedInShell({
  areaLabel,
  nav,
  screens,
}: {
  areaLabel: string;
  nav: ShellNavItem[];
  screens: ReactNode;
}) {
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
      {screens}
    </AppShell>
  );
}

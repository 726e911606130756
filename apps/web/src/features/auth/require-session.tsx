/**
 * The route guards: a signed-in area (anyone with a session, restored once on entry) and the admin
 * area (admins only); without a session the visitor goes to /signin.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@consult/shared';
import { LoadingScreen } from '../../components/loading-screen';
import { useRestoreSessionMutation } from './auth-api';
import { ADMIN_ROLE, useAuth } from '../../hooks/use-auth';

type Check = 'restoring' | 'failed';

/**
 * Without a token the loading screen shows while a refresh is tried; success enters, failure goes to
 * /signin carrying the requested location. With `adminOnly`, a signed-in non-admin goes to /signin.
 */
export function RequireSession({
  adminOnly = false,
  children,
}: {
  adminOnly?: boolean;
  children?: ReactNode;
}) {
  const { token, role } = useAuth();
  const location = useLocation();
  const [restore] = useRestoreSessionMutation();
  const [check, setCheck] = useState<Check>('restoring');
  // A session that ends while this area is open (sign-out, expiry) is not one to restore: the code
  // that ended it is already on its way to /signin.
  const [hadSession, setHadSession] = useState(Boolean(token));
  if (token && !hadSession) setHadSession(true);

  useEffect(() => {
    if (token || hadSession) return;
    let current = true;
    void restore()
      .unwrap()
      .then((restored) => {
        if (current && !restored) setCheck('failed');
      })
      .catch(() => {
        if (current) setCheck('failed');
      });
    return () => {
      current = false;
    };
  }, [token, hadSession, restore]);

  const from = `${location.pathname}${location.search}${location.hash}`;
  if (token) {
    if (adminOnly && role !== ADMIN_ROLE) {
      return <Navigate to={paths.signIn} replace state={{ from, adminRequired: true }} />;
    }
    return children ?? <Outlet />;
  }
  if (check === 'failed') return <Navigate to={paths.signIn} replace state={{ from }} />;
  return <LoadingScreen />;
}

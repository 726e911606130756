import { useEffect } from 'react';
import { useRestoreSessionMutation } from './auth-api';
import { hasSessionHint } from '../../lib/session/session-hint';
import { useAuth } from '../../hooks/use-auth';

/**
 * Restores the session once at start-up, so public pages (the landing header's Dashboard button)
 * know the visitor is signed in. Only when the server left its `sessionHint` cookie: anonymous
 * visitors make no request that is bound to fail.
 */
export function SessionRestore() {
  const { token } = useAuth();
  const [restore] = useRestoreSessionMutation();
  useEffect(() => {
    if (!token && hasSessionHint()) void restore();
    // Start-up only: later sign-ins and sign-outs manage the session themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

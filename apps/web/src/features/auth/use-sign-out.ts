import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { paths } from '@consult/shared';
import { api } from '../../lib/api';
import { useLogoutMutation } from './auth-api';
import { loggedOut } from '../../lib/session/auth-slice';

/**
 * Signs out: tells the server, then leaves the signed-in area and clears the session and the cached
 * data, even when the call failed (a failed sign-out call is only logged). Leaving first keeps the
 * route guard from treating the cleared session as a visit to restore.
 */
export function useSignOut() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [logout, { isLoading }] = useLogoutMutation();
  const signOut = useCallback(async () => {
    try {
      await logout().unwrap();
    } catch (error) {
      console.error('Sign-out request failed', error);
    }
    await navigate(paths.signIn, { replace: true, state: { signedOut: true } });
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
  }, [dispatch, logout, navigate]);
  return { signOut, signingOut: isLoading };
}

import { useSelector } from 'react-redux';
import type { RootState } from '../../app/store';

export const ADMIN_ROLE = 'admin';

export function useAuth() {
  return useSelector((state: RootState) => state.auth);
}

/** Where a signed-in person belongs by default: the admin area for admins, the dashboard otherwise. */
export function homeForRole(role: string) {
  return role === ADMIN_ROLE ? '/admin' : '/dash';
}

import { useSelector } from 'react-redux';
import type { RootState } from '../../app/store';

export { ADMIN_ROLE, homeForRole } from './roles';

export function useAuth() {
  return useSelector((state: RootState) => state.auth);
}

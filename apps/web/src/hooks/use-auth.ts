import { useSelector } from 'react-redux';
import { selectSession } from '../lib/session/auth-slice';

export { ADMIN_ROLE, homeForRole } from '../lib/session/roles';

export function useAuth() {
  return useSelector(selectSession);
}

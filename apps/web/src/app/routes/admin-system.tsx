import { SystemPage } from '../../features/admin-system';

export default SystemPage;

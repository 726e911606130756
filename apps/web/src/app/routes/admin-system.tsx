import { SystemPage } from '../../features/system';

export default SystemPage;

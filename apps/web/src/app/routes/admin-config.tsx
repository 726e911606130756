import { ConfigPage } from '../../features/admin-scheduling';

export default ConfigPage;

import { SetupPage } from '../../features/auth/setup-page';

export default SetupPage;

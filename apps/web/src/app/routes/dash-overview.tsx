import { AccountOverview } from '../../features/account';

export default AccountOverview;

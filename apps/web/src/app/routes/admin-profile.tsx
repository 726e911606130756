import { OwnerProfilePage } from '../../features/account';

/** /admin/profile: the admin's own account, where the owner's requirement sends them to set up two factors. */
export default OwnerProfilePage;

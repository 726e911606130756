export { AccountOverview } from './account-overview';
export { ProfilePage } from './profile-page';

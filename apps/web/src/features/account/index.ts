export { AccountOverview } from './account-overview';
export { ProfilePage } from './profile-page';
export { useGetUserQuery } from './account-api';

export { AccountOverview } from './account-overview';
export { ProfilePage } from './profile-page';
export { useGetUserQuery } from './account-api';
export { TwoFactorRequirementCard } from './two-factor-requirement-card';
export { UserTwoFactorSection } from './user-two-factor-section';

export { UsersPage } from './users-page';
export { useListUsersQuery } from './admin-users-api';
export { UserBadges, formatDateTime } from './user-badges';

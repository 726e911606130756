export { UsersPage } from './users-page';
export { AccountsCard } from './accounts-card';

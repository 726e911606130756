/**
 * The account module's public face (decision 053): one's own account (profile, export, deletion)
 * and the interface its privacy routes need.
 */
export type { AccountPrivacy } from './account-privacy';
export { viewUser } from './account-service';
export { accountRoutes } from './routes';

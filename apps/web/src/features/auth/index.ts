/** What the rest of the app uses from the accounts feature. */
export { RequireSession } from './require-session';
export { useSignOut } from './use-sign-out';
export { ADMIN_ROLE, homeForRole, useAuth } from './use-auth';
export { setCredentials, loggedOut } from './auth-slice';
export { SessionRestore } from './session-restore';
export { rememberReturnTo } from './return-to';
export { useResendVerificationMutation } from './auth-api';

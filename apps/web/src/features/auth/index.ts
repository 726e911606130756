/** What the rest of the app uses from the accounts feature. */
export { RequireSession } from './require-session';
export { useSignOut } from './use-sign-out';
export { SessionRestore } from './session-restore';

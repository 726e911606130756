/**
 * The auth module's public face (decision 053): sign-in, sessions, two-factor, password links and
 * the authorization hooks.
 */
export { loadAccountKeys } from './account-keys';
export type { AccountKeys } from './account-keys';
export { emailInUseMail } from './account-mails';
export { revokeUserRefreshTokens } from './auth-repository';
export { createSession, sendVerification } from './auth-service';
export type { AuthDeps, Session } from './auth-service';
export { bearerClaims, loadOptionalUser } from './authorize';
export type { ChallengeDifficulty } from './challenge';
export { ensureConfiguredAdmin } from './configured-admin';
export { sendPasswordLink } from './password-links';
export { assertPasswordNotCommon, hashPassword, verifyPassword } from './passwords';
export { createRateLimitStore } from './rate-limit-store';
export { AUTH_RATE_LIMITS, bodyEmail, failureBudget, limitBy, mailBudgets } from './rate-limits';
export type { LimitRule } from './rate-limits';
export { authRoutes } from './routes';
export { refreshTokens, sessions } from './schema';
export {
  JWT_SECRET_FILE,
  randomToken,
  restoreSecretFile,
  secretFilesToBackUp,
  sha256Hex,
} from './secrets';
export { clearSessionCookies, setSessionCookies } from './session-cookies';
export { sessionClientOf } from './session-device';
export type { SessionClient } from './sessions-repository';
export { sessionRoutes } from './sessions-routes';
export { SignedInCache } from './signed-in-cache';
export { countRecoveryCodesLeft, deleteTwoFactor, findTwoFactor } from './two-factor-repository';
export { adminSecurityRoutes, twoFactorRoutes } from './two-factor-routes';

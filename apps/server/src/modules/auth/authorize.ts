/**
 * The accounts' keys and the authorization decorators every protected route uses:
 * `app.authenticate` (401 without a token, 403 for a bad or expired one, loads `request.user`) and
 * `app.requireAdmin` (after authenticate: 403 unless the user is an admin; 403
 * `two-factor-setup-required` while the owner requires two-factor sign-in and this admin has none).
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../../app-deps';
import fp from 'fastify-plugin';
import {
  AUTH_MESSAGES,
  MINUTE_MS,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_SETUP_REQUIRED_PROBLEM_TYPE,
} from '@consult/shared';
import { HttpProblem } from '../../plugins/errors';
import { findUserById, type UserRow } from '../users';
import { readAccessToken } from './access-token';
import { needsTwoFactorSetup } from './two-factor-requirement';
import { shortenIp } from './session-device';
import { findOpenSession, markSessionUsed } from './sessions-repository';

/**
 * How often requests mark their session used (a refresh marks it every time): "last used" is
 * true to within this, for one write per session in a while (decision 044).
 */
export const SESSION_USE_MARK_INTERVAL_MS = 5 * MINUTE_MS;

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: preHandlerAsyncHookHandler;
    requireAdmin: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /**
     * The signed-in user, as `app.authenticate` found it: from the database, or from the signed-in
     * cache, which holds it only until the database reports a change (decision 049). Frozen.
     */
    user: UserRow | null;
    /** The session (refresh-token family) of the request's access token, with `user`. */
    sessionId: string | null;
  }
}

/** What the authorization reads: the database, the access key, the signed-in cache. */
type AuthorizeDeps = Pick<AppDeps, 'db' | 'accountKeys' | 'signedIn'>;

/** The bearer token of a request: undefined when there is none (401), a string otherwise. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S*)\s*$/i.exec(header);
  return match ? match[1] || undefined : undefined;
}

/**
 * Loads the signed-in user and session of a request carrying a token (from the signed-in cache
 * when it holds them, decision 049); throws 403 for a bad token, an ended session or a gone user.
 */
async function loadTokenSession(deps: AuthorizeDeps, request: FastifyRequest, token: string) {
  const claims = await readAccessToken(deps.accountKeys.access, token);
  if (!claims) throw new HttpProblem(403, AUTH_MESSAGES.loginExpired);
  const now = new Date();
  const signedIn = await deps.signedIn.signedIn(claims.user.id, claims.sid, now, async () => {
    const [user, session] = await Promise.all([
      findUserById(deps.db, claims.user.id),
      findOpenSession(deps.db, claims.sid),
    ]);
    return user && session ? { user, lastUsedAt: session.lastUsedAt } : undefined;
  });
  if (!signedIn || signedIn.user.disabledAt) {
    throw new HttpProblem(403, AUTH_MESSAGES.loginExpired);
  }
  if (now.getTime() - signedIn.lastUsedAt.getTime() > SESSION_USE_MARK_INTERVAL_MS) {
    await markSessionUsed(deps.db, claims.sid, shortenIp(request.ip), SESSION_USE_MARK_INTERVAL_MS);
    deps.signedIn.markedUsed(claims.user.id, claims.sid, now);
  }
  request.user = signedIn.user;
  request.sessionId = claims.sid;
}

/** The claims of a valid bearer token the request carries, or null (none, expired, invalid). */
export async function bearerClaims(deps: Pick<AppDeps, 'accountKeys'>, request: FastifyRequest) {
  const token = bearerToken(request);
  return token === undefined ? null : readAccessToken(deps.accountKeys.access, token);
}

/** Loads `request.user` when the request carries a token; anonymous requests pass unchanged. */
export async function loadOptionalUser(
  deps: AuthorizeDeps,
  request: FastifyRequest,
): Promise<void> {
  if (request.headers.authorization === undefined) return;
  const token = bearerToken(request);
  if (token === undefined) throw new HttpProblem(401, AUTH_MESSAGES.authenticationRequired);
  await loadTokenSession(deps, request, token);
}

export default fp(
  async function authorizePlugin(app: FastifyInstance, { deps }: { deps: AuthorizeDeps }) {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      const token = bearerToken(request);
      if (token === undefined) throw new HttpProblem(401, AUTH_MESSAGES.authenticationRequired);
      await loadTokenSession(deps, request, token);
    } as preHandlerAsyncHookHandler);

    app.decorate('requireAdmin', async function requireAdmin(request: FastifyRequest) {
      if (!request.user) throw new HttpProblem(401, AUTH_MESSAGES.authenticationRequired);
      if (request.user.role !== 'admin') throw new HttpProblem(403, AUTH_MESSAGES.adminsOnly);
      // The owner's requirement: the set-up routes are the account's own (/user/2fa), never here.
      if (await needsTwoFactorSetup(deps.db, request.user)) {
        throw new HttpProblem(403, TWO_FACTOR_MESSAGES.setupRequired, {
          type: TWO_FACTOR_SETUP_REQUIRED_PROBLEM_TYPE,
        });
      }
    } as preHandlerAsyncHookHandler);
  },
  { name: 'authorize' },
);

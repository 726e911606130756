/**
 * The session cookies: `refreshToken` (httpOnly, only sent to /api/auth) and `sessionHint=1`
 * (readable by the page, which only tries a silent refresh at start-up when it is present).
 */
import type { FastifyReply } from 'fastify';
import {
  API_BASE,
  REFRESH_COOKIE,
  REFRESH_TOKEN_TTL_DAYS,
  SESSION_HINT_COOKIE,
  DAY_MS,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';

type CookieDeps = Pick<AppDeps, 'config'>;

const MAX_AGE_SECONDS = (REFRESH_TOKEN_TTL_DAYS * DAY_MS) / 1000;
export const REFRESH_COOKIE_PATH = `${API_BASE}/auth`;

function baseOptions(deps: CookieDeps) {
  return { sameSite: 'lax' as const, secure: deps.config.usesHttps };
}

export function setSessionCookies(deps: CookieDeps, reply: FastifyReply, refreshToken: string) {
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    ...baseOptions(deps),
    httpOnly: true,
    path: REFRESH_COOKIE_PATH,
    maxAge: MAX_AGE_SECONDS,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    ...baseOptions(deps),
    httpOnly: false,
    path: '/',
    maxAge: MAX_AGE_SECONDS,
  });
}

export function clearSessionCookies(deps: CookieDeps, reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, {
    ...baseOptions(deps),
    httpOnly: true,
    path: REFRESH_COOKIE_PATH,
  });
  reply.clearCookie(SESSION_HINT_COOKIE, { ...baseOptions(deps), path: '/' });
}

/**
 * Refuses API requests that change something or issue tokens when the browser says they come from
 * another site: an `Origin` other than the site's own, or `Sec-Fetch-Site: cross-site | same-site`.
 * (the site's own origin is APP_URL's or the one the request was addressed to). A page elsewhere
 * could otherwise sign a visitor out (the clearing Set-Cookie applies even when
 * the cookie is not sent) or rotate their refresh cookie with a top-level GET. The refusal happens
 * before any route runs, so no cookie is set or cleared. Requests without either header (servers,
 * scripts, the command line) cannot be forged from a browser and pass (decision 023).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, CROSS_SITE_PROBLEM_TYPE } from '@consult/shared';
import { sendProblem } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET routes that issue tokens or set cookies. */
const TOKEN_ISSUING_GETS = new Set([`${API_BASE}/auth/refresh`]);
const TOKEN_ISSUING_GET_PREFIXES = [...TOKEN_ISSUING_GETS];
const FOREIGN_FETCH_SITES = new Set(['cross-site', 'same-site']);

export const CROSS_SITE_DETAIL = 'This request came from another site and was refused.';

function firstHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether `request` shows it was sent by a page of another site. The page's origin may be APP_URL's
 * or the address the request was sent to (http://127.0.0.1:3000 for a site whose APP_URL says
 * localhost): a page of another site can claim neither.
 */
export function comesFromAnotherSite(request: FastifyRequest, siteOrigin: string): boolean {
  const origin = firstHeader(request, 'origin');
  if (
    origin !== undefined &&
    origin !== siteOrigin &&
    origin !== `${request.protocol}://${request.host}`
  ) {
    return true;
  }
  const fetchSite = firstHeader(request, 'sec-fetch-site');
  return fetchSite !== undefined && FOREIGN_FETCH_SITES.has(fetchSite.toLowerCase());
}

function isGuarded(request: FastifyRequest): boolean {
  const { method, url } = request;
  if (!url.startsWith(API_BASE)) return false;
  // Most requests are reads, guarded only at a token-issuing path: no need to cut the URL for them.
  if (SAFE_METHODS.has(method) && !TOKEN_ISSUING_GET_PREFIXES.some((p) => url.startsWith(p))) {
    return false;
  }
  const path = url.split('?')[0]!.replace(/\/+$/, '');
  if (path !== API_BASE && !path.startsWith(`${API_BASE}/`)) return false;
  return !SAFE_METHODS.has(method) || TOKEN_ISSUING_GETS.has(path);
}

export default fp(
  async function sameSitePlugin(app: FastifyInstance, options: { appUrl: string }) {
    const siteOrigin = new URL(options.appUrl).origin;
    app.addHook('onRequest', (request, reply, done) => {
      if (isGuarded(request) && comesFromAnotherSite(request, siteOrigin)) {
        // Answered here: the chain stops without done().
        sendProblem(reply, 403, CROSS_SITE_DETAIL, undefined, { type: CROSS_SITE_PROBLEM_TYPE });
        return;
      }
      done();
    });
  },
  { name: 'same-site' },
);

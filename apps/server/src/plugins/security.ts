/**
 * Security headers for every response, with the request id. Pages get helmet's set with a CSP that allows no inline or
 * foreign scripts; API answers (JSON, problems, images, calendars: never a document that runs
 * anything) get the part of it that protects data: a CSP that allows nothing (no framing either),
 * nosniff, a same-origin resource policy and, over HTTPS, HSTS
 * (docs/decisions/004-security-headers.md, 049-cost-per-request.md).
 * Both sets are computed once at start and copied into each reply: helmet's middleware set them
 * header by header on the raw response, about a fifth of a small answer's cost.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { API_BASE } from '@consult/shared';

export type HeaderSet = Readonly<Record<string, string>>;

/** The headers helmet's middleware sets with the site's options, read once from a dry run. */
export function pageHeaders(https: boolean): HeaderSet {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toasts and React's style attributes need inline styles; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  middleware(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => (failed = err),
  );
  if (failed) throw failed;
  return Object.freeze(headers);
}

/**
 * What an API answer needs of them: it is data, never a page, so its CSP allows nothing at all and
 * no other site may frame it or read it as a resource; nosniff keeps it from running as a script.
 * A referrer policy does nothing for an answer that makes no requests, and X-Frame-Options only
 * stands in for `frame-ancestors` in browsers too old to run the site.
 */
export function apiHeaders(https: boolean): HeaderSet {
  return Object.freeze({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  });
}

/** Whether a request URL is the API's (`/api`, `/api/…`, `/api?…`). */
export function isApiUrl(url: string): boolean {
  if (!url.startsWith(API_BASE)) return false;
  const next = url.charCodeAt(API_BASE.length);
  // End of the URL, '/' or '?'.
  return Number.isNaN(next) || next === 47 || next === 63;
}

export default fp(
  async function securityPlugin(app: FastifyInstance, options: { https: boolean }) {
    const forPages = pageHeaders(options.https);
    const forApi = apiHeaders(options.https);
    // One hook for what every answer carries: its request id (to find its log lines) and these.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id).headers(isApiUrl(request.url) ? forApi : forPages);
      done();
    });
  },
  { name: 'security' },
);

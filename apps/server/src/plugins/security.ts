/**
 * Security headers for every response; the CSP allows no inline or foreign scripts.
 * Helmet's middleware is built once here: @fastify/helmet rebuilt it on every request, which
 * halved the server's throughput (docs/decisions/004-security-headers.md).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export default fp(
  async function securityPlugin(app: FastifyInstance, options: { https: boolean }) {
    const applyHeaders = helmet({
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
          ...(options.https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: options.https
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });

    app.addHook('onRequest', (request, reply, done) => {
      applyHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
    });
  },
  { name: 'security' },
);

/**
 * Compressed answers (docs/decisions/025-compression-and-asset-caching.md): pages and API answers
 * above 1 KB are compressed on the fly with brotli or gzip, by the request's Accept-Encoding; the web
 * build's files come precompressed from `plugins/web-app.ts`. Every answer of a type that can be
 * compressed says `Vary: accept-encoding`, compressed or not, so a shared cache never hands one
 * encoding to a client that asked for another; a route that never compresses (`compress: false`,
 * the health probe) does not, as its answer does not vary.
 */
import compress from '@fastify/compress';
import type { FastifyContextConfig, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Text worth compressing: HTML, CSS, JavaScript, JSON (problems too), SVG, calendars. */
export const COMPRESSIBLE_TYPE =
  /^text\/(?!event-stream)|^application\/(?:javascript|json)\b|\+(?:json|xml)\b/;

/** Below this a compressed answer saves less than the work and the headers cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

// Lower case: @fastify/compress looks for this exact token before adding its own.
const VARY_TOKEN = 'accept-encoding';

function varyOnEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current : current ? [String(current)] : [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === VARY_TOKEN)) return;
  reply.header('vary', [...values, VARY_TOKEN].join(', '));
}

/** Set in the config of routes that turn compression off (`compress: false`): nothing to vary. */
const NEVER_COMPRESSED = Symbol('never compressed');

export default fp(
  async function compressionPlugin(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      if (route.compress === false) {
        route.config = { ...route.config, [NEVER_COMPRESSED]: true } as FastifyContextConfig;
      }
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (
        typeof type === 'string' &&
        COMPRESSIBLE_TYPE.test(type) &&
        !(request.routeOptions.config as { [NEVER_COMPRESSED]?: true })[NEVER_COMPRESSED]
      ) {
        varyOnEncoding(reply);
      }
      done(null, payload);
    });
    // Routes registered after this get the compressing onSend hook; register it before them.
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD_BYTES,
      customTypes: COMPRESSIBLE_TYPE,
    });
  },
  { name: 'compression' },
);

/**
 * Bodiless POSTs (refresh, logout, resend) may still carry `Content-Type: application/json`, since the
 * seed's client sends that header on every call; inside the calling plugin an empty body is `undefined`
 * instead of a 400. Anything else goes through Fastify's own safe JSON parser.
 */
import type { FastifyInstance } from 'fastify';

export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

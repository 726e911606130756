/**
 * Serves the built web app: hashed assets with long-lived caching, and index.html for the
 * app's routes (status 404 for paths the app does not know, so crawlers see the truth).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_BASE, isKnownAppPath } from '@consult/shared';
import { sendProblem } from './errors';

export async function webAppPlugin(app: FastifyInstance, options: { root: string }) {
  const indexHtml = await readFile(join(options.root, 'index.html'), 'utf8');

  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname === API_BASE || pathname.startsWith(`${API_BASE}/`)) {
      return sendProblem(reply, 404, `No such resource: GET ${pathname}`);
    }
    return reply
      .code(isKnownAppPath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}

/** `GET /api/health`: liveness and database reachability, for probes (decision 049 on its cost). */
import { healthSchema } from '@consult/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../app-deps';

export const healthRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  const { database, version, startedAt } = deps.system;
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
      // Probes poll it every few seconds: a healthy answer is not worth two log lines each
      // time. An unreachable database is still logged (warn), and so is any error.
      logLevel: 'warn',
      // The answer is built below from typed fields only; nothing to strip or check on the way out.
      serializerCompiler: () => (data) => JSON.stringify(data),
      // About 100 bytes in, about 100 out: nothing to compress either way (plugins/compression.ts).
      compress: false,
      decompress: false,
    },
    async (request, reply) => {
      const uptimeSeconds = Math.round((Date.now() - startedAt) / 1000);
      try {
        const latencyMs = await database.ping();
        return {
          status: 'ok' as const,
          version,
          uptimeSeconds,
          db: { ok: true, latencyMs },
        };
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        return reply.code(503).send({
          status: 'unavailable' as const,
          version,
          uptimeSeconds,
          db: { ok: false, latencyMs: null },
        });
      }
    },
  );
};

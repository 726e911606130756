import { healthSchema } from '@consult/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const uptimeSeconds = Math.round((Date.now() - app.startedAt) / 1000);
      try {
        const latencyMs = await app.database.ping();
        return {
          status: 'ok' as const,
          version: app.appVersion,
          uptimeSeconds,
          db: { ok: true, latencyMs },
        };
      } catch (err) {
        app.log.warn({ err }, 'health check: database unreachable');
        return reply.code(503).send({
          status: 'unavailable' as const,
          version: app.appVersion,
          uptimeSeconds,
          db: { ok: false, latencyMs: null },
        });
      }
    },
  );
};

/** /admin/metrics: the owner's figures for a range and its bookings as CSV. Every route needs an admin. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metricsQuerySchema, metricsSchema, problemSchema } from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { bookingsCsv } from './bookings-csv';
import { computeMetrics } from './metrics-service';

const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const security = [{ bearer: [] }];
const tags = ['admin'];

export const adminMetricsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/metrics',
    {
      schema: {
        tags,
        summary:
          'Figures of a range of days in the owner’s zone (default: the last 30) and of the range of the same length before it',
        security,
        querystring: metricsQuerySchema,
        response: { 200: metricsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return computeMetrics(deps, request.query);
    },
  );

  app.get(
    '/admin/metrics/bookings.csv',
    {
      schema: {
        tags,
        summary: 'The bookings starting in the range, as CSV (times in the owner’s zone)',
        security,
        querystring: metricsQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await bookingsCsv(deps, request.query);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'private, no-store')
          // A stream is piped as it is (no serializer); the schema documents the text it becomes.
          .send(file.stream as unknown as string)
      );
    },
  );
};

/** /admin/audit: the owner's audit log, filtered and paged. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditFiltersSchema,
  auditPageSchema,
  auditQuerySchema,
  problemSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { auditFilters, auditPage } from './audit-service';

export const adminAuditRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log: who changed what, newest first',
        security: [{ bearer: [] }],
        querystring: auditQuerySchema,
        response: {
          200: auditPageSchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
        },
      },
    },
    async (request) => auditPage(deps, request.query),
  );

  app.get(
    '/admin/audit/filters',
    {
      schema: {
        tags: ['admin'],
        summary: 'The actions and people that appear in the audit log',
        security: [{ bearer: [] }],
        response: { 200: auditFiltersSchema, 401: problemSchema, 403: problemSchema },
      },
    },
    async () => auditFilters(deps),
  );
};

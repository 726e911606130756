/** /admin/outbox: the owner reads the outgoing mail and sends a failed one again. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  outboxMailParamsSchema,
  outboxMailSchema,
  outboxMailSummarySchema,
  outboxPageSchema,
  outboxQuerySchema,
  problemSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import { outboxMail, outboxPage, resendMail } from './outbox-service';

export const adminOutboxRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  acceptEmptyJsonBodies(app);
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/outbox',
    {
      schema: {
        tags: ['admin'],
        summary: 'Outgoing mail, newest first',
        security: [{ bearer: [] }],
        querystring: outboxQuerySchema,
        response: {
          200: outboxPageSchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
        },
      },
    },
    async (request) => outboxPage(deps, request.query),
  );

  app.get(
    '/admin/outbox/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One outgoing mail with its text and HTML',
        security: [{ bearer: [] }],
        params: outboxMailParamsSchema,
        response: {
          200: outboxMailSchema,
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return outboxMail(deps, request.params.id);
    },
  );

  app.post(
    '/admin/outbox/:id/resend',
    {
      schema: {
        tags: ['admin'],
        summary: 'Queue a failed mail again',
        security: [{ bearer: [] }],
        params: outboxMailParamsSchema,
        response: {
          200: outboxMailSummarySchema,
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request) => resendMail(deps, request.user!.id, request.params.id),
  );
};

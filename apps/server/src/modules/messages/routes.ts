/**
 * /admin/messages: the owner's contact inbox (the public contact route stays in `site`). Every route
 * needs an admin.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountExistsProblemSchema,
  inboxMessageSchema,
  inboxPageSchema,
  inboxQuerySchema,
  inboxSummarySchema,
  messageInviteSchema,
  messageStatePatchSchema,
  problemSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import {
  inboxSummary,
  inviteSender,
  listInboxPage,
  setMessageState,
  viewInboxMessage,
} from './messages-service';

const errors = { 401: problemSchema, 403: problemSchema };
const security = [{ bearer: [] }];
const idParamsSchema = z.object({ id: z.string() });

export const adminMessageRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  acceptEmptyJsonBodies(app);
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/messages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Contact messages by type, state (new, handled) or search, newest first',
        security,
        querystring: inboxQuerySchema,
        response: { 200: inboxPageSchema, 400: problemSchema, ...errors },
      },
    },
    async (request) => listInboxPage(deps, request.query),
  );

  app.get(
    '/admin/messages/summary',
    {
      schema: {
        tags: ['admin'],
        summary: 'How many contact messages are new (the admin navigation’s badge)',
        security,
        response: { 200: inboxSummarySchema, ...errors },
      },
    },
    async () => inboxSummary(deps),
  );

  app.get(
    '/admin/messages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One contact message with the account of the same address, if any',
        security,
        params: idParamsSchema,
        response: { 200: inboxMessageSchema, 404: problemSchema, ...errors },
      },
    },
    async (request) => viewInboxMessage(deps, request.params.id),
  );

  app.patch(
    '/admin/messages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a contact message handled or new; the change is audited',
        security,
        params: idParamsSchema,
        body: messageStatePatchSchema,
        response: { 200: inboxMessageSchema, 400: problemSchema, 404: problemSchema, ...errors },
      },
    },
    async (request) => setMessageState(deps, request.user!, request.params.id, request.body.state),
  );

  app.post(
    '/admin/messages/:id/invite',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Mail the sender a sign-up link with their address filled in (once a day per address); 409 with clientId when they have an account',
        security,
        params: idParamsSchema,
        response: {
          200: messageInviteSchema,
          404: problemSchema,
          409: accountExistsProblemSchema,
          429: problemSchema,
          ...errors,
        },
      },
    },
    async (request) => inviteSender(deps, request.user!, request.params.id),
  );
};

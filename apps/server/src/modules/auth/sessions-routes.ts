/** /user/sessions: the signed-in person's sessions, ending one, and ending all the others. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  problemSchema,
  sessionParamsSchema,
  sessionsEndedSchema,
  signedInSessionsSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import { AUTH_RATE_LIMITS, limitBy } from './rate-limits';
import { clearSessionCookies } from './session-cookies';
import { endOtherSessions, endSession, listSessions, type SessionOwner } from './sessions-service';

const authErrors = { 401: problemSchema, 403: problemSchema };

/** The signed-in user and their session, as `authenticate` loaded them. */
function ownerOf(request: FastifyRequest): SessionOwner {
  return { user: request.user!, sessionId: request.sessionId! };
}

export const sessionRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  acceptEmptyJsonBodies(app);
  app.addHook('onRequest', app.authenticate);
  const endBudget = limitBy(
    app,
    'session-ends',
    AUTH_RATE_LIMITS.sessionEndsPerAccount,
    (request) => request.user?.id,
  );

  app.get(
    '/user/sessions',
    {
      schema: {
        tags: ['user'],
        summary: 'The live sessions of the signed-in person, this one first',
        security: [{ bearer: [] }],
        response: { 200: signedInSessionsSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSessions(deps, ownerOf(request));
    },
  );

  app.delete(
    '/user/sessions/:id',
    {
      schema: {
        tags: ['user'],
        summary:
          'End one of the signed-in person’s sessions: its refresh token and its access tokens stop working at once',
        security: [{ bearer: [] }],
        params: sessionParamsSchema,
        response: {
          204: z.null().describe('Ended'),
          400: problemSchema,
          404: problemSchema,
          429: problemSchema,
          ...authErrors,
        },
      },
      preHandler: [endBudget],
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      await endSession(deps, owner, request.params.id);
      // Ending this browser's own session is signing out.
      if (request.params.id === owner.sessionId) clearSessionCookies(deps, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/user/sessions/revoke-others',
    {
      schema: {
        tags: ['user'],
        summary: 'End every session of the signed-in person but this one',
        security: [{ bearer: [] }],
        response: { 200: sessionsEndedSchema, 429: problemSchema, ...authErrors },
      },
      preHandler: [endBudget],
    },
    async (request) => endOtherSessions(deps, ownerOf(request)),
  );
};

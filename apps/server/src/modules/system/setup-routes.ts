/** /setup: whether the site still needs its first owner, and creating that owner with the setup code. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessTokenResponseSchema,
  problemSchema,
  setupSchema,
  setupStatusSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { AUTH_RATE_LIMITS, limitBy, setSessionCookies, sessionClientOf } from '../auth';
import { completeSetup, isSetupNeeded } from './setup-service';

export const setupRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  const byIp = (request: FastifyRequest) => request.ip;

  app.get(
    '/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether the site still needs its first owner account',
        response: { 200: setupStatusSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { needed: await isSetupNeeded(deps) };
    },
  );

  app.post(
    '/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create the first owner account with the one-time code; signs them in',
        body: setupSchema,
        response: {
          201: accessTokenResponseSchema,
          400: problemSchema,
          403: problemSchema,
          409: problemSchema,
          429: problemSchema,
        },
      },
      preHandler: [
        limitBy(app, 'setup-ip', AUTH_RATE_LIMITS.setupPerIp, byIp),
        limitBy(app, 'setup-all', AUTH_RATE_LIMITS.setupAcrossAddresses, () => 'all'),
      ],
    },
    async (request, reply) => {
      const session = await completeSetup(deps, request.body, sessionClientOf(request));
      setSessionCookies(deps, reply, session.refreshToken);
      return reply.code(201).send({ accessToken: session.accessToken });
    },
  );
};

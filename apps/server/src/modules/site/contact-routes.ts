import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_RATE_LIMIT,
  MINUTE_MS,
  contactCreatedSchema,
  contactMessageSchema,
  problemSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { submitContactMessage } from './contact-service';

/** A contact message is at most a few hundred characters; anything far larger is not one. */
export const CONTACT_BODY_LIMIT_BYTES = 16 * 1024;

export const contactRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/contactMe',
    {
      bodyLimit: CONTACT_BODY_LIMIT_BYTES,
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT.max,
          timeWindow: CONTACT_RATE_LIMIT.windowMinutes * MINUTE_MS,
          // Prefixed: a shared (Redis) store holds other routes' counters beside these.
          keyGenerator: (request: FastifyRequest) => `contact:${request.ip}`,
        },
      },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the owner from the contact popup',
        body: contactMessageSchema,
        response: {
          201: contactCreatedSchema,
          400: problemSchema,
          413: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await submitContactMessage(deps, request.body);
      return reply.code(201).send(created);
    },
  );
};

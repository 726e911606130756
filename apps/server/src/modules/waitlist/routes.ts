/** The waitlist: a client's entries, the offers of freed time, and the owner's view (issue 25). */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminWaitlistSchema,
  bookingConflictProblemSchema,
  MINUTE_MS,
  WAITLIST_OFFER_RATE_LIMIT,
  createdBookingSchema,
  problemSchema,
  waitlistAcceptSchema,
  waitlistEntriesSchema,
  waitlistEntrySchema,
  waitlistJoinSchema,
  waitlistOfferViewSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import { acceptOffer, declineOffer, viewOffer } from './offers';
import {
  endWaitlistEntry,
  joinWaitlist,
  listAdminWaitlist,
  listMyEntries,
} from './waitlist-service';

const tags = ['waitlist'];
const security = [{ bearer: [] }];
const authErrors = { 401: problemSchema, 403: problemSchema };
/** Checked by the services: a malformed id or token is a 404 like an unknown one. */
const idParamsSchema = z.object({ id: z.string() });
const tokenParamsSchema = z.object({ token: z.string().max(200) });
/** A person opens an offer a few times; a script guessing tokens is slowed down. */
const offerRateLimit = {
  rateLimit: {
    max: WAITLIST_OFFER_RATE_LIMIT.max,
    timeWindow: WAITLIST_OFFER_RATE_LIMIT.windowMinutes * MINUTE_MS,
    // Prefixed: a shared (Redis) store holds other routes' counters beside these.
    keyGenerator: (request: FastifyRequest) => `waitlist-offer:${request.ip}`,
  },
};

export const waitlistRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  acceptEmptyJsonBodies(app);

  app.get(
    '/waitlist',
    {
      schema: {
        tags,
        summary: 'The signed-in client’s waitlist entries with any offer open now',
        security,
        response: { 200: waitlistEntriesSchema, ...authErrors },
      },
      onRequest: [app.authenticate],
    },
    async (request) => listMyEntries(deps, request.user!.id),
  );

  app.post(
    '/waitlist',
    {
      schema: {
        tags,
        summary: 'Wait for a time of a service to free up (at most 3 entries at once)',
        security,
        body: waitlistJoinSchema,
        response: {
          201: waitlistEntrySchema,
          400: problemSchema,
          409: problemSchema,
          ...authErrors,
        },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) =>
      reply.code(201).send(await joinWaitlist(deps, request.user!.id, request.body)),
  );

  app.delete(
    '/waitlist/:id',
    {
      schema: {
        tags,
        summary: 'Leave the waitlist: the entry ends and any offer open to it lapses',
        security,
        params: idParamsSchema,
        response: { 204: z.null(), 404: problemSchema, ...authErrors },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      await endWaitlistEntry(deps, { type: 'client', userId: request.user!.id }, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/waitlist/offers/:token',
    {
      schema: {
        tags,
        summary: 'A freed time offered by mail: the service, the time and the end of its hold',
        params: tokenParamsSchema,
        response: { 200: waitlistOfferViewSchema, 404: problemSchema, 429: problemSchema },
      },
      config: offerRateLimit,
    },
    async (request) => viewOffer(deps, request.params.token),
  );

  app.post(
    '/waitlist/offers/:token/accept',
    {
      schema: {
        tags,
        summary: 'Book the offered time, as a normal booking (payment or package credit included)',
        security,
        params: tokenParamsSchema,
        body: waitlistAcceptSchema,
        response: {
          201: createdBookingSchema,
          400: problemSchema,
          404: problemSchema,
          409: bookingConflictProblemSchema,
          429: problemSchema,
          503: problemSchema,
          ...authErrors,
        },
      },
      config: offerRateLimit,
      onRequest: [app.authenticate],
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await acceptOffer(deps, request.user!, request.params.token, request.body)),
  );

  app.post(
    '/waitlist/offers/:token/decline',
    {
      schema: {
        tags,
        summary: 'Decline the offered time: it goes to the next person waiting',
        security,
        params: tokenParamsSchema,
        response: {
          204: z.null(),
          404: problemSchema,
          409: problemSchema,
          429: problemSchema,
          ...authErrors,
        },
      },
      config: offerRateLimit,
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      await declineOffer(deps, request.user!.id, request.params.token);
      return reply.code(204).send(null);
    },
  );
};

export const adminWaitlistRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  acceptEmptyJsonBodies(app);
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/waitlist',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every waitlist entry with its client and the offers made to it',
        security,
        response: { 200: adminWaitlistSchema, ...authErrors },
      },
    },
    async () => listAdminWaitlist(deps),
  );

  app.delete(
    '/admin/waitlist/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove an entry from the waitlist (audited); an offer open to it lapses',
        security,
        params: idParamsSchema,
        response: { 204: z.null(), 404: problemSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      await endWaitlistEntry(deps, { type: 'owner', userId: request.user!.id }, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

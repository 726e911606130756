/**
 * /calendar/<token>.ics: a feed as calendar apps read it, with no sign-in (the address is the key).
 * /admin/calendar-feed: the owner's feed; /user/calendar-feed: the signed-in client's own.
 * GET tells whether the feed is on; POST …/rotate makes or replaces the address and is the only
 * answer that carries it; DELETE revokes it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CALENDAR_FEED_RATE_LIMIT,
  calendarFeedViewSchema,
  MINUTE_MS,
  problemSchema,
} from '@consult/shared';
import type { AppDeps, RouteOptions } from '../../app-deps';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import type { FeedOwner } from './feed-repository';
import {
  calendarFeedView,
  isNotModified,
  readCalendarFeed,
  revokeCalendarFeed,
  rotateCalendarFeed,
} from './feed-service';

const errors = { 401: problemSchema, 403: problemSchema };
const security = [{ bearer: [] }];

/** The site's address for the feed's URL: APP_URL, or the one the request came to. */
function originOf(deps: AppDeps, request: FastifyRequest): string {
  return deps.config.APP_URL ?? `${request.protocol}://${request.host}`;
}

export const calendarFeedRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/calendar/:file',
    {
      config: {
        rateLimit: {
          max: CALENDAR_FEED_RATE_LIMIT.max,
          timeWindow: CALENDAR_FEED_RATE_LIMIT.windowMinutes * MINUTE_MS,
          // Prefixed: a shared (Redis) store holds other routes' counters beside these.
          keyGenerator: (request: FastifyRequest) => `calendar-feed:${request.ip}`,
        },
      },
      schema: {
        tags: ['calendar'],
        summary: 'A private calendar feed (iCalendar), by its secret address; 304 when unchanged',
        params: z.object({ file: z.string().describe('<token>.ics') }),
        produces: ['text/calendar'],
        response: {
          200: z.string(),
          304: z.undefined().describe('Not modified'),
          404: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await readCalendarFeed(deps, request.params.file);
      reply
        .header('etag', answer.etag)
        .header('last-modified', answer.lastModified.toUTCString())
        // The feed holds names and meeting links: kept by the calendar app only, and asked again.
        .header('cache-control', 'private, no-cache');
      if (isNotModified(request.headers, answer)) return reply.code(304).send(undefined);
      return reply.type('text/calendar; charset=utf-8').send(answer.body);
    },
  );
};

function feedRoutes(
  prefix: '/admin' | '/user',
  whose: (request: FastifyRequest) => FeedOwner,
): FastifyPluginAsyncZod<RouteOptions> {
  const tags = [prefix === '/admin' ? 'admin' : 'account'];
  const subject = prefix === '/admin' ? 'The owner’s' : 'The signed-in client’s';
  return async (app, { deps }) => {
    acceptEmptyJsonBodies(app);
    app.addHook('onRequest', app.authenticate);
    if (prefix === '/admin') app.addHook('onRequest', app.requireAdmin);

    app.get(
      `${prefix}/calendar-feed`,
      {
        schema: {
          tags,
          summary: `${subject} calendar feed: on or off (its address is shown only when made)`,
          security,
          response: { 200: calendarFeedViewSchema, ...errors },
        },
      },
      async (request) => calendarFeedView(deps, whose(request)),
    );

    app.post(
      `${prefix}/calendar-feed/rotate`,
      {
        schema: {
          tags,
          summary: `Make ${subject.toLowerCase()} calendar feed address, or replace it; the answer shows it once`,
          security,
          response: { 200: calendarFeedViewSchema, ...errors },
        },
      },
      async (request) =>
        rotateCalendarFeed(deps, request.user!.id, whose(request), originOf(deps, request)),
    );

    app.delete(
      `${prefix}/calendar-feed`,
      {
        schema: {
          tags,
          summary: `Revoke ${subject.toLowerCase()} calendar feed address`,
          security,
          response: { 200: calendarFeedViewSchema, ...errors },
        },
      },
      async (request) => revokeCalendarFeed(deps, request.user!.id, whose(request)),
    );
  };
}

export const adminCalendarFeedRoutes = feedRoutes('/admin', () => ({ kind: 'owner' }));

export const userCalendarFeedRoutes = feedRoutes('/user', (request) => ({
  kind: 'client',
  clientId: request.user!.id,
}));

/**
 * /admin/calendars: the owner's own calendars whose events block slots (decision 059). The only
 * routes, with the owner's slot preview, that show event titles.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarRefreshSchema,
  calendarSourceInputSchema,
  calendarSourceParamsSchema,
  calendarSourceSchema,
  calendarSourcesSchema,
  calendarSourceUpdateSchema,
  problemSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import {
  addCalendarSource,
  listCalendarSources,
  refreshCalendarNow,
  removeCalendarSource,
  updateCalendarSource,
} from './source-service';

const errors = { 401: problemSchema, 403: problemSchema };
const security = [{ bearer: [] }];
const tags = ['admin'];

export const adminCalendarSourceRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { deps },
) => {
  acceptEmptyJsonBodies(app);
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/calendars',
    {
      schema: {
        tags,
        summary: 'The owner’s calendars whose events block slots, with how their reads went',
        security,
        response: { 200: calendarSourcesSchema, ...errors },
      },
    },
    async () => listCalendarSources(deps.db),
  );

  app.post(
    '/admin/calendars',
    {
      schema: {
        tags,
        summary: 'Add a calendar (iCalendar address; webcal:// is read as https://) and read it',
        security,
        body: calendarSourceInputSchema,
        response: { 201: calendarRefreshSchema, 400: problemSchema, 409: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const added = await addCalendarSource(deps, request.user!.id, request.body);
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/admin/calendars/:id',
    {
      schema: {
        tags,
        summary:
          'Change a calendar’s label, address or options (a new address or options are read)',
        security,
        params: calendarSourceParamsSchema,
        body: calendarSourceUpdateSchema,
        response: { 200: calendarSourceSchema, 400: problemSchema, 404: problemSchema, ...errors },
      },
    },
    async (request) =>
      updateCalendarSource(deps, request.user!.id, request.params.id, request.body),
  );

  app.delete(
    '/admin/calendars/:id',
    {
      schema: {
        tags,
        summary: 'Remove a calendar; its times stop blocking slots',
        security,
        params: calendarSourceParamsSchema,
        response: { 204: z.null().describe('Removed'), 404: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      await removeCalendarSource(deps, request.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/calendars/:id/refresh',
    {
      schema: {
        tags,
        summary: 'Read a calendar now: events read, busy ranges, or the error',
        security,
        params: calendarSourceParamsSchema,
        response: { 200: calendarRefreshSchema, 404: problemSchema, ...errors },
      },
    },
    async (request) => refreshCalendarNow(deps, request.params.id),
  );
};

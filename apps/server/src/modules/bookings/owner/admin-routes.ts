/**
 * The owner's bookings API under /admin (admins only): services, scheduling settings
 * with a slot preview, and the bookings list, detail and changes made on a client's behalf.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBookingDetailSchema,
  adminBookingRecordSchema,
  adminBookingsPageSchema,
  adminBookingsQuerySchema,
  adminCreateBookingSchema,
  adminRescheduleBookingSchema,
  bookingConflictProblemSchema,
  cancelBookingSchema,
  consultationServiceSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  markPaidSchema,
  ownerTimeZoneSchema,
  problemSchema,
  schedulingSettingsSchema,
  serviceInputSchema,
  servicesListSchema,
  siteCurrencyPreviewQuerySchema,
  siteCurrencyPreviewSchema,
  siteCurrencySchema,
  slotPreviewRequestSchema,
  slotPreviewSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../../app-deps';
import { acceptEmptyJsonBodies } from '../../../plugins/empty-json-body';
import {
  createService,
  listAllServices,
  previewSlots,
  removeService,
  replaceService,
  saveScheduling,
} from './admin-config-service';
import {
  listBookingsPage,
  ownerActor,
  toOwnerRecord,
  viewBookingDetail,
} from './admin-bookings-service';
import { cancelBooking } from '../changes/cancel-booking';
import { createBooking } from '../changes/create-booking';
import { changeBookingState, markBookingPaid } from '../changes/owner-changes';
import { rescheduleBooking } from '../changes/reschedule-booking';
import { loadSchedulingSettings } from '../scheduling-settings';
import { ownerSeriesRoutes } from '../series/series-routes';
import { changeSiteCurrency, loadSiteCurrency, previewSiteCurrency } from '../site-currency';

const errors = { 401: problemSchema, 403: problemSchema };
const security = [{ bearer: [] }];
/** Ids are checked by the services, so a malformed one is a 404 like an unknown one. */
const idParamsSchema = z.object({ id: z.string() });

export const adminBookingRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  // The browser sends its JSON content type on bodiless requests too (DELETE, /complete…).
  acceptEmptyJsonBodies(app);
  // Before body validation, so a stranger learns nothing about the shapes: 401/403 first.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  // A series for a client (issue 25): /admin/bookings/series…
  await app.register(ownerSeriesRoutes, { deps });

  app.get(
    '/admin/services',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every service, active or not, in the owner’s order',
        security,
        response: { 200: servicesListSchema, ...errors },
      },
    },
    async () => listAllServices(deps.db),
  );

  app.post(
    '/admin/services',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a service',
        security,
        body: serviceInputSchema,
        response: {
          201: consultationServiceSchema,
          400: problemSchema,
          409: problemSchema,
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createService(deps, request.user!.id, request.body)),
  );

  app.put(
    '/admin/services/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace a service; existing bookings keep what was booked',
        security,
        params: idParamsSchema,
        body: serviceInputSchema,
        response: {
          200: consultationServiceSchema,
          400: problemSchema,
          404: problemSchema,
          409: problemSchema,
          ...errors,
        },
      },
    },
    async (request) => replaceService(deps, request.user!.id, request.params.id, request.body),
  );

  app.delete(
    '/admin/services/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a service that has no bookings (deactivate it otherwise)',
        security,
        params: idParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          404: problemSchema,
          409: problemSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      await removeService(deps, request.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/site-currency',
    {
      schema: {
        tags: ['admin'],
        summary: 'The site’s currency: new services and the services that follow it use it',
        security,
        response: { 200: siteCurrencySchema, ...errors },
      },
    },
    async () => ({ currency: await loadSiteCurrency(deps.db) }),
  );

  app.get(
    '/admin/site-currency/preview',
    {
      schema: {
        tags: ['admin'],
        summary:
          'What changing the site’s currency would move (services, packages, discount codes’ amounts) and what stays in another currency',
        security,
        querystring: siteCurrencyPreviewQuerySchema,
        response: { 200: siteCurrencyPreviewSchema, 400: problemSchema, ...errors },
      },
    },
    async (request) => previewSiteCurrency(deps, request.query.currency),
  );

  app.put(
    '/admin/site-currency',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Change the site’s currency; services and packages without a currency of their own follow it, discount codes get the same amount in it, bookings, purchases and payments keep theirs',
        security,
        body: siteCurrencySchema,
        response: { 200: siteCurrencySchema, 400: problemSchema, ...errors },
      },
    },
    async (request) => changeSiteCurrency(deps, request.user!.id, request.body.currency),
  );

  app.get(
    '/admin/scheduling',
    {
      schema: {
        tags: ['admin'],
        summary: 'Booking rules, weekly hours, date overrides and meeting links',
        security,
        response: { 200: schedulingSettingsSchema, ...errors },
      },
    },
    async () => loadSchedulingSettings(deps.db, deps.log),
  );

  app.get(
    '/admin/owner-time-zone',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The owner’s time zone, the clock of the admin screens (the scheduling rules’ zone)',
        security,
        response: { 200: ownerTimeZoneSchema, ...errors },
      },
    },
    async () => ({ timeZone: (await loadSchedulingSettings(deps.db, deps.log)).rules.timeZone }),
  );

  app.put(
    '/admin/scheduling',
    {
      schema: {
        tags: ['admin'],
        summary: 'Save the scheduling settings',
        security,
        body: schedulingSettingsSchema,
        response: { 200: schedulingSettingsSchema, 400: problemSchema, ...errors },
      },
    },
    async (request) => saveScheduling(deps, request.user!.id, request.body),
  );

  app.post(
    '/admin/scheduling/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'The slots draft settings would offer for one service on one day (owner’s zone)',
        security,
        body: slotPreviewRequestSchema,
        response: { 200: slotPreviewSchema, 400: problemSchema, ...errors },
      },
    },
    async (request) => previewSlots(deps.db, deps.calendarBusy, request.body),
  );

  app.get(
    '/admin/bookings',
    {
      schema: {
        tags: ['admin'],
        summary: 'All bookings: filter by state, owner-zone days, client and search; one page',
        security,
        querystring: adminBookingsQuerySchema,
        response: { 200: adminBookingsPageSchema, 400: problemSchema, ...errors },
      },
    },
    async (request) => listBookingsPage(deps, request.query),
  );

  app.get(
    '/admin/bookings/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One booking with its client and history',
        security,
        params: idParamsSchema,
        response: { 200: adminBookingDetailSchema, 404: problemSchema, ...errors },
      },
    },
    async (request) => viewBookingDetail(deps, request.params.id),
  );

  app.post(
    '/admin/bookings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Book on a client’s behalf (optionally outside the weekly hours)',
        security,
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() }),
        body: adminCreateBookingSchema,
        response: {
          201: adminBookingRecordSchema,
          400: problemSchema,
          409: bookingConflictProblemSchema,
          422: problemSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const outcome = await createBooking(deps, ownerActor(request.user!.id), {
        ...request.body,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
      });
      return reply.code(201).send(toOwnerRecord(outcome));
    },
  );

  const changeResponses = {
    200: adminBookingRecordSchema,
    404: problemSchema,
    409: bookingConflictProblemSchema,
    ...errors,
  };

  app.post(
    '/admin/bookings/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancel a held or confirmed booking (any time); the client is told by e-mail',
        security,
        params: idParamsSchema,
        // No body at all arrives as null: a cancel without a reason.
        body: cancelBookingSchema.nullish(),
        response: { ...changeResponses, 400: problemSchema },
      },
    },
    async (request) =>
      toOwnerRecord(
        await cancelBooking(deps, ownerActor(request.user!.id), request.params.id, {
          reason: request.body?.reason ?? null,
        }),
      ),
  );

  app.post(
    '/admin/bookings/:id/reschedule',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move a held or confirmed booking (optionally outside the weekly hours)',
        security,
        params: idParamsSchema,
        body: adminRescheduleBookingSchema,
        response: { ...changeResponses, 400: problemSchema },
      },
    },
    async (request) =>
      toOwnerRecord(
        await rescheduleBooking(
          deps,
          ownerActor(request.user!.id),
          request.params.id,
          request.body,
        ),
      ),
  );

  for (const [path, state, summary] of [
    ['complete', 'completed', 'Mark a booking that has started completed'],
    ['no-show', 'no_show', 'Mark a booking that has started a no-show'],
  ] as const) {
    app.post(
      `/admin/bookings/:id/${path}`,
      {
        schema: {
          tags: ['admin'],
          summary,
          security,
          params: idParamsSchema,
          response: changeResponses,
        },
      },
      async (request) =>
        toOwnerRecord(
          await changeBookingState(deps, ownerActor(request.user!.id), request.params.id, state),
        ),
    );
  }

  app.post(
    '/admin/bookings/:id/paid',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Record the payment of a booking (manual provider): how and on which day it arrived',
        security,
        params: idParamsSchema,
        body: markPaidSchema,
        response: { ...changeResponses, 400: problemSchema },
      },
    },
    async (request) =>
      toOwnerRecord(
        await markBookingPaid(deps, ownerActor(request.user!.id), request.params.id, request.body),
      ),
  );
};

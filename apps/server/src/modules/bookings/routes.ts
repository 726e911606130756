/**
 * The public and client bookings API: services and availability for anyone, without signing in;
 * booking, the client's lists (upcoming, past pages), cancel, reschedule and the calendar file for
 * the signed-in client. The owner's side is owner/admin-routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityQuerySchema,
  availabilitySchema,
  bookingConflictProblemSchema,
  type Availability,
  bookingRecordSchema,
  createdBookingSchema,
  cancelBookingSchema,
  createBookingSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  pastBookingsPageSchema,
  pastBookingsQuerySchema,
  problemSchema,
  rescheduleBookingSchema,
  servicesListSchema,
  upcomingBookingsSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import { availabilityJson, listPublicServices } from './availability/availability-service';
import { bookingChangeBudgets } from './booking-rate-limits';
import { toBookingRecord } from './booking-view';
import { cancelBooking } from './changes/cancel-booking';
import { createBooking } from './changes/create-booking';
import { rescheduleBooking } from './changes/reschedule-booking';
import {
  clientBookingCalendarFile,
  clientBookingsPage,
  createdBookingAnswer,
  clientUpcomingBookings,
  viewClientBooking,
} from './client-bookings';
import { clientSeriesRoutes } from './series/series-routes';

const tags = ['bookings'];
const security = [{ bearer: [] }];
const authErrors = { 401: problemSchema, 403: problemSchema };
/** What a client's change of one booking (cancel, reschedule) may answer. */
const bookingChangeResponses = {
  200: bookingRecordSchema,
  400: problemSchema,
  ...authErrors,
  404: problemSchema,
  409: bookingConflictProblemSchema,
  429: problemSchema,
};
/** Any string: a malformed id is answered 404 like an unknown one, never 400. */
const idParamsSchema = z.object({ id: z.string() });

export const bookingRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  // Cancel may come without a body but with the JSON content type the web client always sends.
  acceptEmptyJsonBodies(app);
  // Recurring sessions (issue 25): /bookings/series…
  await app.register(clientSeriesRoutes, { deps });

  app.get(
    '/services',
    {
      schema: {
        tags,
        summary: 'The services that can be booked, in the owner’s order',
        response: { 200: servicesListSchema },
      },
    },
    async () => listPublicServices(deps.db),
  );

  app.get(
    '/availability',
    {
      schema: {
        tags,
        summary: 'Free slot starts of a service over the visitor’s calendar days',
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema, 400: problemSchema },
      },
    },
    async (request, reply) => {
      const json = await availabilityJson(
        deps.db,
        deps.availabilityCache,
        deps.calendarBusy,
        request.query,
        deps.clock(),
      );
      // The cached JSON, checked against the schema when it was computed: Fastify sends bytes as
      // they are, so the schema is not run again on every read.
      return reply.type('application/json; charset=utf-8').send(json as unknown as Availability);
    },
  );

  app.post(
    '/bookings',
    {
      schema: {
        tags,
        summary: 'Book a slot (needs a verified e-mail); an Idempotency-Key makes retries safe',
        security,
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() }),
        body: createBookingSchema,
        response: {
          201: createdBookingSchema,
          400: problemSchema,
          ...authErrors,
          409: bookingConflictProblemSchema,
          422: problemSchema,
          429: problemSchema,
          503: problemSchema,
        },
      },
      onRequest: [app.authenticate],
      preHandler: bookingChangeBudgets(app),
    },
    async (request, reply) => {
      const user = request.user!;
      const { booking, view, credit, discount } = await createBooking(
        deps,
        { type: 'client', userId: user.id },
        {
          clientId: user.id,
          service: request.body.service,
          start: request.body.start,
          notes: request.body.notes,
          answers: request.body.answers,
          idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
          useCredit: request.body.useCredit,
          couponCode: request.body.couponCode,
        },
      );
      return reply
        .code(201)
        .send(await createdBookingAnswer(deps, user, { booking, view, credit, discount }));
    },
  );

  app.get(
    '/bookings/upcoming',
    {
      schema: {
        tags,
        summary: 'The signed-in client’s held and confirmed bookings that have not ended',
        security,
        response: { 200: upcomingBookingsSchema, ...authErrors },
      },
      onRequest: [app.authenticate],
    },
    async (request) => clientUpcomingBookings(deps, request.user!.id, deps.clock()),
  );

  app.get(
    '/bookings/past',
    {
      schema: {
        tags,
        summary: 'The signed-in client’s past bookings, newest first, one page',
        security,
        querystring: pastBookingsQuerySchema,
        response: { 200: pastBookingsPageSchema, 400: problemSchema, ...authErrors },
      },
      onRequest: [app.authenticate],
    },
    async (request) => clientBookingsPage(deps, request.user!.id, request.query.page, deps.clock()),
  );

  app.get(
    '/bookings/:id',
    {
      schema: {
        tags,
        summary: 'One of the signed-in client’s bookings',
        security,
        params: idParamsSchema,
        response: { 200: bookingRecordSchema, ...authErrors, 404: problemSchema },
      },
      onRequest: [app.authenticate],
    },
    async (request) => viewClientBooking(deps, request.user!.id, request.params.id, deps.clock()),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a booking (until the cancellation cutoff)',
        security,
        params: idParamsSchema,
        // No body at all is a cancel without a reason.
        body: cancelBookingSchema.nullish(),
        response: bookingChangeResponses,
      },
      onRequest: [app.authenticate],
      preHandler: bookingChangeBudgets(app),
    },
    async (request) => {
      const { booking, view } = await cancelBooking(
        deps,
        { type: 'client', userId: request.user!.id },
        request.params.id,
        { reason: request.body?.reason ?? null },
      );
      return toBookingRecord(booking, view);
    },
  );

  app.post(
    '/bookings/:id/reschedule',
    {
      schema: {
        tags,
        summary: 'Move a booking to another free slot (until the cancellation cutoff)',
        security,
        params: idParamsSchema,
        body: rescheduleBookingSchema,
        response: bookingChangeResponses,
      },
      onRequest: [app.authenticate],
      preHandler: bookingChangeBudgets(app),
    },
    async (request) => {
      const { booking, view } = await rescheduleBooking(
        deps,
        { type: 'client', userId: request.user!.id },
        request.params.id,
        { start: request.body.start },
      );
      return toBookingRecord(booking, view);
    },
  );

  app.get(
    '/bookings/:id/ics',
    {
      schema: {
        tags,
        summary: 'The booking’s calendar invite (the owner may fetch any booking’s)',
        security,
        params: idParamsSchema,
        produces: ['text/calendar'],
        response: { 200: z.string(), ...authErrors, 404: problemSchema },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const user = request.user!;
      const file = await clientBookingCalendarFile(
        deps,
        user.role === 'admin' ? null : user.id,
        request.params.id,
      );
      // The file holds the meeting link: no copy in any cache, the browser's included.
      return reply
        .type(`${file.contentType}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
};

/**
 * The series API (issue 25): the client's preview, booking and cancellation of recurring sessions
 * under /bookings/series, and the owner's for a client under /admin/bookings/series (registered
 * inside the admin plugin, whose hooks require an admin).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCreateSeriesSchema,
  adminSeriesPreviewInputSchema,
  cancelledSeriesSchema,
  cancelSeriesSchema,
  createdSeriesSchema,
  createSeriesSchema,
  problemSchema,
  seriesConflictProblemSchema,
  seriesPreviewInputSchema,
  seriesPreviewSchema,
  type BookingRecord,
} from '@consult/shared';
import type { RouteOptions } from '../../../app-deps';
import { bookingChangeBudgets } from '../booking-rate-limits';
import { toBookingRecord, type ViewContext } from '../booking-view';
import type { BookingRow } from '../bookings-repository';
import { clientBookingRecord } from '../client-bookings';
import type { BookingActorRef } from '../changes/change-steps';
import { cancelSeries } from './cancel-series';
import { createSeries, previewSeries } from './create-series';

const security = [{ bearer: [] }];
const authErrors = { 401: problemSchema, 403: problemSchema };
/** Any string: a malformed id is answered 404 like an unknown one. */
const idParamsSchema = z.object({ id: z.string() });

const seriesView = (
  id: string,
  bookings: BookingRow[],
  view: ViewContext,
): { id: string; bookings: BookingRecord[] } => ({
  id,
  bookings: bookings.map((booking) => toBookingRecord(booking, view)),
});

export const clientSeriesRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  const tags = ['bookings'];
  const client = (userId: string): BookingActorRef => ({ type: 'client', userId });

  app.post(
    '/bookings/series/preview',
    {
      schema: {
        tags,
        summary: 'Every date of a weekly or fortnightly series, free or with why not',
        security,
        body: seriesPreviewInputSchema,
        response: { 200: seriesPreviewSchema, 400: problemSchema, ...authErrors },
      },
      onRequest: [app.authenticate],
    },
    async (request) =>
      previewSeries(deps, client(request.user!.id), {
        ...request.body,
        clientId: request.user!.id,
      }),
  );

  app.post(
    '/bookings/series',
    {
      schema: {
        tags,
        summary:
          'Book a series’ dates in one transaction (all or nothing); 409 lists dates taken meanwhile',
        security,
        body: createSeriesSchema,
        response: {
          201: createdSeriesSchema,
          400: problemSchema,
          ...authErrors,
          409: seriesConflictProblemSchema,
          429: problemSchema,
        },
      },
      onRequest: [app.authenticate],
      preHandler: bookingChangeBudgets(app),
    },
    async (request, reply) => {
      const user = request.user!;
      const { series, bookings, view } = await createSeries(deps, client(user.id), {
        ...request.body,
        clientId: user.id,
      });
      // Each session with what is due on it by hand, as a single new booking answers.
      const records = await Promise.all(
        bookings.map((booking) => clientBookingRecord(deps, booking, view)),
      );
      const answer = { series: { id: series.id, bookings: records } };
      if (!bookings.some((booking) => booking.state === 'pending_payment')) {
        return reply.code(201).send(answer);
      }
      // Held for an online payment: one checkout for every held session (issue 25).
      const checkoutUrl = await deps.bookingPayments.checkoutOfNewSeries(deps, user, series.id);
      return reply.code(201).send({ ...answer, checkoutUrl });
    },
  );

  app.post(
    '/bookings/series/:id/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancel a series’ session and the following (`from`), or every future one; each by the cutoff',
        security,
        params: idParamsSchema,
        body: cancelSeriesSchema.nullish(),
        response: {
          200: cancelledSeriesSchema,
          400: problemSchema,
          ...authErrors,
          404: problemSchema,
          409: problemSchema,
          429: problemSchema,
        },
      },
      onRequest: [app.authenticate],
      preHandler: bookingChangeBudgets(app),
    },
    async (request) => {
      const { series, bookings, view } = await cancelSeries(
        deps,
        client(request.user!.id),
        request.params.id,
        { from: request.body?.from, reason: request.body?.reason ?? null },
      );
      return { series: seriesView(series.id, bookings, view) };
    },
  );
};

/** Inside the admin plugin: its hooks have already required an admin. */
export const ownerSeriesRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  const tags = ['admin'];
  const owner = (userId: string): BookingActorRef => ({ type: 'owner', userId });

  app.post(
    '/admin/bookings/series/preview',
    {
      schema: {
        tags,
        summary: 'Every date of a series for a client (their zone keeps the local time)',
        security,
        body: adminSeriesPreviewInputSchema,
        response: {
          200: seriesPreviewSchema,
          400: problemSchema,
          404: problemSchema,
          ...authErrors,
        },
      },
    },
    async (request) => previewSeries(deps, owner(request.user!.id), request.body),
  );

  app.post(
    '/admin/bookings/series',
    {
      schema: {
        tags,
        summary: 'Book a series for a client (all or nothing; payment by hand or their credits)',
        security,
        body: adminCreateSeriesSchema,
        response: {
          201: createdSeriesSchema,
          400: problemSchema,
          ...authErrors,
          409: seriesConflictProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const { series, bookings, view } = await createSeries(
        deps,
        owner(request.user!.id),
        request.body,
      );
      return reply.code(201).send({ series: seriesView(series.id, bookings, view) });
    },
  );

  app.post(
    '/admin/bookings/series/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a series (from one session on, or every future one); audited',
        security,
        params: idParamsSchema,
        body: cancelSeriesSchema.nullish(),
        response: {
          200: cancelledSeriesSchema,
          400: problemSchema,
          ...authErrors,
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request) => {
      const { series, bookings, view } = await cancelSeries(
        deps,
        owner(request.user!.id),
        request.params.id,
        { from: request.body?.from, reason: request.body?.reason ?? null },
      );
      return { series: seriesView(series.id, bookings, view) };
    },
  );
};

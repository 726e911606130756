/**
 * /payments: the signed-in client's payments and receipts. /admin/payments and
 * /admin/payment-settings: the owner's payments screen, actions and settings.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPaymentDetailSchema,
  checkoutSchema,
  confirmRefundSentSchema,
  adminPaymentsPageSchema,
  adminPaymentsQuerySchema,
  markPaidConflictSchema,
  markPaidSchema,
  PAYMENT_MESSAGES,
  paymentDetailSchema,
  paymentSettingsSchema,
  paymentSettingsViewSchema,
  paymentsListSchema,
  problemSchema,
  refundPaymentSchema,
  voidPaymentSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { HttpProblem } from '../../plugins/errors';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import { checkoutUrlFor } from './checkout';
import {
  loadPaymentSettings,
  paymentSettingsView,
  updatePaymentSettings,
} from './payment-settings';
import { applyStripeEvent, EventTooEarly, stripeEventShape } from './stripe-webhook';
import {
  confirmRefundSent,
  listOwnPayments,
  listPaymentsPage,
  markPaymentPaid,
  refundPayment,
  viewOwnPayment,
  viewPayment,
  voidPayment,
} from './payments-service';

const errors = { 401: problemSchema, 403: problemSchema };
const security = [{ bearer: [] }];
const idParamsSchema = z.object({ id: z.string() });

export const paymentRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'The signed-in client’s payments, newest first',
        security,
        response: { 200: paymentsListSchema, ...errors },
      },
    },
    async (request) => listOwnPayments(deps, request.user!),
  );

  app.get(
    '/payments/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'One of the client’s payments with what its receipt shows',
        security,
        params: idParamsSchema,
        response: { 200: paymentDetailSchema, 404: problemSchema, ...errors },
      },
    },
    async (request) => viewOwnPayment(deps, request.user!, request.params.id),
  );

  app.post(
    '/bookings/:id/checkout',
    {
      schema: {
        tags: ['payments'],
        summary: 'Where to pay a booking still held for its online payment (Stripe Checkout)',
        security,
        params: idParamsSchema,
        response: {
          200: checkoutSchema,
          404: problemSchema,
          409: problemSchema,
          503: problemSchema,
          ...errors,
        },
      },
    },
    async (request) => ({
      checkoutUrl: await checkoutUrlFor(deps, request.user!, request.params.id),
    }),
  );
};

/**
 * POST /payments/stripe/webhook: Stripe's signed events. The body is read raw, as the signature
 * covers its exact bytes; a missing, wrong or stale signature (more than 300 s old or ahead) and an
 * event without an id, a type or data.object are 400 and change nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/payments/stripe/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET); each event applied once',
        response: {
          200: z.object({ received: z.literal(true) }),
          400: problemSchema,
          404: problemSchema,
          503: problemSchema,
        },
      },
    },
    async (request) => {
      const stripe = deps.payments.stripe;
      if (!stripe) throw new HttpProblem(404, PAYMENT_MESSAGES.stripeNotConfigured);
      let event;
      try {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        event = stripe.verifyEvent(body, request.headers['stripe-signature'] as string | undefined);
      } catch {
        throw new HttpProblem(400, PAYMENT_MESSAGES.webhookSignatureInvalid);
      }
      if (!stripeEventShape.safeParse(event).success) {
        throw new HttpProblem(400, PAYMENT_MESSAGES.webhookEventMalformed);
      }
      try {
        const outcome = await applyStripeEvent(deps, event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
      } catch (error) {
        if (!(error instanceof EventTooEarly)) throw error;
        throw new HttpProblem(503, PAYMENT_MESSAGES.eventTooEarly);
      }
      return { received: true as const };
    },
  );
};

export const adminPaymentRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  acceptEmptyJsonBodies(app);
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  const stripeConfigured = deps.payments.stripe !== null;

  app.get(
    '/admin/payments',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Payments by status, provider, creation day, search or owed refunds, with totals per currency',
        security,
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentsPageSchema, 400: problemSchema, ...errors },
      },
    },
    async (request) => listPaymentsPage(deps, request.query),
  );

  app.get(
    '/admin/payments/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A payment with its booking, client, refunds and receipt',
        security,
        params: idParamsSchema,
        response: { 200: adminPaymentDetailSchema, 404: problemSchema, ...errors },
      },
    },
    async (request) => viewPayment(deps, request.params.id),
  );

  app.post(
    '/admin/payments/:id/mark-paid',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Record a pending payment as received (how, on which day); its receipt is numbered and mailed',
        security,
        params: idParamsSchema,
        body: markPaidSchema,
        response: {
          200: adminPaymentDetailSchema,
          400: problemSchema,
          404: problemSchema,
          409: markPaidConflictSchema,
          ...errors,
        },
      },
    },
    async (request) => markPaymentPaid(deps, request.user!, request.params.id, request.body),
  );

  app.post(
    '/admin/payments/:id/void',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Undo a mistaken mark-paid within 24 hours: the receipt stays as void, the payment is due again',
        security,
        params: idParamsSchema,
        body: voidPaymentSchema,
        response: {
          200: adminPaymentDetailSchema,
          400: problemSchema,
          404: problemSchema,
          409: problemSchema,
          ...errors,
        },
      },
    },
    async (request) => voidPayment(deps, request.user!, request.params.id, request.body),
  );

  app.post(
    '/admin/payments/:id/refunds/:refundId/sent',
    {
      schema: {
        tags: ['admin'],
        summary: 'Confirm an owed manual refund was sent (how, on which day); the client is mailed',
        security,
        params: z.object({ id: z.string(), refundId: z.string() }),
        body: confirmRefundSentSchema,
        response: {
          200: adminPaymentDetailSchema,
          400: problemSchema,
          404: problemSchema,
          409: problemSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      confirmRefundSent(
        deps,
        request.user!,
        request.params.id,
        request.params.refundId,
        request.body,
      ),
  );

  app.post(
    '/admin/payments/:id/refund',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refund all that is left of a payment, or part of it, with a reason',
        security,
        params: idParamsSchema,
        body: refundPaymentSchema,
        response: {
          200: adminPaymentDetailSchema,
          400: problemSchema,
          404: problemSchema,
          409: problemSchema,
          ...errors,
        },
      },
    },
    async (request) => refundPayment(deps, request.user!, request.params.id, request.body),
  );

  app.get(
    '/admin/payment-settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'The payment settings and which provider new paid bookings use',
        security,
        response: { 200: paymentSettingsViewSchema, ...errors },
      },
    },
    async () => paymentSettingsView(await loadPaymentSettings(deps.db, deps.log), stripeConfigured),
  );

  app.put(
    '/admin/payment-settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the payment settings',
        security,
        body: paymentSettingsSchema,
        response: { 200: paymentSettingsViewSchema, 400: problemSchema, ...errors },
      },
    },
    async (request) => {
      const settings = await updatePaymentSettings(
        deps,
        request.user!.id,
        request.body,
        stripeConfigured,
      );
      return paymentSettingsView(settings, stripeConfigured);
    },
  );
};

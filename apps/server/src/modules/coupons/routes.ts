/** Discount codes: the signed-in client's check of a code, and the owner's list, creation and changes. */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COUPON_CHECK_LIMITS,
  MINUTE_MS,
  adminCouponSchema,
  adminCouponsListSchema,
  couponCheckAnswerSchema,
  couponCheckSchema,
  couponInputSchema,
  couponPatchSchema,
  problemSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import { limitBy } from '../auth';
import {
  changeCoupon,
  checkCoupon,
  createCoupon,
  findAdminCoupon,
  listAdminCoupons,
} from './coupons-service';

const security = [{ bearer: [] }];
const authErrors = { 401: problemSchema, 403: problemSchema };
/** Ids are checked by the services, so a malformed one is a 404 like an unknown one. */
const idParamsSchema = z.object({ id: z.string() });

/** Checking codes per account and per address: a person tries a few; guessing is stopped (429). */
function checkBudgets(app: FastifyInstance): preHandlerAsyncHookHandler[] {
  const rule = (limit: { max: number; windowMinutes: number }) => ({
    max: limit.max,
    windowMs: limit.windowMinutes * MINUTE_MS,
  });
  return [
    limitBy(app, 'coupon-check-ip', rule(COUPON_CHECK_LIMITS.perIp), (request) => request.ip),
    limitBy(
      app,
      'coupon-check-account',
      rule(COUPON_CHECK_LIMITS.perAccount),
      (request) => request.user?.id,
    ),
  ];
}

export const couponRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/coupons/check',
    {
      schema: {
        tags: ['coupons'],
        summary: 'What a discount code takes off a service’s or package’s price, or why it cannot',
        security,
        body: couponCheckSchema,
        response: {
          200: couponCheckAnswerSchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
          429: problemSchema,
        },
      },
      onRequest: [app.authenticate],
      preHandler: checkBudgets(app),
    },
    async (request) => checkCoupon(deps, request.user!.id, request.body),
  );
};

export const adminCouponRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  // The browser sends its JSON content type on bodiless requests too.
  acceptEmptyJsonBodies(app);
  // Before body validation, so a stranger learns nothing about the shapes: 401/403 first.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/coupons',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every discount code, with its redemptions and uses',
        security,
        response: { 200: adminCouponsListSchema, ...authErrors },
      },
    },
    async () => listAdminCoupons(deps.db),
  );

  app.get(
    '/admin/coupons/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One discount code, with its redemptions and uses',
        security,
        params: idParamsSchema,
        response: { 200: adminCouponSchema, 404: problemSchema, ...authErrors },
      },
    },
    async (request) => findAdminCoupon(deps.db, request.params.id),
  );

  app.post(
    '/admin/coupons',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a discount code (audited)',
        security,
        body: couponInputSchema,
        response: { 201: adminCouponSchema, 400: problemSchema, 409: problemSchema, ...authErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCoupon(deps, request.user!.id, request.body)),
  );

  app.patch(
    '/admin/coupons/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a discount code or switch it off (audited); uses made keep their discount',
        security,
        params: idParamsSchema,
        body: couponPatchSchema,
        response: {
          200: adminCouponSchema,
          400: problemSchema,
          404: problemSchema,
          409: problemSchema,
          ...authErrors,
        },
      },
    },
    async (request) => changeCoupon(deps, request.user!.id, request.params.id, request.body),
  );
};

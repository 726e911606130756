/** Packages of sessions: the public list, and the owner's list, creation and changes. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creditAdjustmentAnswerSchema,
  creditAdjustmentSchema,
  markPaidConflictSchema,
  markPaidSchema,
  packagePurchaseSchema,
  purchaseAnswerSchema,
  purchasePackageSchema,
  userCreditsSchema,
  adminPackageSchema,
  adminPackagesListSchema,
  packageInputSchema,
  packagePatchSchema,
  packagesListSchema,
  problemSchema,
  bookingConflictProblemSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import {
  changePackage,
  createPackage,
  listAdminPackages,
  listPublicPackages,
} from './packages-service';
import {
  adjustCredits,
  clientCreditsOf,
  creditsOf,
  markPurchasePaid,
  purchasePackage,
} from './purchases-service';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';

const tags = ['packages'];
const security = [{ bearer: [] }];
const authErrors = { 401: problemSchema, 403: problemSchema };
/** Ids are checked by the services, so a malformed one is a 404 like an unknown one. */
const idParamsSchema = z.object({ id: z.string() });

export const packageRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/packages',
    {
      schema: {
        tags,
        summary: 'The packages of sessions on sale',
        response: { 200: packagesListSchema },
      },
    },
    async () => listPublicPackages(deps.db),
  );

  app.post(
    '/packages/:id/purchase',
    {
      schema: {
        tags,
        summary:
          'Buy a package: paid online (checkoutUrl), by hand later, or at once when free; an Idempotency-Key makes retries safe',
        security,
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() }),
        params: idParamsSchema,
        body: purchasePackageSchema,
        response: {
          201: purchaseAnswerSchema,
          400: problemSchema,
          404: problemSchema,
          409: bookingConflictProblemSchema,
          422: problemSchema,
          503: problemSchema,
          401: problemSchema,
        },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) =>
      reply.code(201).send(
        await purchasePackage(deps, request.user!, request.params.id, {
          ...request.body,
          idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
        }),
      ),
  );

  app.get(
    '/user/credits',
    {
      schema: {
        tags,
        summary: 'The signed-in client’s credits usable now and their package purchases',
        security,
        response: { 200: userCreditsSchema, 401: problemSchema },
      },
      onRequest: [app.authenticate],
    },
    async (request) => creditsOf(deps.db, request.user!.id, deps.clock()),
  );
};

export const adminPackageRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  // The browser sends its JSON content type on bodiless requests too.
  acceptEmptyJsonBodies(app);
  // Before body validation, so a stranger learns nothing about the shapes: 401/403 first.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/packages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every package, on sale or retired, with how many were bought',
        security,
        response: { 200: adminPackagesListSchema, ...authErrors },
      },
    },
    async () => listAdminPackages(deps.db),
  );

  app.post(
    '/admin/packages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a package of sessions',
        security,
        body: packageInputSchema,
        response: { 201: adminPackageSchema, 400: problemSchema, ...authErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPackage(deps, request.user!.id, request.body)),
  );

  app.patch(
    '/admin/packages/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Change a package or retire it (purchases keep their title, sessions, price and validity; the services covered apply to credits already bought)',
        security,
        params: idParamsSchema,
        body: packagePatchSchema,
        response: {
          200: adminPackageSchema,
          400: problemSchema,
          404: problemSchema,
          ...authErrors,
        },
      },
    },
    async (request) => changePackage(deps, request.user!.id, request.params.id, request.body),
  );

  app.get(
    '/admin/users/:id/credits',
    {
      schema: {
        tags: ['admin'],
        summary: 'A client’s credits usable now and their package purchases',
        security,
        params: idParamsSchema,
        response: { 200: userCreditsSchema, 404: problemSchema, ...authErrors },
      },
    },
    async (request) => clientCreditsOf(deps.db, request.params.id, deps.clock()),
  );

  app.post(
    '/admin/users/:id/credits',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Give credits to or take them back from a purchase, or grant a package, free or paid by hand (audited)',
        security,
        params: idParamsSchema,
        body: creditAdjustmentSchema,
        response: {
          200: creditAdjustmentAnswerSchema,
          201: creditAdjustmentAnswerSchema,
          400: problemSchema,
          404: problemSchema,
          // A promised receipt number another payment took names the next one, as mark-paid does.
          409: markPaidConflictSchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const purchase = await adjustCredits(deps, request.user!.id, request.params.id, request.body);
      return reply.code(request.body.packageId ? 201 : 200).send({ purchase });
    },
  );

  app.post(
    '/admin/package-purchases/:id/mark-paid',
    {
      schema: {
        tags: ['admin'],
        summary: 'Record a package purchase paid by hand: its receipt and credits',
        security,
        params: idParamsSchema,
        body: markPaidSchema,
        response: {
          200: packagePurchaseSchema,
          400: problemSchema,
          404: problemSchema,
          409: problemSchema,
          ...authErrors,
        },
      },
    },
    async (request) => markPurchasePaid(deps, request.user!.id, request.params.id, request.body),
  );
};

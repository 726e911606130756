/** Packages of sessions: the public list, and the owner's list, creation and changes. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPackageSchema,
  adminPackagesListSchema,
  packageInputSchema,
  packagePatchSchema,
  packagesListSchema,
  problemSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import {
  changePackage,
  createPackage,
  listAdminPackages,
  listPublicPackages,
} from './packages-service';

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
};

export const adminPackageRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
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
        summary: 'Change a package or retire it (credits already bought stay valid)',
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
};

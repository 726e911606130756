/** /admin/site (admins only): the site content as the editor of /admin/config reads and saves it. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemSchema, siteDocumentSchema, siteEditSchema } from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { saveSiteContent } from './site-editor-service';
import { getSiteDocument } from './site-service';

const errors = { 401: problemSchema, 403: problemSchema };
const security = [{ bearer: [] }];

export const adminSiteRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  // Before body validation, so a stranger learns nothing about the shape: 401/403 first.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/site',
    {
      schema: {
        tags: ['admin'],
        summary: 'The site content the public pages show (without the services, edited apart)',
        security,
        response: { 200: siteDocumentSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSiteDocument(deps.db, deps.log);
    },
  );

  app.put(
    '/admin/site',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace the site content; the public pages show it at once; audited',
        security,
        body: siteEditSchema,
        response: { 200: siteDocumentSchema, 400: problemSchema, ...errors },
      },
    },
    async (request) => saveSiteContent(deps, request.user!.id, request.body),
  );
};

import { siteContentSchema } from '@consult/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPublicSiteContent, seedSiteContent } from './site-service';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  // First start: the demo consultant, so the home page is complete before the owner edits anything.
  await seedSiteContent(app.db);

  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: 'The public site content: consultant, services, about, FAQ, contact and terms',
        response: { 200: siteContentSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getPublicSiteContent(app.db, app.log);
    },
  );
};

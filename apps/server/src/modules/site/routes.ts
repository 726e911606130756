import { publicSiteSchema } from '@consult/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../app-deps';
import { getPublicSiteContent } from './site-service';

export const siteRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary:
          'The public site content: consultant, services, about, FAQ, contact and terms; whether mail is delivered',
        response: { 200: publicSiteSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      const content = await getPublicSiteContent(deps);
      return { ...content, mailDelivery: deps.mailer.delivery };
    },
  );
};

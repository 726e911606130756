/** /admin/system: health figures for the admin (version, database, mail queue, jobs, memory, event loop). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemSchema, setupChecklistSchema, systemStatusSchema } from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { setupChecklist } from './setup-checklist';
import { startEventLoopMonitor, systemStatus } from './system-status';

export const adminSystemRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  const eventLoop = startEventLoopMonitor();
  app.addHook('onClose', async () => eventLoop.disable());

  app.get(
    '/admin/system',
    {
      schema: {
        tags: ['admin'],
        summary: 'System health',
        security: [{ bearer: [] }],
        response: { 200: systemStatusSchema, 401: problemSchema, 403: problemSchema },
      },
      onRequest: [app.authenticate, app.requireAdmin],
    },
    async () => systemStatus(deps, eventLoop),
  );

  app.get(
    '/admin/setup-checklist',
    {
      schema: {
        tags: ['admin'],
        summary: 'What a new site still needs: business details, hours, services, payments, mail',
        security: [{ bearer: [] }],
        response: { 200: setupChecklistSchema, 401: problemSchema, 403: problemSchema },
      },
      onRequest: [app.authenticate, app.requireAdmin],
    },
    async () => setupChecklist(deps),
  );
};

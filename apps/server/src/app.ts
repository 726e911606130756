/**
 * The application as one Fastify instance. Plugins load in a fixed order: framework
 * (errors, cookies, security headers, rate limits, OpenAPI), then application services, then routes.
 * `server.ts` only boots it; tests build it in-process and call `inject`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE } from '@consult/shared';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import { AvailabilityCache } from './modules/bookings/availability-cache';
import { createJobRunner, type JobRunner } from './jobs/job-runner';
import { loggerOptions } from './logger';
import { contactRoutes } from './modules/contact/routes';
import { bookingRoutes } from './modules/bookings/routes';
import { adminUserRoutes } from './modules/admin/routes';
import { adminBookingRoutes } from './modules/bookings/admin-routes';
import { authRoutes } from './modules/auth/routes';
import { bookingJobs } from './modules/bookings/booking-jobs';
import authorizePlugin from './modules/auth/authorize';
import type { ChallengeDifficulty } from './modules/auth/challenge';
import { createRateLimitStore } from './modules/auth/rate-limit-store';
import { healthRoutes } from './modules/health/routes';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { siteRoutes } from './modules/site/routes';
import { adminSystemRoutes } from './modules/system/routes';
import { ensureConfiguredAdmin } from './modules/users/configured-admin';
import { userRoutes } from './modules/users/routes';
import errorsPlugin from './plugins/errors';
import openApiPlugin, { openApiRoutes } from './plugins/openapi';
import securityPlugin from './plugins/security';
import { webAppPlugin } from './plugins/web-app';
import { version } from '../package.json';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    mailer: Mailer;
    jobs: JobRunner;
    availabilityCache: AvailabilityCache;
    appVersion: string;
    startedAt: number;
  }
}

/** A hop count trusts that many proxies nearest to the server, as proxy-addr does. */
function trustProxyOption(value: AppConfig['TRUST_PROXY']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string;
  /** How often the outbox job looks for due mail. */
  mailIntervalMs?: number;
  /** Start the scheduled jobs (off in tests that drive jobs themselves). */
  startJobs?: boolean;
  /** A logger destination, e.g. a stream tests read. */
  loggerStream?: NodeJS.WritableStream;
  /** Work of the sign-up proof-of-work; tests lower it (the check itself always runs). */
  challengeDifficulty?: ChallengeDifficulty;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logger = loggerOptions(config.LOG_LEVEL);
  const app = Fastify({
    logger:
      options.loggerStream && logger && typeof logger === 'object'
        ? { ...logger, stream: options.loggerStream }
        : logger,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    genReqId: () => randomUUID(),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('appVersion', version);
  app.decorate('startedAt', Date.now());
  const jobs = createJobRunner(app.log);
  app.decorate('jobs', jobs);
  const mailer = createMailer({
    db: database.db,
    log: app.log,
    from: config.MAIL_FROM,
    smtpUrl: config.SMTP_URL,
  });
  app.decorate('mailer', mailer);
  jobs.add(mailer.outboxJob(options.mailIntervalMs ?? 2000));
  const availabilityCache = new AvailabilityCache();
  app.decorate('availabilityCache', availabilityCache);
  const stopAvailabilityListener = await database.listen('availability_changed', availabilityCache);
  for (const job of bookingJobs(app)) jobs.add(job);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, { https: config.usesHttps });
  const rateLimitStore = createRateLimitStore(config.REDIS_URL);
  await app.register(rateLimit, { global: false, ...rateLimitStore.options });
  app.addHook('onClose', () => rateLimitStore.close());
  await app.register(authorizePlugin, { challengeDifficulty: options.challengeDifficulty });
  await app.register(openApiPlugin, { version });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(openApiRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(adminUserRoutes);
      await api.register(adminSystemRoutes);
      await api.register(adminBookingRoutes);
      await api.register(siteRoutes);
      await api.register(contactRoutes);
      await api.register(bookingRoutes);
    },
    { prefix: API_BASE },
  );

  if (options.webRoot && existsSync(options.webRoot)) {
    await app.register(webAppPlugin, { root: options.webRoot });
  }

  app.addHook('onReady', async () => {
    await ensureConfiguredAdmin(app);
    if (options.startJobs !== false) jobs.start();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
    await stopAvailabilityListener();
    await database.close();
  });

  return app;
}

/**
 * The application as one Fastify instance. Plugins load in a fixed order: framework
 * (errors, cookies, security headers, compression, rate limits, OpenAPI), then application services,
 * then routes.
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
import type { AppDeps } from './app-deps';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import {
  AvailabilityCache,
  loadSchedulingSettings,
  bookingRoutes,
  adminBookingRoutes,
  bookingJobs,
  siteServiceCatalogue,
  demoServices,
  loadSiteCurrency,
  seedServicesOnce,
} from './modules/bookings';
import { createAfterResponse } from './jobs/after-response';
import { OwnerTimeZone } from './modules/clock';
import { createJobRunner } from './jobs/job-runner';
import { loggerOptions } from './logger';
import {
  contactRoutes,
  adminPortraitRoutes,
  portraitRoutes,
  siteRoutes,
  getPublicSiteContent,
  getSiteDocument,
  adminSiteRoutes,
  seedSiteContent,
} from './modules/site';
import {
  adminPaymentRoutes,
  paymentRoutes,
  stripeWebhookRoutes,
  paymentJobs,
  bookingPaymentHooks,
  manualProvider,
  createStripeProvider,
} from './modules/payments';
import { adminUserRoutes, accountPrivacy } from './modules/people';
import {
  adminPackageRoutes,
  bookingCreditHooks,
  packageJobs,
  packageCurrencyFollower,
  packagePaymentHooks,
  packageRoutes,
} from './modules/packages';
import {
  adminCouponRoutes,
  couponCurrencyFollower,
  couponRoutes,
  discountCodeHooks,
} from './modules/coupons';
import { adminMessageRoutes } from './modules/messages';
import {
  authRoutes,
  sessionRoutes,
  adminSecurityRoutes,
  twoFactorRoutes,
  loadAccountKeys,
  SignedInCache,
  type ChallengeDifficulty,
  createRateLimitStore,
  ensureConfiguredAdmin,
} from './modules/auth';
import {
  setupRoutes,
  healthRoutes,
  adminSystemRoutes,
  backupJobs,
  backupSettings,
} from './modules/system';
import { serverPackageRoot } from './db/migrate';
import { join } from 'node:path';
import { adminAuditRoutes } from './modules/audit';
import { adminOutboxRoutes, createMailer } from './modules/mail';
import { adminTaskRoutes, taskRoutes, taskJobs } from './modules/tasks';
import { adminMetricsRoutes } from './modules/metrics';
import authorizePlugin from './modules/auth/authorize';
import { accountRoutes } from './modules/account';
import {
  adminCalendarFeedRoutes,
  adminCalendarSourceRoutes,
  CALENDAR_FETCH_LIMITS,
  calendarBusyTimes,
  calendarFeedRoutes,
  calendarJobs,
  userCalendarFeedRoutes,
} from './modules/calendars';
import compressionPlugin from './plugins/compression';
import errorsPlugin, { clientErrorProblem, frameworkProblem } from './plugins/errors';
import openApiPlugin, { openApiRoutes } from './plugins/openapi';
import sameSitePlugin from './plugins/same-site';
import securityPlugin from './plugins/security';
import { webAppPlugin } from './plugins/web-app';
import {
  adminWaitlistRoutes,
  waitlistJobs,
  waitlistKick,
  waitlistRoutes,
  withWaitlistHolds,
} from './modules/waitlist';
import { version } from '../package.json';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What the services work with; tests that call services directly take it from here. Routes
     * and plugins get it in their options: nothing else hangs on the instance (decision 053).
     */
    deps: AppDeps;
  }
}

/**
 * What the app writes at start, in one place, before any route is served: on a first start the
 * demo consultant's site (so the home page is complete before the owner edits anything) and its
 * services; on every start the configured admin (ADMIN_EMAIL, ADMIN_PASSWORD). Each write is
 * idempotent, so several nodes may start at once and an edit is kept.
 */
async function seedAtStart(deps: AppDeps): Promise<void> {
  await seedSiteContent(deps.db);
  await seedServicesOnce(deps.db, demoServices, await loadSiteCurrency(deps.db));
  await ensureConfiguredAdmin(deps);
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
  /** Replaces parts of the services' dependencies, e.g. a failing mailer in a test. */
  adjustDeps?: (deps: AppDeps) => AppDeps;
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
    frameworkErrors: frameworkProblem,
    // The errors plugin refuses requests during shutdown with a problem instead.
    return503OnClosing: false,
    clientErrorHandler: clientErrorProblem,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const startedAt = Date.now();
  const jobs = createJobRunner(app.log);
  const mailer = createMailer({
    db: database.db,
    log: app.log,
    from: config.MAIL_FROM,
    smtpUrl: config.SMTP_URL,
  });
  jobs.add(mailer.outboxJob(options.mailIntervalMs ?? 2000));
  const availabilityCache = new AvailabilityCache();
  const stopAvailabilityListener = await database.listen('availability_changed', availabilityCache);
  const ownerTimeZone = new OwnerTimeZone(
    async (db) => (await loadSchedulingSettings(db, app.log)).rules.timeZone,
  );
  const stopOwnerTimeZoneListener = await database.listen('availability_changed', ownerTimeZone);
  // A change of availability may have freed a time someone waits for: the offer job runs soon.
  const stopWaitlistListener = await database.listen('availability_changed', waitlistKick(jobs));
  const signedIn = new SignedInCache();
  const stopSignedInListener = await database.listen('auth_changed', signedIn);
  const accountKeys = await loadAccountKeys(config, options.challengeDifficulty);
  const builtDeps: AppDeps = {
    db: database.db,
    mailer,
    log: app.log,
    clock: () => new Date(),
    ownerTimeZone,
    config,
    accountKeys,
    availabilityCache,
    signedIn,
    payments: {
      manual: manualProvider,
      stripe:
        config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
          ? await createStripeProvider({
              secretKey: config.STRIPE_SECRET_KEY,
              webhookSecret: config.STRIPE_WEBHOOK_SECRET,
              apiBase: config.STRIPE_API_BASE,
            })
          : null,
    },
    afterResponse: createAfterResponse(app.log),
    system: { database, jobs, version, startedAt },
    backups: backupSettings(config, join(serverPackageRoot(), 'drizzle')),
    accountPrivacy,
    // Open waitlist offers hold their times like the owner's own calendars' events (decision 067).
    calendarBusy: withWaitlistHolds(calendarBusyTimes),
    calendarReading: {
      allowPrivate: config.CALENDAR_FETCH_ALLOW_PRIVATE,
      timeoutMs: CALENDAR_FETCH_LIMITS.timeoutMs,
      maxBytes: CALENDAR_FETCH_LIMITS.maxBytes,
      refreshIntervalMs: config.CALENDAR_REFRESH_MINUTES * 60_000,
    },
    bookingPayments: bookingPaymentHooks,
    packagePayments: packagePaymentHooks,
    bookingCredits: bookingCreditHooks,
    discountCodes: discountCodeHooks(ownerTimeZone),
    siteCurrencyFollowers: [packageCurrencyFollower, couponCurrencyFollower],
    siteServices: siteServiceCatalogue,
    consultantName: async (db) => (await getSiteDocument(db, app.log)).consultant.name,
  };
  const deps = options.adjustDeps ? options.adjustDeps(builtDeps) : builtDeps;
  app.decorate('deps', deps);
  for (const job of [
    ...bookingJobs(deps),
    ...paymentJobs(deps),
    ...taskJobs(deps),
    ...packageJobs(deps),
    ...waitlistJobs(deps),
    ...calendarJobs(deps),
    ...backupJobs(deps),
  ]) {
    jobs.add(job);
  }

  await seedAtStart(deps);

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, { https: config.usesHttps });
  await app.register(sameSitePlugin, { appUrl: config.APP_URL });
  await app.register(compressionPlugin);
  const rateLimitStore = await createRateLimitStore(config.REDIS_URL);
  await app.register(rateLimit, { global: false, ...rateLimitStore.options });
  app.addHook('onClose', () => rateLimitStore.close());
  await app.register(authorizePlugin, { deps });
  await app.register(openApiPlugin, { version });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { deps });
      await api.register(openApiRoutes);
      await api.register(authRoutes, { deps });
      await api.register(twoFactorRoutes, { deps });
      await api.register(adminSecurityRoutes, { deps });
      await api.register(accountRoutes, { deps });
      await api.register(sessionRoutes, { deps });
      await api.register(adminUserRoutes, { deps });
      await api.register(adminSystemRoutes, { deps });
      await api.register(setupRoutes, { deps });
      await api.register(adminAuditRoutes, { deps });
      await api.register(adminOutboxRoutes, { deps });
      await api.register(adminBookingRoutes, { deps });
      await api.register(siteRoutes, { deps });
      await api.register(adminSiteRoutes, { deps });
      await api.register(contactRoutes, { deps });
      await api.register(portraitRoutes, { deps });
      await api.register(adminPortraitRoutes, { deps });
      await api.register(adminMessageRoutes, { deps });
      await api.register(bookingRoutes, { deps });
      await api.register(paymentRoutes, { deps });
      await api.register(adminPaymentRoutes, { deps });
      await api.register(stripeWebhookRoutes, { deps });
      await api.register(packageRoutes, { deps });
      await api.register(waitlistRoutes, { deps });
      await api.register(adminWaitlistRoutes, { deps });
      await api.register(adminPackageRoutes, { deps });
      await api.register(couponRoutes, { deps });
      await api.register(adminCouponRoutes, { deps });
      await api.register(taskRoutes, { deps });
      await api.register(adminTaskRoutes, { deps });
      await api.register(adminMetricsRoutes, { deps });
      await api.register(calendarFeedRoutes, { deps });
      await api.register(adminCalendarFeedRoutes, { deps });
      await api.register(userCalendarFeedRoutes, { deps });
      await api.register(adminCalendarSourceRoutes, { deps });
    },
    { prefix: API_BASE },
  );

  if (options.webRoot && existsSync(options.webRoot)) {
    await app.register(webAppPlugin, {
      root: options.webRoot,
      appUrl: config.APP_URL,
      siteContent: () => getPublicSiteContent(deps),
      pageCache: (key, now, compute) => deps.availabilityCache.answer(key, now, compute),
    });
  }

  app.addHook('onReady', (done) => {
    if (options.startJobs !== false) jobs.start();
    done();
  });
  app.addHook('onClose', async () => {
    await deps.afterResponse.drain();
    await jobs.stop();
    mailer.close();
    await stopAvailabilityListener();
    await stopSignedInListener();
    await stopOwnerTimeZoneListener();
    await stopWaitlistListener();
    await database.close();
  });

  return app;
}

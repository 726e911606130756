/**
 * Two-factor sign-in (decision 043): /user/2fa (status, set-up, confirm, new recovery codes, turn
 * off), /auth/2fa (the sign-in's second step) and /admin/security-settings (the owner's requirement
 * for admin accounts). Wrong codes count against one budget per account and one per address, shared
 * by every route that checks a code.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accessTokenResponseSchema,
  adminUserParamsSchema,
  problemSchema,
  recoveryCodesSchema,
  securitySettingsSchema,
  securitySettingsViewSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
  twoFactorSignInSchema,
  twoFactorStatusSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import { AUTH_RATE_LIMITS, failureBudget } from './rate-limits';
import { setSessionCookies } from './session-cookies';
import { challengeUserId } from './two-factor-challenge';
import { securitySettingsView, updateSecuritySettings } from './two-factor-requirement';
import {
  completeTwoFactorSignIn,
  confirmTwoFactorSetup,
  disableTwoFactor,
  ownerResetTwoFactor,
  ownerTwoFactorView,
  renewRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
  WrongTwoFactorCode,
} from './two-factor-service';
import { sessionClientOf } from './session-device';

const authErrors = { 401: problemSchema, 403: problemSchema };
const security = [{ bearer: [] }];

/** The account a sign-in's challenge names, found before the budgets are asked. */
const challengeAccount = new WeakMap<FastifyRequest, string>();

export const twoFactorRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  acceptEmptyJsonBodies(app);
  // The signed-in account on the profile routes, the challenge's account at sign-in.
  const account = (request: FastifyRequest) => request.user?.id ?? challengeAccount.get(request);
  const perIp = failureBudget(
    app,
    'two-factor-ip',
    AUTH_RATE_LIMITS.twoFactorFailuresPerIp,
    (r) => r.ip,
  );
  const perAccount = [
    failureBudget(app, 'two-factor-account', AUTH_RATE_LIMITS.twoFactorFailuresPerAccount, account),
    failureBudget(
      app,
      'two-factor-account-day',
      AUTH_RATE_LIMITS.twoFactorFailuresPerAccountPerDay,
      account,
    ),
  ];
  const codeFailures = [perIp, ...perAccount];
  const guards = codeFailures.map((budget) => budget.guard);

  /** Runs a code-checking call; a wrong code (or password) is counted against every budget. */
  async function countingFailures<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof WrongTwoFactorCode) {
        for (const budget of codeFailures) await budget.countFailure(request);
      }
      throw error;
    }
  }

  app.get(
    '/user/2fa',
    {
      schema: {
        tags: ['user'],
        summary:
          'Whether two-factor sign-in is on, recovery codes left, and whether it is required',
        security,
        response: { 200: twoFactorStatusSchema, ...authErrors },
      },
      onRequest: [app.authenticate],
    },
    async (request) => twoFactorStatus(deps, request.user!),
  );

  app.post(
    '/user/2fa/setup',
    {
      schema: {
        tags: ['user'],
        summary:
          'Start the set-up: a new secret as an otpauth:// address, in base 32 and as a QR code (SVG)',
        security,
        response: { 200: twoFactorSetupSchema, 409: problemSchema, ...authErrors },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startTwoFactorSetup(deps, request.user!);
    },
  );

  app.post(
    '/user/2fa/confirm',
    {
      schema: {
        tags: ['user'],
        summary:
          'Turn two-factor sign-in on with a current code; answers ten recovery codes, shown once',
        security,
        body: twoFactorCodeSchema,
        response: {
          200: recoveryCodesSchema,
          400: problemSchema,
          409: problemSchema,
          429: problemSchema,
          ...authErrors,
        },
      },
      onRequest: [app.authenticate],
      preHandler: guards,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return countingFailures(request, () =>
        confirmTwoFactorSetup(deps, request.user!, request.body.code),
      );
    },
  );

  app.post(
    '/user/2fa/recovery-codes',
    {
      schema: {
        tags: ['user'],
        summary: 'New recovery codes for a current code; the old ones stop working',
        security,
        body: twoFactorCodeSchema,
        response: {
          200: recoveryCodesSchema,
          400: problemSchema,
          409: problemSchema,
          429: problemSchema,
          ...authErrors,
        },
      },
      onRequest: [app.authenticate],
      preHandler: guards,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return countingFailures(request, () =>
        renewRecoveryCodes(deps, request.user!, request.body.code),
      );
    },
  );

  app.post(
    '/user/2fa/disable',
    {
      schema: {
        tags: ['user'],
        summary:
          'Turn two-factor sign-in off with the password and a current code or an unused recovery code',
        security,
        body: twoFactorDisableSchema,
        response: {
          200: twoFactorStatusSchema,
          400: problemSchema,
          409: problemSchema,
          429: problemSchema,
          ...authErrors,
        },
      },
      onRequest: [app.authenticate],
      preHandler: guards,
    },
    async (request) =>
      countingFailures(request, () => disableTwoFactor(deps, request.user!, request.body)),
  );

  app.post(
    '/auth/2fa',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The second step of a sign-in: the challenge with a current code or a recovery code; answers as a sign-in does',
        body: twoFactorSignInSchema,
        response: {
          200: accessTokenResponseSchema,
          400: problemSchema,
          401: problemSchema,
          429: problemSchema,
        },
      },
      preHandler: [
        perIp.guard,
        async (request) => {
          const userId = await challengeUserId(deps.db, request.body.challenge);
          if (userId) challengeAccount.set(request, userId);
        },
        ...perAccount.map((budget) => budget.guard),
      ],
    },
    async (request, reply) => {
      const session = await countingFailures(request, () =>
        completeTwoFactorSignIn(deps, request.body, sessionClientOf(request)),
      );
      setSessionCookies(deps, reply, session.refreshToken);
      return { accessToken: session.accessToken };
    },
  );
};

/** The owner's side: the requirement for admins, and another account's two-factor sign-in. */
export const adminSecurityRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  acceptEmptyJsonBodies(app);
  app.addHook('onRequest', app.authenticate);
  app.addHook('preHandler', app.requireAdmin);

  app.get(
    '/admin/security-settings',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Whether admins must use two-factor sign-in, and how many admins have not set it up',
        security,
        response: { 200: securitySettingsViewSchema, ...authErrors },
      },
    },
    async () => securitySettingsView(deps),
  );

  app.get(
    '/admin/users/:id/2fa',
    {
      schema: {
        tags: ['admin'],
        summary: 'Whether an account has two-factor sign-in on, and its recovery codes left',
        security,
        params: adminUserParamsSchema,
        response: { 200: twoFactorStatusSchema, 404: problemSchema, ...authErrors },
      },
    },
    async (request) => ownerTwoFactorView(deps, request.params.id),
  );

  app.delete(
    '/admin/users/:id/2fa',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Turn off another account's two-factor sign-in (lost phone and codes); ends its sessions",
        security,
        params: adminUserParamsSchema,
        response: {
          204: z.null().describe('Turned off'),
          400: problemSchema,
          404: problemSchema,
          409: problemSchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      await ownerResetTwoFactor(deps, request.user!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/admin/security-settings',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Require two-factor sign-in for admin accounts, or not (on only once your own is on)',
        security,
        body: securitySettingsSchema,
        response: { 200: securitySettingsViewSchema, 400: problemSchema, ...authErrors },
      },
    },
    async (request) => updateSecuritySettings(deps, request.user!, request.body),
  );
};

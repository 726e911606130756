/** /user: the signed-in user's profile, and the e-mail verification and password-reset flows. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountExportSchema,
  AUTH_MESSAGES,
  deleteAccountSchema,
  forgotPasswordSchema,
  messageResponseSchema,
  problemSchema,
  profileUpdateSchema,
  resendVerificationSchema,
  resetPasswordQuerySchema,
  resetPasswordSchema,
  userSchema,
  verifyEmailResponseSchema,
  verifyEmailSchema,
} from '@consult/shared';
import type { FastifyRequest } from 'fastify';
import type { RouteOptions } from '../../app-deps';
import { HttpProblem } from '../../plugins/errors';
import {
  bearerClaims,
  loadOptionalUser,
  AUTH_RATE_LIMITS,
  bodyEmail,
  failureBudget,
  limitBy,
  mailBudgets,
  clearSessionCookies,
  setSessionCookies,
  sessionClientOf,
} from '../auth';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import {
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateProfile,
  verifyEmail,
  viewSignedInUser,
} from './account-service';

const authErrors = { 401: problemSchema, 403: problemSchema };

/** The address a profile change would mail a confirmation link to, if it changes the address. */
function newEmailOf(request: FastifyRequest): string | undefined {
  const email = bodyEmail(request);
  return email !== undefined && email !== request.user?.email.toLowerCase() ? email : undefined;
}

export const accountRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  acceptEmptyJsonBodies(app);
  const byIp = (request: FastifyRequest) => request.ip;
  const byUser = (request: FastifyRequest) => request.user?.id;
  const deletePasswordFailures = failureBudget(
    app,
    'delete-account',
    AUTH_RATE_LIMITS.deletePasswordFailuresPerAccount,
    byUser,
  );

  app.get(
    '/user',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: userSchema, ...authErrors },
      },
      onRequest: [app.authenticate],
    },
    async (request) => viewSignedInUser(deps, request.user!),
  );

  app.patch(
    '/user',
    {
      schema: {
        tags: ['user'],
        summary: 'Change the profile, e-mail address (after confirmation) or password',
        security: [{ bearer: [] }],
        body: profileUpdateSchema,
        response: { 200: userSchema, 400: problemSchema, 429: problemSchema, ...authErrors },
      },
      onRequest: [app.authenticate],
      preHandler: mailBudgets(app, newEmailOf),
    },
    async (request, reply) => {
      const result = await updateProfile(
        deps,
        request.user!,
        request.body,
        sessionClientOf(request),
      );
      if (result.session) setSessionCookies(deps, reply, result.session.refreshToken);
      return result.user;
    },
  );

  app.get(
    '/user/export',
    {
      schema: {
        tags: ['user'],
        summary: 'Everything about the signed-in client, as one JSON file to download',
        security: [{ bearer: [] }],
        response: { 200: accountExportSchema, 429: problemSchema, ...authErrors },
      },
      onRequest: [app.authenticate],
      preHandler: [limitBy(app, 'export-account', AUTH_RATE_LIMITS.exportPerAccount, byUser)],
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="my-data-${day}.json"`);
      reply.header('cache-control', 'no-store');
      return deps.accountPrivacy.exportAccount(deps, request.user!);
    },
  );

  app.delete(
    '/user',
    {
      schema: {
        tags: ['user'],
        summary:
          'Delete the signed-in account (password required); records for accounting stay, anonymised',
        security: [{ bearer: [] }],
        body: deleteAccountSchema,
        response: {
          204: z.null(),
          400: problemSchema,
          409: problemSchema,
          429: problemSchema,
          ...authErrors,
        },
      },
      onRequest: [app.authenticate],
      preHandler: [deletePasswordFailures.guard],
    },
    async (request, reply) => {
      try {
        await deps.accountPrivacy.deleteAccount(deps, request.user!, request.body.password);
      } catch (error) {
        if (error instanceof HttpProblem && error.status === 400) {
          await deletePasswordFailures.countFailure(request);
        }
        throw error;
      }
      clearSessionCookies(deps, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/user/resendEmailVerification',
    {
      schema: {
        tags: ['user'],
        summary: 'Send a new verification link ({} when signed in, { email } when not)',
        body: resendVerificationSchema.optional(),
        response: {
          200: messageResponseSchema,
          400: problemSchema,
          429: problemSchema,
          ...authErrors,
        },
      },
      preHandler: [
        async (request) => loadOptionalUser(deps, request),
        ...mailBudgets(app, (request) => bodyEmail(request) ?? request.user?.email.toLowerCase()),
      ],
    },
    async (request) => {
      const email = request.body?.email;
      if (request.user) {
        await resendVerification(deps, { user: request.user });
      } else if (email) {
        // Signed out, the answer must not tell whether the address has an account: nor its timing.
        deps.afterResponse.run('verification resend', () => resendVerification(deps, { email }));
      } else {
        throw new HttpProblem(400, AUTH_MESSAGES.emailRequired, {
          errors: { email: [AUTH_MESSAGES.emailRequired] },
        });
      }
      return {
        message:
          deps.mailer.delivery === 'smtp'
            ? AUTH_MESSAGES.verificationResent
            : AUTH_MESSAGES.mailNotDelivered,
      };
    },
  );

  app.post(
    '/user/verifyEmail',
    {
      schema: {
        tags: ['user'],
        summary:
          'Confirm an e-mail address with the token from the mail; ends the sessions opened before it',
        body: verifyEmailSchema,
        response: {
          200: verifyEmailResponseSchema,
          400: problemSchema,
          409: problemSchema,
          429: problemSchema,
        },
      },
      preHandler: [limitBy(app, 'token-ip', AUTH_RATE_LIMITS.tokenPerIp, byIp)],
    },
    async (request) => {
      // Opened while signed in to the same account: that session goes on; every other one ends.
      const claims = await bearerClaims(deps, request);
      const email = await verifyEmail(
        deps,
        request.body.token,
        claims ? { userId: claims.user.id, sessionId: claims.sid } : undefined,
      );
      return { message: AUTH_MESSAGES.emailVerified, email };
    },
  );

  app.post(
    '/user/forgotPassword',
    {
      schema: {
        tags: ['user'],
        summary:
          'Mail a password-reset link (answers the same whether or not the address has an account)',
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema, 400: problemSchema, 429: problemSchema },
      },
      preHandler: mailBudgets(app, bodyEmail),
    },
    async (request) => {
      // The same answer at the same speed whether or not the address has an account.
      deps.afterResponse.run('password reset request', () =>
        requestPasswordReset(deps, request.body.email),
      );
      // Without a mail server the answer is still the same whether or not the address has an account.
      return {
        message:
          deps.mailer.delivery === 'smtp'
            ? AUTH_MESSAGES.resetLinkSent
            : AUTH_MESSAGES.mailNotDelivered,
      };
    },
  );

  app.post(
    '/user/resetPassword',
    {
      schema: {
        tags: ['user'],
        summary: 'Set a new password with the token from the mail; ends every session',
        querystring: resetPasswordQuerySchema,
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, 400: problemSchema, 429: problemSchema },
      },
      preHandler: [limitBy(app, 'token-ip', AUTH_RATE_LIMITS.tokenPerIp, byIp)],
    },
    async (request) => {
      await resetPassword(deps, request.query.token, request.body.password);
      return { message: AUTH_MESSAGES.passwordChanged };
    },
  );
};

/** /auth: anti-bot challenge, sign-up, sign-in, refresh and sign-out. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessTokenResponseSchema,
  AUTH_MESSAGES,
  loginSchema,
  messageResponseSchema,
  problemSchema,
  REFRESH_COOKIE,
  registerSchema,
  signInResponseSchema,
} from '@consult/shared';
import type { RouteOptions } from '../../app-deps';
import { HttpProblem } from '../../plugins/errors';
import { register, refreshSession, signIn, signOut } from './auth-service';
import { createRegistrationChallenge } from './challenge';
import { acceptEmptyJsonBodies } from '../../plugins/empty-json-body';
import { AUTH_RATE_LIMITS, bodyEmail, failureBudget, limitBy, mailBudgets } from './rate-limits';
import { clearSessionCookies, setSessionCookies } from './session-cookies';
import { sessionClientOf } from './session-device';

const challengeSchema = z
  .object({
    // Loose: every parameter is covered by the signature, so none may be dropped on the way out.
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().optional(),
  })
  .describe('An ALTCHA v2 challenge');

export const authRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { deps }) => {
  acceptEmptyJsonBodies(app);
  const byIp = (request: FastifyRequest) => request.ip;
  // Only failed sign-ins count: people who sign in and out often are never locked out.
  const signInPerIp = failureBudget(app, 'signin-ip', AUTH_RATE_LIMITS.signInPerIp, byIp);
  const signInPerEmailAndIp = failureBudget(
    app,
    'signin-email-ip',
    AUTH_RATE_LIMITS.signInPerEmailAndIp,
    (request) => {
      const email = bodyEmail(request);
      return email === undefined ? undefined : `${email}|${request.ip}`;
    },
  );

  app.get(
    '/auth/challenge',
    {
      schema: {
        tags: ['auth'],
        summary: 'A proof-of-work challenge for sign-up (valid 10 minutes, usable once)',
        response: { 200: challengeSchema, 429: problemSchema },
      },
      preHandler: [limitBy(app, 'challenge-ip', AUTH_RATE_LIMITS.challengePerIp, byIp)],
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const challenge = await createRegistrationChallenge(
        deps.accountKeys.challenge,
        deps.accountKeys.challengeDifficulty,
      );
      return { ...challenge, parameters: { ...challenge.parameters } };
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (answers the same whether or not the address has one)',
        body: registerSchema,
        response: { 201: messageResponseSchema, 400: problemSchema, 429: problemSchema },
      },
      preHandler: [
        limitBy(app, 'register-ip', AUTH_RATE_LIMITS.registerPerIp, byIp),
        ...mailBudgets(app, bodyEmail),
      ],
    },
    async (request, reply) => {
      await register(deps, request.body);
      // No mail server: say so rather than promise a link (the same answer for every address).
      const message =
        deps.mailer.delivery === 'smtp' ? AUTH_MESSAGES.registered : AUTH_MESSAGES.mailNotDelivered;
      return reply.code(201).send({ message });
    },
  );

  app.post(
    '/auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; sets the refresh-token and session-hint cookies',
        body: loginSchema,
        description:
          'With two-factor sign-in on, answers `{ twoFactorRequired: true, challenge }` and no cookie; the session comes from POST /api/auth/2fa.',
        response: {
          200: signInResponseSchema,
          400: problemSchema,
          401: problemSchema,
          429: problemSchema,
        },
      },
      preHandler: [signInPerIp.guard, signInPerEmailAndIp.guard],
    },
    async (request, reply) => {
      try {
        const session = await signIn(deps, request.body, sessionClientOf(request));
        if ('challenge' in session) return session;
        setSessionCookies(deps, reply, session.refreshToken);
        return { accessToken: session.accessToken };
      } catch (err) {
        if (err instanceof HttpProblem && err.status === 401) {
          await signInPerIp.countFailure(request);
          await signInPerEmailAndIp.countFailure(request);
        }
        throw err;
      }
    },
  );

  async function refresh(request: FastifyRequest, reply: FastifyReply) {
    try {
      const session = await refreshSession(
        deps,
        request.cookies[REFRESH_COOKIE],
        sessionClientOf(request),
      );
      setSessionCookies(deps, reply, session.refreshToken);
      reply.header('cache-control', 'no-store');
      return { accessToken: session.accessToken };
    } catch (err) {
      if (err instanceof HttpProblem) clearSessionCookies(deps, reply);
      throw err;
    }
  }
  const refreshSchema = {
    tags: ['auth'],
    summary: 'A new access token for the refresh-token cookie, which is rotated',
    response: { 200: accessTokenResponseSchema, 403: problemSchema },
  };
  app.get('/auth/refresh', { schema: refreshSchema }, refresh);
  app.post('/auth/refresh', { schema: refreshSchema }, refresh);

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends this session and clears its cookies',
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      await signOut(deps, request.cookies[REFRESH_COOKIE]);
      clearSessionCookies(deps, reply);
      return reply.code(204).send(null);
    },
  );
};

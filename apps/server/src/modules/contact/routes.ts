import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_RATE_LIMIT,
  contactCreatedSchema,
  contactMessageSchema,
  problemSchema,
} from '@consult/shared';
import { submitContactMessage } from './contact-service';

/** A contact message is at most a few hundred characters; anything far larger is not one. */
export const CONTACT_BODY_LIMIT_BYTES = 16 * 1024;
const TEST_DELAY_MAX_MS = 5000;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Test-only failure modes, so the browser tests see the popup's real slow, 4xx and 5xx paths without
 * intercepting requests. They exist only when NODE_ENV is 'test' (the e2e server and API tests);
 * in development and production these headers are ignored.
 * - `x-test-delay-ms: <n>`: answer after n ms (at most 5 s).
 * - `x-test-fail-db: 1`: run a query against a table that does not exist: a genuine database error.
 * - `x-test-rate-key: <k>`: a separate rate-limit bucket, so parallel tests do not share one.
 */
async function applyTestFailureModes(app: FastifyInstance, request: FastifyRequest) {
  const delay = Number(header(request, 'x-test-delay-ms'));
  if (Number.isFinite(delay) && delay > 0) await sleep(Math.min(delay, TEST_DELAY_MAX_MS));
  if (header(request, 'x-test-fail-db')) {
    await app.db.execute(sql`select * from contact_messages_missing_for_test`);
  }
}

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const testMode = app.config.NODE_ENV === 'test';

  app.post(
    '/contactMe',
    {
      bodyLimit: CONTACT_BODY_LIMIT_BYTES,
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT.max,
          timeWindow: CONTACT_RATE_LIMIT.windowMinutes * 60_000,
          // Prefixed: a shared (Redis) store holds other routes' counters beside these.
          keyGenerator: (request: FastifyRequest) =>
            testMode
              ? `contact:${request.ip}|${header(request, 'x-test-rate-key') ?? ''}`
              : `contact:${request.ip}`,
        },
      },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the owner from the contact popup',
        body: contactMessageSchema,
        response: {
          201: contactCreatedSchema,
          400: problemSchema,
          413: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      if (testMode) await applyTestFailureModes(app, request);
      const created = await submitContactMessage(
        { db: app.db, mailer: app.mailer, ownerEmail: app.config.OWNER_EMAIL },
        request.body,
      );
      return reply.code(201).send(created);
    },
  );
};

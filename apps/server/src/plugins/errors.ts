/** Every error leaves as RFC 9457 problem+json; a bug is a bare 500 with its details only in the log. */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PROBLEM_CONTENT_TYPE, type Problem } from '@consult/shared';
import { STATUS_CODES } from 'node:http';

/** An error a service throws on purpose; its detail is safe to show. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: {
      errors?: Record<string, string[]>;
      headers?: Record<string, string>;
      /** A problem type URI clients can act on (e.g. urn:consult:email-not-verified). */
      type?: string;
      /** Extension members of the problem (RFC 9457 §3.2), e.g. nearestSlots. */
      members?: Record<string, unknown>;
    } = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  errors?: Record<string, string[]>,
  extension: { type?: string; members?: Record<string, unknown> } = {},
) {
  const problem: Problem = {
    ...extension.members,
    type: extension.type ?? 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    instance: reply.request.url.split('?')[0],
    ...(errors ? { errors } : {}),
  };
  return reply.code(status).type(PROBLEM_CONTENT_TYPE).send(problem);
}

/** Zod issues as `field → messages`; the first message of a field is the one forms show. */
function fieldErrors(issues: { path?: PropertyKey[]; instancePath?: string; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path?.length ? issue.path.map(String).join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

const CLIENT_ERROR_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
};

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpProblem) {
        if (error.extra.headers) reply.headers(error.extra.headers);
        return sendProblem(reply, error.status, error.detail, error.extra.errors, error.extra);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((v) => ({
          // fastify-type-provider-zod 7 gives the zod path as instancePath ("/field/0").
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? 'Invalid value',
        }));
        const errors = fieldErrors(issues);
        const first = Object.values(errors)[0]?.[0] ?? 'The request is not valid.';
        return sendProblem(reply, 400, first, errors);
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return sendProblem(reply, 429, 'Too many requests. Please wait a moment and try again.');
      }
      if (status >= 400 && status < 500) {
        const detail = CLIENT_ERROR_DETAILS[error.code] ?? error.message;
        return sendProblem(reply, status, detail);
      }
      request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, 500, 'Something went wrong on our side. Please try again later.');
    });

    app.setNotFoundHandler((request, reply) =>
      sendProblem(reply, 404, `No such resource: ${request.method} ${request.url.split('?')[0]}`),
    );
  },
  { name: 'errors' },
);

/** Every error leaves as RFC 9457 problem+json; a bug is a bare 500 with its details only in the log. */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

const FRAMEWORK_ERROR_DETAILS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid (a broken percent-escape).',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
};

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs (an address with a
 * broken escape, a path parameter too long) leaves as problem+json too (decision 060).
 */
export function frameworkProblem(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 400;
  return sendProblem(
    reply,
    status,
    FRAMEWORK_ERROR_DETAILS[error.code] ?? 'The request is not valid.',
  );
}

const CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request took too long to arrive.' },
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The address or the headers are too long.' },
};

/** Sockets already answered by `clientErrorProblem`: the refused request's later bytes err again. */
const answeredSockets = new WeakSet<Socket>();

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (headers or address too
 * long, a malformed request line) is answered with problem+json before the socket closes.
 */
export function clientErrorProblem(error: NodeJS.ErrnoException, socket: Socket) {
  // The parser refuses every later chunk of a long request again: the first answer stands, and
  // destroying the socket then would reset a client still sending instead of letting it read.
  if (error.code === 'ECONNRESET' || socket.destroyed || answeredSockets.has(socket)) return;
  const { status, detail } = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    detail: 'The request is malformed.',
  };
  const body = JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status], status, detail });
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  answeredSockets.add(socket);
  // Ended, not destroyed: the rest of what the client sends is read and dropped, so the answer
  // reaches it rather than a reset for unread bytes.
  socket.on('data', () => {});
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 2000).unref();
}

/**
 * pg-pool's refusal when no connection frees up within its wait (5 s): the site is too busy to
 * answer now, which is not a fault to report as one (found by an overloaded soak, decision 060).
 */
const POOL_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';
/** How long a client is asked to wait before trying again while no connection is free. */
const BUSY_RETRY_AFTER_S = 5;

/** Whether `error`, or what caused it (the query builder wraps the pool's error), is that refusal. */
function isPoolTimeout(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (cause.message === POOL_TIMEOUT_MESSAGE) return true;
    cause = cause.cause;
  }
  return false;
}

/** How long a client is asked to wait before trying again while the server stops (a restart). */
const RESTART_RETRY_AFTER_S = 5;
/** How often connections gone idle are closed while the server stops. */
const IDLE_SWEEP_MS = 100;

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    // Requests that arrive on an open connection while the server stops are refused with a
    // problem (Fastify's own 503 is plain JSON; `return503OnClosing` is off in app.ts); those in
    // flight finish (decision 060).
    let closing = false;
    let idleSweep: NodeJS.Timeout | undefined;
    app.addHook('preClose', async () => {
      closing = true;
      // A kept-alive connection whose request was in flight when the close began goes idle after
      // its answer; Node closes idle connections once, at the start: without this sweep the close
      // waited for the keep-alive timeout (72 s) and the grace timer killed the process.
      idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      idleSweep.unref();
    });
    app.addHook('onClose', async () => clearInterval(idleSweep));
    // Synchronous hooks (`done` callbacks), like every hook a request passes (decision 049): an
    // async one costs a promise per request.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
    app.addHook('onRequest', (_request, reply, done) => {
      if (!closing) return done();
      reply.header('connection', 'close').header('retry-after', String(RESTART_RETRY_AFTER_S));
      // Answering from a callback hook ends the request here: `done` is not called.
      sendProblem(reply, 503, 'The site is restarting. Please try again in a moment.');
    });

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
      if (isPoolTimeout(error)) {
        request.log.warn({ err: error }, 'no database connection came free: answered busy');
        reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
        return sendProblem(reply, 503, 'The site is busy. Please try again in a moment.');
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

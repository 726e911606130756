/**
 * Per-route request budgets built on @fastify/rate-limit's store (memory, or Redis when REDIS_URL is
 * set), so a route can have several limits at once, e.g. per e-mail+IP and per IP.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@consult/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';

const FIFTEEN_MINUTES = 15 * MINUTE_MS;
const ONE_HOUR = HOUR_MS;

export interface LimitRule {
  max: number;
  windowMs: number;
}

/** The budgets of the account routes, by name. */
export const AUTH_RATE_LIMITS = {
  signInPerEmailAndIp: { max: 5, windowMs: FIFTEEN_MINUTES },
  signInPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  registerPerIp: { max: 10, windowMs: ONE_HOUR },
  challengePerIp: { max: 60, windowMs: FIFTEEN_MINUTES },
  mailPerEmail: { max: 3, windowMs: FIFTEEN_MINUTES },
  mailPerEmailPerDay: { max: 10, windowMs: DAY_MS },
  mailPerAccount: { max: 5, windowMs: ONE_HOUR },
  mailPerIp: { max: 20, windowMs: FIFTEEN_MINUTES },
  tokenPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  exportPerAccount: { max: 10, windowMs: ONE_HOUR },
  /** Ending sessions (one, or all others): far more than a person needs (decision 044). */
  sessionEndsPerAccount: { max: 30, windowMs: FIFTEEN_MINUTES },
  deletePasswordFailuresPerAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
  /** First-run setup: enough for typing mistakes, far too few to guess a 192-bit code. */
  setupPerIp: { max: 10, windowMs: FIFTEEN_MINUTES },
  /**
   * Wrong two-factor codes (sign-in, set-up, new recovery codes, turning off), per account in 15
   * minutes and in a day, and per address: guessing one of the three codes a window accepts stays
   * far below a chance in a thousand a day (decision 043).
   */
  twoFactorFailuresPerAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
  twoFactorFailuresPerAccountPerDay: { max: 20, windowMs: DAY_MS },
  twoFactorFailuresPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  /** All addresses together, so rotating X-Forwarded-For behind TRUST_PROXY gains nothing. */
  setupAcrossAddresses: { max: 50, windowMs: FIFTEEN_MINUTES },
} satisfies Record<string, LimitRule>;

class TooManyRequests extends Error {
  readonly statusCode = 429;
  constructor() {
    super('Too many requests');
  }
}

function tooManyRequests(reply: FastifyReply, ttlInSeconds: number): never {
  reply.header('retry-after', String(Math.max(1, ttlInSeconds)));
  throw new TooManyRequests();
}

type Check = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * One counter per budget name and app, whatever routes use it (a route-level limiter of
 * @fastify/rate-limit gets a store of its own in memory, while Redis would share the keys).
 * The app's createRateLimit is the same function in every plugin context, so it names the app.
 */
const countersByApp = new WeakMap<object, Map<string, { rule: LimitRule; check: Check }>>();
const keyOfRequest = new WeakMap<FastifyRequest, string>();

function limiter(
  app: FastifyInstance,
  name: string,
  rule: LimitRule,
  key: (request: FastifyRequest) => string | undefined,
) {
  let counters = countersByApp.get(app.createRateLimit);
  if (!counters) countersByApp.set(app.createRateLimit, (counters = new Map()));
  let counter = counters.get(name);
  if (!counter) {
    const check = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request: FastifyRequest) => `${name}:${keyOfRequest.get(request) ?? ''}`,
    });
    counters.set(name, (counter = { rule, check }));
  } else if (counter.rule !== rule) {
    throw new Error(`The budget "${name}" is declared with two different rules`);
  }
  const { check } = counter;
  return (request: FastifyRequest, options?: Parameters<Check>[1]) => {
    keyOfRequest.set(request, key(request) ?? '');
    return check(request, options);
  };
}

/**
 * A preHandler that counts every request under `key(request)` (skipped when it gives undefined)
 * and answers 429 with Retry-After once the budget is spent.
 */
export function limitBy(
  app: FastifyInstance,
  name: string,
  rule: LimitRule,
  key: (request: FastifyRequest) => string | undefined,
): preHandlerAsyncHookHandler {
  const check = limiter(app, name, rule, key);
  return async (request, reply) => {
    if (key(request) === undefined) return;
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) tooManyRequests(reply, limit.ttlInSeconds);
  };
}

/**
 * A budget of failures (e.g. wrong passwords): `guard` refuses requests once `max` failures were
 * counted in the window, `countFailure` counts one. Successful requests cost nothing.
 */
export function failureBudget(
  app: FastifyInstance,
  name: string,
  rule: LimitRule,
  key: (request: FastifyRequest) => string | undefined,
) {
  const check = limiter(app, name, rule, key);
  const guard: preHandlerAsyncHookHandler = async (request, reply) => {
    if (key(request) === undefined) return;
    const limit = await check(request, { increment: false });
    if (!limit.isAllowed && limit.remaining === 0) tooManyRequests(reply, limit.ttlInSeconds);
  };
  async function countFailure(request: FastifyRequest) {
    if (key(request) !== undefined) await check(request);
  }
  return { guard, countFailure };
}

/**
 * The budgets of a request that may send a mail (decision 020): per client address, per recipient
 * (15 minutes and a day) and per signed-in account. The counters are shared by every route that
 * mails, so one address cannot be flooded by taking turns between them. `recipient` names the
 * address the request would write to, or undefined when it sends nothing: then nothing is counted.
 * Runs after authentication, where a route has it.
 */
export function mailBudgets(
  app: FastifyInstance,
  recipient: (request: FastifyRequest) => string | undefined,
): preHandlerAsyncHookHandler[] {
  const whenMailing =
    (key: (request: FastifyRequest) => string | undefined) => (request: FastifyRequest) =>
      recipient(request) === undefined ? undefined : key(request);
  return [
    limitBy(
      app,
      'mail-ip',
      AUTH_RATE_LIMITS.mailPerIp,
      whenMailing((r) => r.ip),
    ),
    limitBy(
      app,
      'mail-account',
      AUTH_RATE_LIMITS.mailPerAccount,
      whenMailing((r) => r.user?.id),
    ),
    limitBy(app, 'mail-email', AUTH_RATE_LIMITS.mailPerEmail, recipient),
    limitBy(app, 'mail-email-day', AUTH_RATE_LIMITS.mailPerEmailPerDay, recipient),
  ];
}

/** The e-mail in a JSON body, lowercased, for per-address limits. */
export function bodyEmail(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : undefined;
}

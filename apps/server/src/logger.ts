/** pino options: one JSON line per event, the request id on each, and no secrets ever written. */
import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/** Query parameters whose values are secrets (mail-link tokens). */
const SECRET_QUERY = /([?&](?:token|code|key)=)[^&#]*/gi;

/** A calendar feed's address is its secret (/api/calendar/<token>.ics, decision 058). */
const SECRET_FEED_PATH = /(\/calendar\/)[^/?#]+(\.ics)/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_FEED_PATH, '$1[redacted]$2');
}

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.passwordHash',
];

/**
 * pino's error serializer, minus the values of a failed query: drizzle puts them in the error's
 * `params` and in its message ("Failed query: …\nparams: a@b.c,my notes"), and they are the
 * users' personal data (addresses, names, notes). The query text and the database's own message
 * stay, which is what a bug hunt needs.
 */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  const serialized = stdSerializers.err(error);
  // pino hands back anything that is not error-like as it came.
  if ((serialized as unknown) === error || typeof serialized !== 'object') return serialized;
  delete serialized.params;
  const scrub = (text: unknown, written: string) =>
    typeof text === 'string' ? text.replaceAll(written, '\nparams: [redacted]') : text;
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const params = (current as { params?: unknown }).params;
    if (Array.isArray(params)) {
      const written = `\nparams: ${params.join(',')}`;
      serialized.message = scrub(serialized.message, written) as string;
      serialized.stack = scrub(serialized.stack, written) as string;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return serialized;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      req(request: { method: string; url: string; ip?: string; headers: Record<string, unknown> }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
        };
      },
    },
  };
}

/** Fastify's own start lines, which the start summary replaces on a terminal. */
const LISTENING_LINE = '"msg":"Server listening at ';

/**
 * `LOG_FORMAT=pretty`: the JSON lines turned into one readable line each (coloured on a terminal),
 * written synchronously to stdout. pino-pretty is loaded only in this mode.
 */
export async function prettyLogStream(): Promise<NodeJS.WritableStream> {
  const { PinoPretty } = await import('pino-pretty');
  const pretty = PinoPretty({
    destination: 1,
    sync: true,
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,requestId,req,res,responseTime',
    messageFormat:
      '{if req.method}{req.method} {req.url} {end}{if res.statusCode}→ {res.statusCode} {end}{msg}',
  });
  return {
    write(line: string) {
      return line.includes(LISTENING_LINE) || pretty.write(line);
    },
  } as NodeJS.WritableStream;
}

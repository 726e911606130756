/** Reads and validates the environment once, at start. A bad value stops the start with a message naming it. */
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

function urlWithProtocols(protocols: string[], example: string) {
  return optionalString.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL like ${example}` },
  );
}

/** Fastify's trustProxy forms: true/false, a hop count, or a comma-separated list of addresses or CIDR ranges. */
const trustProxySchema = optionalString.transform((value, ctx): boolean | number | string[] => {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const addressLike = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;
  if (entries.every((entry) => addressLike.test(entry))) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'must be true, false, a hop count, or a comma-separated list of addresses/CIDR ranges',
  });
  return z.NEVER;
});

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    APP_URL: urlWithProtocols(['http:', 'https:'], 'https://example.com'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user@host:5432/db'),
    SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@host:587'),
    MAIL_FROM: optionalString.pipe(z.string().min(3).optional()),
    OWNER_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8).max(128).optional()),
    JWT_SECRET: optionalString.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    TRUST_PROXY: trustProxySchema,
    REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    // Only an origin: the official SDK takes a protocol, host and port, and adds /v1/… itself.
    STRIPE_API_BASE: urlWithProtocols(['http:', 'https:'], 'https://api.stripe.com').refine(
      (value) => value === undefined || new URL(value).pathname === '/',
      { message: 'must be an origin without a path, like https://api.stripe.com' },
    ),
    // Reading the owner's calendars: true also allows http and private, loopback and link-local
    // addresses (a calendar server on the owner's own network, tests). Off, only https to public
    // addresses is read, so an admin account cannot probe the internal network.
    CALENDAR_FETCH_ALLOW_PRIVATE: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    // How often each of the owner's calendars is read, in minutes (each on its own turn, ±10 %).
    CALENDAR_REFRESH_MINUTES: z.coerce
      .number({ message: 'must be a whole number of minutes' })
      .int('must be a whole number of minutes')
      .min(1, 'must be at least 1')
      .max(1440, 'must be at most 1440 (a day)')
      .default(5),
    // The daily backup (decision 061): where its files go (default DATA_DIR/backups), the time of
    // day in the owner's zone it is taken (HH:MM, 24-hour; `off` for none), how many are kept.
    BACKUP_DIR: optionalString,
    BACKUP_TIME: z
      .string()
      .trim()
      .default('03:00')
      .refine((value) => value === 'off' || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), {
        message: 'must be a time of day like 03:00 (24-hour), or off',
      }),
    BACKUP_KEEP: z.coerce
      .number({ message: 'must be a whole number of backups' })
      .int('must be a whole number of backups')
      .min(1, 'must be at least 1')
      .max(1000, 'must be at most 1000')
      .default(14),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    // `pretty`: readable lines (coloured on a terminal) and a start summary; `json`: one JSON
    // object per line, for a log collector.
    LOG_FORMAT: z.enum(['pretty', 'json']).default('pretty'),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      const missing = env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other' });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      const missing = env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other' });
    }
  });

export type Env = z.output<typeof envSchema>;

export interface AppConfig extends Env {
  APP_URL: string;
  MAIL_FROM: string;
  isProduction: boolean;
  /** The site is served over HTTPS: Secure cookies, HSTS and upgrade-insecure-requests apply. */
  usesHttps: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

/** Values never echoed back, even when wrong: they are secrets or may carry credentials. */
const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'ADMIN_PASSWORD',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'REDIS_URL',
]);

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    const given = source[variable];
    const detail =
      given === undefined || SECRET_VARIABLES.has(variable)
        ? issue.message
        : `${issue.message} (got "${given}")`;
    throw new ConfigError(variable, detail);
  }
  const env = parsed.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    ...env,
    APP_URL: appUrl,
    usesHttps: appUrl.startsWith('https://'),
    MAIL_FROM: env.MAIL_FROM ?? 'Consultation desk <no-reply@localhost>',
    isProduction: env.NODE_ENV === 'production',
  };
}

/** Request and response shapes of the accounts API (/auth, /user, /admin/users, /admin/system). */
import { z } from 'zod';
import { dobSchema, emailSchema, nameSchema, phoneSchema } from './fields';
import { timeZoneSchema } from '../time-zone-schema';
import { ADMIN_USERS_MAX_PAGE_SIZE, ADMIN_USERS_PAGE_SIZE, AUTH_MESSAGES } from './messages';
import { passwordSchema } from './password';
import { withoutNul } from '../text';
import { MAIL_DELIVERY_MODES } from '../system/outbox';
import { failingCalendarSchema } from '../calendars/sources-schemas';

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Sign-in takes any non-empty text: a wrong address is simply a wrong credential. */
export const loginSchema = z.object(
  {
    email: z
      .string({ error: AUTH_MESSAGES.loginFieldsRequired })
      .trim()
      .min(1, AUTH_MESSAGES.loginFieldsRequired),
    password: z
      .string({ error: AUTH_MESSAGES.loginFieldsRequired })
      .min(1, AUTH_MESSAGES.loginFieldsRequired),
  },
  { error: AUTH_MESSAGES.loginFieldsRequired },
);
export type LoginInput = z.infer<typeof loginSchema>;

/** The fields a person fills in on the sign-up form. */
export const registerFieldsSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  DOB: dobSchema,
  phone: z.union([phoneSchema, z.literal('').transform(() => undefined)]).optional(),
  timeZone: timeZoneSchema,
});

/** What the browser sends: the fields plus `token`, the base64 JSON of the solved anti-bot challenge. */
export const registerSchema = registerFieldsSchema.extend({
  token: z
    .string({ error: AUTH_MESSAGES.challengeFailed })
    .min(1, AUTH_MESSAGES.challengeFailed)
    .max(10_000, AUTH_MESSAGES.challengeFailed),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const accessTokenResponseSchema = z.object({ accessToken: z.string() });
export const messageResponseSchema = z.object({ message: z.string() });

/** The claims inside the access token's payload. */
export const accessTokenClaimsSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), role: z.enum(USER_ROLES) }),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

export const userSchema = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  DOB: z.string().nullable(),
  timeZone: z.string(),
  role: z.enum(USER_ROLES),
  emailVerified: z.boolean(),
  emailVerifiedAt: z.string().nullable(),
  pendingEmail: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Profile changes; unknown fields (role, _id…) are dropped. A new password needs the current one. */
export const profileUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    phone: z.union([phoneSchema, z.literal('').transform(() => null), z.null()]).optional(),
    DOB: dobSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    email: emailSchema.optional(),
    currentPassword: z.string().max(1024).optional(),
    newPassword: passwordSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== undefined && !value.currentPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: AUTH_MESSAGES.currentPasswordRequired,
      });
    }
  });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** Signed in: `{}`; signed out: `{ email }`. */
export const resendVerificationSchema = z.object({ email: emailSchema.optional() });

export const verifyEmailSchema = z.object({
  token: z
    .string({ error: AUTH_MESSAGES.verificationInvalid })
    .trim()
    .min(1, AUTH_MESSAGES.verificationInvalid)
    .max(200, AUTH_MESSAGES.verificationInvalid),
});
export const verifyEmailResponseSchema = z.object({ message: z.string(), email: z.string() });

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDoNotMatch }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The profile's change-password form: the current password, and the new one typed twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, AUTH_MESSAGES.currentPasswordRequired),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

export const resetPasswordQuerySchema = z.object({
  token: z
    .string({ error: AUTH_MESSAGES.resetInvalid })
    .trim()
    .min(1, AUTH_MESSAGES.resetInvalid)
    .max(200, AUTH_MESSAGES.resetInvalid),
});

export const adminUsersQuerySchema = z.object({
  search: z.string().overwrite(withoutNul).trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_USERS_MAX_PAGE_SIZE)
    .default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const usersPageSchema = z.object({
  users: z.array(userSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalUsers: z.number().int(),
});
export type UsersPage = z.infer<typeof usersPageSchema>;

/** Any text: an id that is not a UUID is simply not found (404). */
export const adminUserParamsSchema = z.object({ id: z.string().max(100) });

export const adminUserUpdateSchema = z.object({
  role: z.enum(USER_ROLES).optional(),
  disabled: z.boolean().optional(),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export const systemStatusSchema = z.object({
  version: z.string(),
  uptimeSeconds: z.number(),
  node: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres', 'embedded']),
    ok: z.boolean(),
    latencyMs: z.number().nullable(),
    sizeBytes: z.number().nullable(),
    migrationsApplied: z.number().nullable(),
  }),
  mail: z.object({
    /** `none`: no SMTP_URL, mail is not being delivered (only written to the log). */
    delivery: z.enum(MAIL_DELIVERY_MODES),
    pending: z.number(),
    sent: z.number(),
    failed: z.number(),
    /** Mails that went nowhere because no mail server was configured. */
    notDelivered: z.number(),
    oldestPendingAt: z.string().nullable(),
  }),
  jobs: z.object({
    started: z.boolean(),
    jobs: z.array(
      z.object({
        name: z.string(),
        intervalMs: z.number(),
        running: z.boolean(),
        lastRunAt: z.string().nullable(),
        lastError: z.string().nullable(),
        runs: z.number(),
        failures: z.number(),
      }),
    ),
  }),
  memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number() }),
  /** The owner's calendars that have failed to read for a day or more (decision 059). */
  calendars: z.object({ failing: z.array(failingCalendarSchema) }),
  eventLoopDelayMs: z.object({ p50: z.number(), p99: z.number(), max: z.number() }),
  /** The site's backups (decision 061). */
  backups: z.object({
    /** The daily backup: its time in the owner's zone, how many are kept, where; null when off. */
    schedule: z
      .object({ time: z.string(), keep: z.number().int(), directory: z.string() })
      .nullable(),
    /** The newest backup that succeeded. */
    last: z
      .object({
        at: z.string(),
        fileName: z.string(),
        sizeBytes: z.number(),
        kind: z.enum(['daily', 'manual']),
      })
      .nullable(),
    /** The latest run, when it failed after the last good one. */
    failure: z.object({ at: z.string(), error: z.string() }).nullable(),
    /** A backup is being written now. */
    running: z.boolean(),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** The audit log viewer: GET /api/admin/audit and its filters. */
import { z } from 'zod';
import { withoutNul } from '../text';

export const AUDIT_PAGE_SIZE = 25;

export const AUDIT_MESSAGES = {
  dateInvalid: 'Use a date like 2026-04-23',
  rangeReversed: 'The end date must not be before the start date',
  actorInvalid: 'Choose a person from the list',
} as const;

/** An empty query parameter is the same as none. */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, AUDIT_MESSAGES.dateInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, AUDIT_MESSAGES.dateInvalid);

/** Dates are calendar days in the owner's time zone, both included. */
export const auditQuerySchema = z
  .object({
    actor: optionalParam(z.uuid({ error: AUDIT_MESSAGES.actorInvalid })),
    action: optionalParam(z.string().max(100)),
    from: optionalParam(dateParam),
    to: optionalParam(dateParam),
    q: optionalParam(z.string().overwrite(withoutNul).trim().max(200)),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: AUDIT_MESSAGES.rangeReversed,
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditActorSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Null when the change was made by the system or the person's account is gone. */
  actor: auditActorSchema.nullable(),
  action: z.string(),
  target: z.string().nullable(),
  /** What changed: usually `before` and `after` objects of the changed fields. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalEntries: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The choices of the filters: every action and every person that appear in the log. */
export const auditFiltersSchema = z.object({
  actions: z.array(z.string()),
  actors: z.array(auditActorSchema),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

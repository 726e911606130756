/** The mail outbox viewer: GET /api/admin/outbox, one mail, and resending a failed one. */
import { z } from 'zod';

export const OUTBOX_PAGE_SIZE = 25;
export const OUTBOX_STATES = ['queued', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const OUTBOX_MESSAGES = {
  notFound: 'No such mail.',
  onlyFailed: 'Only a mail whose delivery failed can be sent again.',
  resent: 'The mail is queued to be sent again.',
} as const;

/** The 409 of a resend for a mail that did not fail. */
export const MAIL_NOT_FAILED_PROBLEM_TYPE = 'urn:consult:mail-not-failed';

export const outboxQuerySchema = z.object({
  state: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(OUTBOX_STATES).optional(),
  ),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

export const outboxMailParamsSchema = z.object({ id: z.string().max(100) });

export const outboxMailSummarySchema = z.object({
  id: z.string(),
  /** Null for the last mail of an erased account: its address is not kept to be shown. */
  to: z.string().nullable(),
  subject: z.string(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** An erased account's last mail: deleted once sent, and its content is never shown. */
  erased: z.boolean(),
});
export type OutboxMailSummary = z.infer<typeof outboxMailSummarySchema>;

export const outboxPageSchema = z.object({
  mails: z.array(outboxMailSummarySchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalMails: z.number().int(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const outboxMailSchema = outboxMailSummarySchema.extend({
  /** Null when withheld (an erased account's mail). */
  text: z.string().nullable(),
  html: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

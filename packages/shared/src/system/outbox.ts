/** The mail outbox viewer: GET /api/admin/outbox, one mail, and resending a failed one. */
import { z } from 'zod';

export const OUTBOX_PAGE_SIZE = 25;
/**
 * `not_delivered`: no mail server is configured (SMTP_URL), so the mail went nowhere; it stays so
 * when one is configured later, until the owner sends it again (decision 038).
 */
export const OUTBOX_STATES = ['queued', 'sent', 'failed', 'not_delivered'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const OUTBOX_MESSAGES = {
  notFound: 'No such mail.',
  onlyFailed: 'Only a mail whose delivery failed or that was not delivered can be sent again.',
  resent: 'The mail is queued to be sent again.',
  notDelivered: 'Not delivered: no mail server configured (SMTP_URL)',
  deliveryOff:
    'No mail server is configured (SMTP_URL), so the mail would not be delivered. Set SMTP_URL and restart, then send it again.',
} as const;

/** The 409 of a resend for a mail that neither failed nor went undelivered. */
export const MAIL_NOT_FAILED_PROBLEM_TYPE = 'urn:consult:mail-not-failed';
/** The 409 of a resend while no mail server is configured: it would go nowhere again. */
export const MAIL_DELIVERY_OFF_PROBLEM_TYPE = 'urn:consult:mail-delivery-off';

/**
 * Whether the server delivers mail: `smtp` when SMTP_URL is set, `none` when mail goes only to the
 * log. GET /api/site carries it as `mailDelivery`, so screens never promise a mail that will not come.
 */
export const MAIL_DELIVERY_MODES = ['smtp', 'none'] as const;
export type MailDelivery = (typeof MAIL_DELIVERY_MODES)[number];

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
  /**
   * When a queued mail goes (or is tried again): later than now for a digest gathering what joins
   * it, or a retry waiting its turn; null for a mail no longer queued.
   */
  dueAt: z.string().nullable(),
  /** A digest still taking items (decisions 045, 046): what joins it before `dueAt` goes with it. */
  gathering: z.boolean(),
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

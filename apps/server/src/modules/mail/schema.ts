import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Every outgoing mail is written here first and sent by the outbox job, so a failing SMTP server loses nothing. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    /**
     * `not_delivered`: the mail went nowhere because no mail server is configured (SMTP_URL); it
     * stays so when one is configured later, until the owner sends it again (decision 038).
     */
    status: text('status', { enum: ['pending', 'sent', 'failed', 'not_delivered'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Removed once sent: the goodbye mail of an erased account keeps no address behind. */
    eraseAfterSend: boolean('erase_after_send').notNull().default(false),
    /**
     * Mails that fold into a digest when they come in bursts share this key (mail-folding.ts,
     * decision 045), e.g. the owner's cancellation copies to one address.
     */
    foldKey: text('fold_key'),
    /** A digest's items, oldest first, from which it is rendered again as each joins; null otherwise. */
    foldItems: jsonb('fold_items').$type<unknown[]>(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_status_created_idx').on(t.status, t.createdAt),
    index('mail_outbox_fold_idx')
      .on(t.foldKey, t.createdAt)
      .where(sql`${t.foldKey} is not null`),
    check(
      'mail_outbox_status_check',
      sql`${t.status} in ('pending', 'sent', 'failed', 'not_delivered')`,
    ),
  ],
);

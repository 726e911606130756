import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The owner's editable settings and site content, one JSON document per key (e.g. "site", "booking"). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages sent from the contact popup. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    type: text('type', { enum: ['General', 'Support', 'Feedback'] }).notNull(),
    message: text('message').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    // The owner's inbox: new messages first, and a client's messages by their address.
    index('contact_messages_new_idx')
      .on(t.createdAt)
      .where(sql`handled_at is null`),
    index('contact_messages_type_created_idx').on(t.type, t.createdAt),
    index('contact_messages_email_idx').on(sql`lower(${t.email})`),
    check('contact_messages_type_check', sql`${t.type} in ('General', 'Support', 'Feedback')`),
  ],
);

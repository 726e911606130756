/**
 * The owner's settings store: one JSON document per key, read and written by several modules
 * (the site, scheduling, payments, sign-in rules), so it lives in the platform below them all.
 */
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The owner's editable settings and site content, one JSON document per key (e.g. "site", "booking"). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The owner's editable settings and site content, one JSON document per key (e.g. "site", "booking"). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

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

/** Binary data: a Buffer from node-postgres, a Uint8Array from PGlite; both are written as given. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * The portrait photo's variants, re-encoded by the server (decision 033). Kept in the database so
 * every node serves them; `id` is a hash of the uploaded file, so a variant never changes.
 */
export const siteImages = pgTable(
  'site_images',
  {
    id: text('id').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.width] }),
    // Unreferenced uploads are removed by age (portrait-repository.ts).
    index('site_images_created_idx').on(t.createdAt),
    check('site_images_id_check', sql`${t.id} ~ '^[0-9a-f]{32}$'`),
    check('site_images_size_check', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);

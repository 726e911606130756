/**
 * The private calendar feeds (decision 058): the owner's one and each client's own. Only a digest
 * of the address's token is kept. A client's feed goes when their password changes or their account
 * is erased (a trigger on users.password_hash, migration 0022) or deleted (the foreign key).
 */
import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

export const CALENDAR_FEED_KINDS = ['owner', 'client'] as const;
export type CalendarFeedKind = (typeof CALENDAR_FEED_KINDS)[number];

export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: CALENDAR_FEED_KINDS }).notNull(),
    /** The client whose bookings the feed holds; null for the owner's feed. */
    clientId: uuid('client_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The ETag of the last answer and since when it holds: Last-Modified tells the truth. */
    contentTag: text('content_tag'),
    contentChangedAt: timestamp('content_changed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_idx').on(t.tokenHash),
    uniqueIndex('calendar_feeds_client_idx').on(t.clientId),
    // One owner's feed.
    uniqueIndex('calendar_feeds_owner_idx')
      .on(t.kind)
      .where(sql`kind = 'owner'`),
    check('calendar_feeds_kind_check', sql`${t.kind} in ('owner', 'client')`),
    check('calendar_feeds_client_check', sql`(${t.kind} = 'owner') = (${t.clientId} is null)`),
  ],
);

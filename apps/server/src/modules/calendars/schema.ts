/**
 * The private calendar feeds (decision 058): the owner's one and each client's own. Only a digest
 * of the address's token is kept. A client's feed goes when their password changes or their account
 * is erased (a trigger on users.password_hash, migration 0022) or deleted (the foreign key).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * The owner's own calendars (decision 059, busy times in): at most CALENDAR_SOURCES_MAX, each read
 * on a schedule and on demand. The last good copy's text, validators and expansion are kept, so a
 * failed read changes nothing that blocks slots and a 304 costs no parse.
 */
export const calendarSources = pgTable(
  'calendar_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    label: text('label').notNull(),
    url: text('url').notNull(),
    blockAllDay: boolean('block_all_day').notNull().default(true),
    blockEverything: boolean('block_everything').notNull().default(false),
    /** The last good copy: its text and the validators sent back as a conditional request. */
    body: text('body'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** VEVENTs in the last good copy. */
    eventsRead: integer('events_read'),
    /** Until when the stored ranges were expanded, and with which zone and options. */
    expandedUntil: timestamp('expanded_until', { withTimezone: true }),
    expansionKey: text('expansion_key'),
    /** A digest of the stored ranges: an expansion that gives the same ones writes nothing. */
    rangesDigest: text('ranges_digest'),
    nextRefreshAt: timestamp('next_refresh_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
    /** The first failure since the last success; null while it reads. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** The owner was mailed about this run of failures (once, until it reads again). */
    failureMailSent: boolean('failure_mail_sent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('calendar_sources_due_idx').on(t.nextRefreshAt)],
);

/**
 * The busy ranges each calendar's events make, [start, end). Availability reads them like bookings
 * and never waits on a feed; a trigger notifies 'availability_changed' when they change (migration
 * 0023). `summary` is the event's title, for the owner's slot preview only.
 */
export const calendarBusyRanges = pgTable(
  'calendar_busy_ranges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => calendarSources.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    summary: text('summary').notNull().default(''),
  },
  (t) => [
    // Availability's read: the ranges overlapping a window, in order, from the index alone.
    index('calendar_busy_ranges_time_idx').on(t.startAt, t.endAt),
    index('calendar_busy_ranges_source_idx').on(t.sourceId),
    check('calendar_busy_ranges_order_check', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/**
 * The waitlist (issue 25): clients waiting for a time of a service, and the freed times offered to
 * them. An open offer holds its time for its client until it expires: no two open offers overlap
 * (an exclusion constraint, added by hand in migration 0029), and availability treats open offers
 * as busy for everyone else.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings, services } from '../bookings/schema';
import { users } from '../users/schema';

// Spelled out rather than imported from @consult/shared: drizzle-kit loads this file on its own.
export const STORED_ENTRY_STATES = ['active', 'booked', 'left', 'expired', 'removed'] as const;
export const STORED_OFFER_STATES = ['open', 'accepted', 'declined', 'lapsed'] as const;

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    /** The last calendar day (in `time_zone`) the client would accept. */
    latestDate: date('latest_date', { mode: 'string' }).notNull(),
    /** ISO weekdays (1 = Monday) in `time_zone`; null: any day. */
    weekdays: smallint('weekdays').array(),
    /** Minutes since midnight in `time_zone` a session may start from / must end by; null: any. */
    fromMinute: smallint('from_minute'),
    toMinute: smallint('to_minute'),
    timeZone: text('time_zone').notNull(),
    state: text('state', { enum: STORED_ENTRY_STATES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    // The offer job reads the active entries, earliest joined first.
    index('waitlist_entries_active_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'active'`),
    index('waitlist_entries_client_idx').on(t.clientId, t.createdAt),
    uniqueIndex('waitlist_entries_one_active_per_service')
      .on(t.clientId, t.serviceId)
      .where(sql`${t.state} = 'active'`),
    check(
      'waitlist_entries_state_check',
      sql`${t.state} in ('active', 'booked', 'left', 'expired', 'removed')`,
    ),
    check(
      'waitlist_entries_window_check',
      sql`${t.fromMinute} is null or ${t.toMinute} is null or ${t.toMinute} > ${t.fromMinute}`,
    ),
  ],
);

export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    /**
     * The link's random token. It shows only the service and the time offered; acting on the offer
     * needs its client signed in.
     */
    token: text('token').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** The end plus the buffer, as a booking of the time would block. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: STORED_OFFER_STATES }).notNull().default('open'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('waitlist_offers_token_idx').on(t.token),
    uniqueIndex('waitlist_offers_one_open_per_entry')
      .on(t.entryId)
      .where(sql`${t.state} = 'open'`),
    index('waitlist_offers_entry_idx').on(t.entryId, t.startAt),
    index('waitlist_offers_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'open'`),
    index('waitlist_offers_booking_idx').on(t.bookingId),
    check(
      'waitlist_offers_state_check',
      sql`${t.state} in ('open', 'accepted', 'declined', 'lapsed')`,
    ),
  ],
);

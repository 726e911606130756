/**
 * Consultation services, bookings and their history. The no-double-booking guarantee lives here: an exclusion constraint over each
 * held or confirmed booking's time plus its buffer (see the migration 0001_bookings.sql).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { IntakeAnswer, IntakeQuestion } from '@consult/shared';
import { users } from '../users/schema';

// Spelled out rather than imported from @consult/shared: drizzle-kit loads this file on its own.
// A unit test checks that they equal MEETING_MODES and BOOKING_STATES.
export const SERVICE_MEETING_MODES = ['video', 'phone', 'in_person'] as const;
export const STORED_BOOKING_STATES = [
  'pending_payment',
  'confirmed',
  'completed',
  'no_show',
  'cancelled',
  'expired',
] as const;

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** One line for cards on the landing page. */
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    /** The owner chose this service's currency; false: it follows the site's (decision 037). */
    ownCurrency: boolean('own_currency').notNull().default(false),
    meetingMode: text('meeting_mode', { enum: SERVICE_MEETING_MODES }).notNull(),
    address: text('address'),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** The intake questions the booking flow asks, in order (validated by intakeQuestionsSchema). */
    questions: jsonb('questions').$type<IntakeQuestion[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('services_position_idx').on(t.position, t.title),
    check('services_duration_check', sql`${t.durationMinutes} between 15 and 240`),
    check('services_price_check', sql`${t.priceMinor} >= 0`),
    check('services_mode_check', sql`${t.meetingMode} in ('video', 'phone', 'in_person')`),
  ],
);

/** How often a series repeats; spelled out for drizzle-kit, checked equal to SERIES_EVERY. */
export const STORED_SERIES_EVERY = ['week', '2weeks'] as const;

/**
 * A series of recurring sessions (issue 25): the bookings it made point at it (`bookings.series_id`)
 * and are otherwise ordinary bookings; the row keeps what the client asked for.
 */
export const bookingSeries = pgTable(
  'booking_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    every: text('every', { enum: STORED_SERIES_EVERY }).notNull(),
    count: integer('count').notNull(),
    /** The client's zone whose weekday and local time every session keeps. */
    timeZone: text('time_zone').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_series_client_idx').on(t.clientId),
    index('booking_series_service_idx').on(t.serviceId),
    index('booking_series_created_by_idx').on(t.createdBy),
    check('booking_series_every_check', sql`${t.every} in ('week', '2weeks')`),
    check('booking_series_count_check', sql`${t.count} between 2 and 12`),
  ],
);

/** The unique index of references: an insert that draws a taken one draws again (booking-reference.ts). */
export const BOOKING_REFERENCE_INDEX = 'bookings_reference_idx';

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short human reference (B7K3QX), drawn at insert (booking-reference.ts, decision 035). */
    reference: text('reference').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    // What was booked, as it was then: a later edit of the service changes no booking.
    serviceSlug: text('service_slug').notNull(),
    serviceTitle: text('service_title').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    meetingMode: text('meeting_mode', { enum: SERVICE_MEETING_MODES }).notNull(),
    address: text('address'),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** end_at plus the owner's buffer when booked: the time no other booking may touch. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    state: text('state', { enum: STORED_BOOKING_STATES }).notNull(),
    notes: text('notes'),
    /** The intake answers as given, with each question's label and kind then: a later edit of the questions changes none. */
    answers: jsonb('answers').$type<IntakeAnswer[]>().notNull().default([]),
    /** A paid service not yet paid (manual provider: the owner marks it paid). */
    paymentDue: boolean('payment_due').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Until when a pending_payment booking holds its slot. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    meetingUrl: text('meeting_url'),
    /** The calendar invite's SEQUENCE: +1 on every reschedule or cancellation. */
    icsSequence: integer('ics_sequence').notNull().default(0),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** The client's Idempotency-Key of the request that made it; a retry returns this booking. */
    idempotencyKey: text('idempotency_key'),
    /** What that request asked for, so the same key with another request is refused. */
    requestFingerprint: text('request_fingerprint'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The series that made it (issue 25); null for a booking made on its own. */
    seriesId: uuid('series_id').references(() => bookingSeries.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_client_start_idx').on(t.clientId, t.startAt),
    index('bookings_start_idx').on(t.startAt),
    // Foreign keys: deleting a service or a user checks these without scanning the table.
    index('bookings_service_idx').on(t.serviceId),
    index('bookings_created_by_idx').on(t.createdBy),
    index('bookings_series_idx')
      .on(t.seriesId, t.startAt)
      .where(sql`series_id is not null`),
    index('bookings_state_start_idx').on(t.state, t.startAt),
    // Jobs: reminders due and holds to expire.
    index('bookings_reminder_due_idx')
      .on(t.startAt)
      .where(sql`state = 'confirmed' and reminder_sent_at is null`),
    index('bookings_hold_idx')
      .on(t.holdUntil)
      .where(sql`state = 'pending_payment'`),
    uniqueIndex(BOOKING_REFERENCE_INDEX).on(t.reference),
    check('bookings_reference_check', sql`${t.reference} ~ '^[0-9A-Z]{4,10}$'`),
    uniqueIndex('bookings_idempotency_idx')
      .on(t.clientId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check(
      'bookings_state_check',
      sql`${t.state} in ('pending_payment', 'confirmed', 'completed', 'no_show', 'cancelled', 'expired')`,
    ),
    check(
      'bookings_times_check',
      sql`${t.endAt} > ${t.startAt} and ${t.blockedUntil} >= ${t.endAt}`,
    ),
  ],
);

export const BOOKING_ACTOR_TYPES = ['client', 'owner', 'system'] as const;

/** Every change of a booking: who (client, owner or the system) did what, when. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** created, cancelled, rescheduled, completed, no_show, paid, expired, reminder_sent. */
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    actorType: text('actor_type', { enum: BOOKING_ACTOR_TYPES }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_events_booking_idx').on(t.bookingId, t.createdAt),
    index('booking_events_actor_idx').on(t.actorId),
  ],
);

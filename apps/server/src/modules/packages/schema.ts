/**
 * Packages of sessions (issue 24): what the owner sells, the purchases clients make, and the ledger
 * of each purchase's credits. A purchase's unused credits are a counter kept beside the ledger and
 * never below 0 (a check), so concurrent bookings cannot spend one credit twice.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings, services } from '../bookings/schema';
import { paymentRefunds, payments } from '../payments/schema';
import { users } from '../users/schema';

// Spelled out rather than imported from @consult/shared: drizzle-kit loads this file on its own.
export const STORED_PURCHASE_STATES = ['pending_payment', 'paid', 'cancelled', 'refunded'] as const;
export const STORED_CREDIT_REASONS = [
  'purchase',
  'booking',
  'returned',
  'forfeited',
  'grant',
  'take_back',
  'refund',
] as const;

export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    sessions: integer('sessions').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    /**
     * True when the owner chose this currency for the package; false: it follows the site's and
     * moves with it (decision 037's rule for services).
     */
    ownCurrency: boolean('own_currency').notNull().default(false),
    /** Days from payment the credits last; null: they never expire. */
    validityDays: integer('validity_days'),
    /** Retired packages (false) are not sold; their credits stay valid. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('packages_active_idx').on(t.active, t.createdAt),
    check('packages_sessions_check', sql`${t.sessions} between 1 and 100`),
    check('packages_price_check', sql`${t.priceMinor} >= 0`),
    check(
      'packages_validity_check',
      sql`${t.validityDays} is null or ${t.validityDays} between 1 and 3650`,
    ),
  ],
);

/** The services a package's credits can book. */
export const packageServices = pgTable(
  'package_services',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.serviceId] }),
    index('package_services_service_idx').on(t.serviceId),
  ],
);

/**
 * A client's purchase of a package, with the package's terms as they were when bought. Paid by a
 * payment row (Stripe or manual, the payments module's receipts and refunds), or granted by hand.
 */
export const packagePurchases = pgTable(
  'package_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sessions: integer('sessions').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    validityDays: integer('validity_days'),
    state: text('state', { enum: STORED_PURCHASE_STATES }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** Credits neither spent, forfeited nor withdrawn. */
    creditsRemaining: integer('credits_remaining').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** From paidAt and the validity; null while unpaid or when the package never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The owner who granted it by hand; null for a client's own purchase. */
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
    /** The client's Idempotency-Key for the purchase request, and what that request asked for. */
    idempotencyKey: text('idempotency_key'),
    requestFingerprint: text('request_fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('package_purchases_client_idx').on(t.clientId, t.createdAt),
    // A retried purchase request finds the purchase its key made (one per client and key).
    uniqueIndex('package_purchases_idempotency_idx')
      .on(t.clientId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    index('package_purchases_package_idx').on(t.packageId),
    uniqueIndex('package_purchases_payment_idx')
      .on(t.paymentId)
      .where(sql`payment_id is not null`),
    index('package_purchases_granted_by_idx').on(t.grantedBy),
    // The expiry notice job: paid purchases with credits left, by expiry.
    index('package_purchases_expiry_idx')
      .on(t.expiresAt)
      .where(sql`state = 'paid' and credits_remaining > 0 and expiry_notice_sent_at is null`),
    check(
      'package_purchases_state_check',
      sql`${t.state} in ('pending_payment', 'paid', 'cancelled', 'refunded')`,
    ),
    check('package_purchases_credits_check', sql`${t.creditsRemaining} >= 0`),
    check('package_purchases_sessions_check', sql`${t.sessions} between 1 and 100`),
  ],
);

/**
 * Every change of a purchase's credits, with the booking it was for: which bookings used which
 * credit, and whether it came back. A booking spends one credit once and is settled once.
 */
export const packageCreditEntries = pgTable(
  'package_credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => packagePurchases.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: STORED_CREDIT_REASONS }).notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The refund of the purchase's payment that withdrew (or, failed, gave back) these credits. */
    refundId: bigint('refund_id', { mode: 'number' }).references(() => paymentRefunds.id, {
      onDelete: 'set null',
    }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('package_credit_entries_purchase_idx').on(t.purchaseId, t.createdAt),
    index('package_credit_entries_actor_idx').on(t.actorId),
    index('package_credit_entries_refund_idx')
      .on(t.refundId)
      .where(sql`refund_id is not null`),
    uniqueIndex('package_credit_entries_booking_use_idx')
      .on(t.bookingId)
      .where(sql`reason = 'booking'`),
    uniqueIndex('package_credit_entries_booking_settled_idx')
      .on(t.bookingId)
      .where(sql`reason in ('returned', 'forfeited')`),
    check(
      'package_credit_entries_reason_check',
      sql`${t.reason} in ('purchase', 'booking', 'returned', 'forfeited', 'grant', 'take_back', 'refund')`,
    ),
    // A forfeited credit was spent when booked: its entry records the outcome and moves nothing.
    check(
      'package_credit_entries_delta_check',
      sql`(${t.reason} = 'forfeited' and ${t.delta} = 0) or (${t.reason} <> 'forfeited' and ${t.delta} <> 0)`,
    ),
  ],
);

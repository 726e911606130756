/**
 * Payments of paid bookings, their refunds, the receipt counters and the provider events already
 * applied. Receipt numbers come from a counter row per year, updated in the transaction that marks
 * a payment paid: gap-free, which a sequence is not (decision 027).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings } from '../bookings/schema';
import { users } from '../users/schema';

// Spelled out rather than imported from @consult/shared: drizzle-kit loads this file on its own.
// A unit test checks that they equal PAYMENT_STATUSES and PAYMENT_PROVIDERS.
export const STORED_PAYMENT_STATUSES = [
  'pending',
  'paid',
  'refunded',
  'partially_refunded',
  'failed',
  'cancelled',
] as const;
export const STORED_PAYMENT_PURPOSES = ['booking', 'package'] as const;
export const STORED_PAYMENT_PROVIDERS = ['manual', 'stripe'] as const;
export const STORED_REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const STORED_PAYMENT_METHODS = ['bank_transfer', 'cash', 'card_in_person', 'other'] as const;
export const STORED_REFUND_METHODS = ['bank_transfer', 'cash', 'card', 'other'] as const;

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The booking it pays; null for a package purchase's payment (`purpose` 'package'). */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** What the money is for: a booking, or a package of sessions (issue 24). */
    purpose: text('purpose', { enum: STORED_PAYMENT_PURPOSES }).notNull().default('booking'),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: STORED_PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id for it (Stripe: the Checkout Session). */
    providerReference: text('provider_reference'),
    /** The provider's id of the money received (Stripe: the PaymentIntent), which refunds name. */
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: STORED_PAYMENT_STATUSES }).notNull(),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /**
     * Refunds asked of the provider and not yet confirmed by it (Stripe), or owed by the owner and
     * not yet confirmed sent (manual).
     */
    refundPendingMinor: integer('refund_pending_minor').notNull().default(0),
    /**
     * The discount code the price was reduced by (issue 24), as used, and what it took off:
     * `amountMinor` is the price after it. The receipt shows both; null and 0 without a code.
     */
    discountCode: text('discount_code'),
    discountMinor: integer('discount_minor').notNull().default(0),
    /** The latest receipt; when it is in voided_receipts, the payment is due again. */
    receiptNumber: text('receipt_number'),
    /** The owner's note when marking it paid. */
    note: text('note'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** How the owner received it when they marked it paid by hand (null: Stripe, or before 0014). */
    paidMethod: text('paid_method', { enum: STORED_PAYMENT_METHODS }),
    /** The owner's calendar day the money arrived. */
    receivedOn: date('received_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_booking_idx').on(t.bookingId),
    uniqueIndex('payments_receipt_number_idx')
      .on(t.receiptNumber)
      .where(sql`receipt_number is not null`),
    index('payments_client_created_idx').on(t.clientId, t.createdAt),
    index('payments_created_idx').on(t.createdAt),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    // Metrics: money received in a range, by paid date (0012).
    index('payments_paid_idx')
      .on(t.paidAt)
      .where(sql`paid_at is not null`),
    index('payments_provider_reference_idx')
      .on(t.providerReference)
      .where(sql`provider_reference is not null`),
    index('payments_provider_payment_idx')
      .on(t.providerPaymentId)
      .where(sql`provider_payment_id is not null`),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'paid', 'refunded', 'partially_refunded', 'failed', 'cancelled')`,
    ),
    check(
      'payments_discount_check',
      sql`${t.discountMinor} >= 0 and (${t.discountCode} is not null or ${t.discountMinor} = 0)`,
    ),
    check(
      'payments_purpose_check',
      sql`(${t.purpose} = 'booking' and ${t.bookingId} is not null) or (${t.purpose} = 'package' and ${t.bookingId} is null)`,
    ),
    check('payments_provider_check', sql`${t.provider} in ('manual', 'stripe')`),
    check(
      'payments_paid_method_check',
      sql`${t.paidMethod} is null or ${t.paidMethod} in ('bank_transfer', 'cash', 'card_in_person', 'other')`,
    ),
    check(
      'payments_amounts_check',
      sql`${t.amountMinor} > 0 and ${t.refundedMinor} between 0 and ${t.amountMinor}`,
    ),
    check(
      'payments_refund_pending_check',
      sql`${t.refundPendingMinor} >= 0 and ${t.refundedMinor} + ${t.refundPendingMinor} <= ${t.amountMinor}`,
    ),
  ],
);

export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    reason: text('reason'),
    status: text('status', { enum: STORED_REFUND_STATUSES }).notNull(),
    providerReference: text('provider_reference'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A manual refund the owner confirmed sending: how, on which of their days, with a note. */
    sentMethod: text('sent_method', { enum: STORED_REFUND_METHODS }),
    sentOn: date('sent_on', { mode: 'string' }),
    sentNote: text('sent_note'),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId, t.createdAt),
    index('payment_refunds_created_by_idx').on(t.createdBy),
    // Metrics: refunds that went through in a range, by their date (0012).
    index('payment_refunds_succeeded_idx')
      .on(t.createdAt)
      .where(sql`status = 'succeeded'`),
    index('payment_refunds_unsent_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending' and provider_reference is null`),
    // Owed manual refunds, for the owner's count and list (refunds=owed).
    index('payment_refunds_owed_idx')
      .on(t.paymentId)
      .where(sql`status = 'pending' and provider_reference is null`),
    check('payment_refunds_amount_check', sql`${t.amountMinor} > 0`),
    check(
      'payment_refunds_sent_method_check',
      sql`${t.sentMethod} is null or ${t.sentMethod} in ('bank_transfer', 'cash', 'card', 'other')`,
    ),
    check('payment_refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * Receipts voided after a mistaken mark-paid: the number stays used (the sequence keeps no gap) and
 * shows as void; marking the payment paid again issues a new number.
 */
export const voidedReceipts = pgTable(
  'voided_receipts',
  {
    number: text('number').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** When it had been marked paid, how, and the owner's day the money was said to arrive. */
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    paidMethod: text('paid_method', { enum: STORED_PAYMENT_METHODS }),
    receivedOn: date('received_on', { mode: 'string' }),
    reason: text('reason').notNull(),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('voided_receipts_payment_idx').on(t.paymentId, t.voidedAt),
    index('voided_receipts_voided_by_idx').on(t.voidedBy),
  ],
);

/** The last receipt number given in a year. */
export const receiptCounters = pgTable('receipt_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** Provider events already applied (Stripe webhooks): each is applied once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

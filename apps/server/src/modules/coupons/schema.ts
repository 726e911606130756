/**
 * Discount codes (issue 24): the owner's codes, what each applies to, and every use of one by a
 * booking or a package purchase. A use's state is not stored: it follows its booking's or
 * purchase's (decision 063), so a hold that expires or a payment that fails frees the use without
 * a step of its own.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings, services } from '../bookings/schema';
import { packagePurchases, packages } from '../packages/schema';
import { users } from '../users/schema';

// Spelled out rather than imported from @consult/shared: drizzle-kit loads this file on its own.
export const STORED_COUPON_APPLIES_TO = ['all', 'services', 'packages'] as const;

/** A fixed amount off in one currency, as the owner set it. */
export interface StoredCouponAmount {
  currency: string;
  amountMinor: number;
}

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper-case letters and digits: codes are compared case-insensitively by storing them so. */
    code: text('code').notNull(),
    /** 1–100 % off; null when the code takes a fixed amount off. */
    percentOff: integer('percent_off'),
    /** [{ currency, amountMinor }], one per currency; null when the code takes a percentage off. */
    amountOff: jsonb('amount_off').$type<StoredCouponAmount[]>(),
    appliesTo: text('applies_to', { enum: STORED_COUPON_APPLIES_TO }).notNull().default('all'),
    /** First and last valid day (both included) in the owner's time zone; null: no bound. */
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    totalLimit: integer('total_limit'),
    perClientLimit: integer('per_client_limit'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(t.code),
    index('coupons_created_idx').on(t.createdAt),
    check('coupons_code_check', sql`${t.code} ~ '^[A-Z0-9]+$'`),
    check(
      'coupons_discount_check',
      sql`(${t.percentOff} between 1 and 100 and ${t.amountOff} is null) or (${t.percentOff} is null and ${t.amountOff} is not null)`,
    ),
    check('coupons_applies_to_check', sql`${t.appliesTo} in ('all', 'services', 'packages')`),
    check(
      'coupons_validity_check',
      sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validFrom} <= ${t.validTo}`,
    ),
    check('coupons_total_limit_check', sql`${t.totalLimit} is null or ${t.totalLimit} >= 1`),
    check(
      'coupons_per_client_limit_check',
      sql`${t.perClientLimit} is null or ${t.perClientLimit} >= 1`,
    ),
  ],
);

/** The services a code applies to (appliesTo 'services'). */
export const couponServices = pgTable(
  'coupon_services',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.couponId, t.serviceId] }),
    index('coupon_services_service_idx').on(t.serviceId),
  ],
);

/** The packages a code applies to (appliesTo 'packages'). */
export const couponPackages = pgTable(
  'coupon_packages',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.couponId, t.packageId] }),
    index('coupon_packages_package_idx').on(t.packageId),
  ],
);

/**
 * One use of a code: by a booking or by a package purchase (one of the two), with what it took
 * off. Written in the booking's or purchase's own transaction, under the code's row lock.
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    purchaseId: uuid('purchase_id').references(() => packagePurchases.id, {
      onDelete: 'cascade',
    }),
    originalMinor: integer('original_minor').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_uses_coupon_idx').on(t.couponId, t.createdAt),
    index('coupon_uses_client_idx').on(t.clientId),
    uniqueIndex('coupon_uses_booking_idx')
      .on(t.bookingId)
      .where(sql`booking_id is not null`),
    uniqueIndex('coupon_uses_purchase_idx')
      .on(t.purchaseId)
      .where(sql`purchase_id is not null`),
    check('coupon_uses_target_check', sql`(${t.bookingId} is null) <> (${t.purchaseId} is null)`),
    check(
      'coupon_uses_amount_check',
      sql`${t.discountMinor} >= 1 and ${t.discountMinor} <= ${t.originalMinor}`,
    ),
  ],
);

/** The queries of discount codes, what they apply to, and their uses. */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CouponUseState } from '@consult/shared';
import type { Db, Tx } from '../../db/client';
import { bookings, services, type DiscountTarget } from '../bookings';
import { packagePurchases, packages } from '../packages';
import { users } from '../users';
import { couponPackages, couponServices, couponUses, coupons } from './schema';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;
export type CouponUseRow = typeof couponUses.$inferSelect;

/** A code with the address names of its services and the ids of its packages. */
export type CouponWithTargets = CouponRow & { services: string[]; packages: string[] };

// Written with qualified names: drizzle leaves a column's table out inside selected fields.
const serviceSlugs = sql<string[]>`coalesce((
  select array_agg(s.slug order by s.position, s.title)
  from coupon_services cs join services s on s.id = cs.service_id
  where cs.coupon_id = "coupons"."id"
), '{}')`;
const packageIds = sql<string[]>`coalesce((
  select array_agg(cp.package_id::text order by cp.package_id)
  from coupon_packages cp where cp.coupon_id = "coupons"."id"
), '{}')`;

function selectCoupons(db: Db) {
  return db.select({ row: coupons, services: serviceSlugs, packages: packageIds }).from(coupons);
}

function flatten(found: { row: CouponRow; services: string[]; packages: string[] }) {
  return { ...found.row, services: found.services, packages: found.packages };
}

/** Active ones first, then the newest. */
export async function listCoupons(db: Db): Promise<CouponWithTargets[]> {
  const rows = await selectCoupons(db).orderBy(desc(coupons.active), desc(coupons.createdAt));
  return rows.map(flatten);
}

export async function findCoupon(db: Db, id: string): Promise<CouponWithTargets | undefined> {
  const [found] = await selectCoupons(db).where(eq(coupons.id, id));
  return found ? flatten(found) : undefined;
}

export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

/**
 * The code's row locked until the transaction ends: every booking or purchase applying it waits
 * here, so the uses it counts next include every one committed before (decision 063).
 */
export async function lockCouponByCode(tx: Tx, code: string): Promise<CouponRow | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
  return row;
}

/** The codes that take a fixed amount off, oldest first; `lock` for a change of the site's currency. */
export async function listFixedAmountCoupons(
  db: Db,
  options: { lock: boolean },
): Promise<CouponRow[]> {
  const query = db
    .select()
    .from(coupons)
    .where(sql`${coupons.amountOff} is not null`)
    .orderBy(coupons.createdAt, coupons.code);
  return options.lock ? query.for('update') : query;
}

export async function lockCoupon(tx: Tx, id: string): Promise<CouponRow | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row;
}

/** Inserts the code; undefined when another code already has it (the unique index). */
export async function insertCoupon(tx: Tx, values: NewCouponRow): Promise<CouponRow | undefined> {
  const [row] = await tx
    .insert(coupons)
    .values(values)
    .onConflictDoNothing({ target: coupons.code })
    .returning();
  return row;
}

/** Changes the code's fields; undefined when the new code is another code's. */
export async function updateCoupon(
  tx: Tx,
  id: string,
  values: Partial<NewCouponRow>,
): Promise<CouponRow | undefined> {
  if (values.code !== undefined) {
    const [taken] = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(eq(coupons.code, values.code), sql`${coupons.id} <> ${id}`));
    if (taken) return undefined;
  }
  const [row] = await tx
    .update(coupons)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(coupons.id, id))
    .returning();
  return row;
}

export async function replaceCouponTargets(
  tx: Tx,
  couponId: string,
  targets: { serviceIds: string[]; packageIds: string[] },
): Promise<void> {
  await tx.delete(couponServices).where(eq(couponServices.couponId, couponId));
  await tx.delete(couponPackages).where(eq(couponPackages.couponId, couponId));
  if (targets.serviceIds.length > 0) {
    await tx
      .insert(couponServices)
      .values(targets.serviceIds.map((serviceId) => ({ couponId, serviceId })));
  }
  if (targets.packageIds.length > 0) {
    await tx
      .insert(couponPackages)
      .values(targets.packageIds.map((packageId) => ({ couponId, packageId })));
  }
}

/** Services' ids by address name, for the slugs that exist. */
export async function serviceIdsBySlug(db: Db, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ id: services.id, slug: services.slug })
    .from(services)
    .where(inArray(services.slug, slugs));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Of these package ids, the ones that exist. */
export async function existingPackageIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: packages.id }).from(packages).where(inArray(packages.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** Whether the code covers the target: everything, or the service or package named in its list. */
export async function couponCovers(
  db: Db,
  coupon: Pick<CouponRow, 'id' | 'appliesTo'>,
  target: DiscountTarget,
): Promise<boolean> {
  if (coupon.appliesTo === 'all') return true;
  if (target.kind === 'service') {
    if (coupon.appliesTo !== 'services') return false;
    const [found] = await db
      .select({ id: couponServices.serviceId })
      .from(couponServices)
      .where(
        and(eq(couponServices.couponId, coupon.id), eq(couponServices.serviceId, target.serviceId)),
      );
    return found !== undefined;
  }
  if (coupon.appliesTo !== 'packages') return false;
  const [found] = await db
    .select({ id: couponPackages.packageId })
    .from(couponPackages)
    .where(
      and(eq(couponPackages.couponId, coupon.id), eq(couponPackages.packageId, target.packageId)),
    );
  return found !== undefined;
}

/**
 * A use's state, from its booking's or purchase's (decision 063): released when the booking ended
 * (cancelled, expired) with no money received or the purchase was cancelled unpaid; redeemed when
 * paid, or free with the code; reserved while the payment is awaited.
 */
const useState = sql<CouponUseState>`case
  when (${bookings.id} is not null and ${bookings.state} in ('cancelled', 'expired') and ${bookings.paidAt} is null)
    or (${packagePurchases.id} is not null and ${packagePurchases.state} = 'cancelled')
    then 'released'
  when (${bookings.id} is not null and (${bookings.paidAt} is not null or ${bookings.priceMinor} = 0))
    or (${packagePurchases.id} is not null and ${packagePurchases.state} in ('paid', 'refunded'))
    then 'redeemed'
  else 'reserved' end`;

function usesWithTargets(db: Db) {
  return db
    .select({
      use: couponUses,
      state: useState,
      client: { id: users.id, name: users.name, email: users.email },
      bookingReference: bookings.reference,
      serviceTitle: bookings.serviceTitle,
      packageTitle: packagePurchases.title,
    })
    .from(couponUses)
    .innerJoin(users, eq(users.id, couponUses.clientId))
    .leftJoin(bookings, eq(bookings.id, couponUses.bookingId))
    .leftJoin(packagePurchases, eq(packagePurchases.id, couponUses.purchaseId));
}
export type CouponUseWithTarget = Awaited<ReturnType<typeof listUsesOfCoupons>>[number];

/** Every use of these codes, newest first, with its state, client and what it was for. */
export async function listUsesOfCoupons(db: Db, couponIds: string[]) {
  if (couponIds.length === 0) return [];
  return usesWithTargets(db)
    .where(inArray(couponUses.couponId, couponIds))
    .orderBy(desc(couponUses.createdAt), desc(couponUses.id));
}

/** Uses not released, by everybody and by this client: what the limits count. */
export async function countLiveUses(
  db: Db,
  couponId: string,
  clientId: string,
): Promise<{ total: number; client: number }> {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      client: sql<number>`(count(*) filter (where ${couponUses.clientId} = ${clientId}))::int`,
    })
    .from(couponUses)
    .leftJoin(bookings, eq(bookings.id, couponUses.bookingId))
    .leftJoin(packagePurchases, eq(packagePurchases.id, couponUses.purchaseId))
    .where(and(eq(couponUses.couponId, couponId), sql`${useState} <> 'released'`));
  return counts ?? { total: 0, client: 0 };
}

export async function insertCouponUse(
  tx: Tx,
  values: typeof couponUses.$inferInsert,
): Promise<CouponUseRow> {
  const [row] = await tx.insert(couponUses).values(values).returning();
  return row!;
}

export async function findUseOfBooking(db: Db, bookingId: string) {
  return findUse(db, eq(couponUses.bookingId, bookingId));
}

export async function findUseOfPurchase(db: Db, purchaseId: string) {
  return findUse(db, eq(couponUses.purchaseId, purchaseId));
}

async function findUse(db: Db, made: SQL) {
  const [found] = await db
    .select({ use: couponUses, code: coupons.code })
    .from(couponUses)
    .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
    .where(made);
  return found;
}

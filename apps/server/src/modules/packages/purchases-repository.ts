/** The queries of package purchases and their credit ledger. */
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bookings } from '../bookings';
import { payments } from '../payments';
import { packageCreditEntries, packagePurchases, packageServices } from './schema';

export type PurchaseRow = typeof packagePurchases.$inferSelect;
export type NewPurchaseRow = typeof packagePurchases.$inferInsert;
export type CreditEntryRow = typeof packageCreditEntries.$inferSelect;

/** A purchase with what its payment says: provider and receipt. */
export interface PurchaseWithPayment {
  purchase: PurchaseRow;
  payment: { provider: string; receiptNumber: string | null } | null;
}

// Written with qualified names: drizzle leaves a column's table out inside selected fields.
const coveredSlugs = sql<string[]>`coalesce((
  select array_agg(s.slug order by s.position, s.title)
  from package_services ps join services s on s.id = ps.service_id
  where ps.package_id = "package_purchases"."package_id"
), '{}')`;

export async function insertPurchase(tx: Tx, values: NewPurchaseRow): Promise<PurchaseRow> {
  const [row] = await tx.insert(packagePurchases).values(values).returning();
  return row!;
}

/** The purchase a client's earlier request with this Idempotency-Key made, if any. */
export async function findPurchaseByIdempotencyKey(
  db: Db,
  clientId: string,
  idempotencyKey: string,
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(packagePurchases)
    .where(
      and(
        eq(packagePurchases.clientId, clientId),
        eq(packagePurchases.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

export async function lockPurchase(tx: Tx, id: string): Promise<PurchaseRow | undefined> {
  const [row] = await tx
    .select()
    .from(packagePurchases)
    .where(eq(packagePurchases.id, id))
    .for('update');
  return row;
}

export async function lockPurchaseOfPayment(
  tx: Tx,
  paymentId: string,
): Promise<PurchaseRow | undefined> {
  const [row] = await tx
    .select()
    .from(packagePurchases)
    .where(eq(packagePurchases.paymentId, paymentId))
    .for('update');
  return row;
}

export async function updatePurchase(
  tx: Tx,
  id: string,
  values: Partial<NewPurchaseRow>,
): Promise<PurchaseRow> {
  const [row] = await tx
    .update(packagePurchases)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(packagePurchases.id, id))
    .returning();
  return row!;
}

export async function insertCreditEntry(
  tx: Tx,
  values: typeof packageCreditEntries.$inferInsert,
): Promise<void> {
  await tx.insert(packageCreditEntries).values(values);
}

function withPayment(db: Db) {
  return db
    .select({
      purchase: packagePurchases,
      payment: { provider: payments.provider, receiptNumber: payments.receiptNumber },
    })
    .from(packagePurchases)
    .leftJoin(payments, eq(payments.id, packagePurchases.paymentId));
}

export async function findPurchase(db: Db, id: string): Promise<PurchaseWithPayment | undefined> {
  const [row] = await withPayment(db).where(eq(packagePurchases.id, id));
  return row;
}

/** A client's purchases, newest first. */
export async function listPurchasesOfClient(
  db: Db,
  clientId: string,
): Promise<PurchaseWithPayment[]> {
  return withPayment(db)
    .where(eq(packagePurchases.clientId, clientId))
    .orderBy(desc(packagePurchases.createdAt), desc(packagePurchases.id));
}

/** A client's paid purchases with credits left that have not expired at `now`, oldest expiry first. */
export async function listUsableCredits(db: Db, clientId: string, now: Date) {
  return db
    .select({ purchase: packagePurchases, services: coveredSlugs })
    .from(packagePurchases)
    .where(
      and(
        eq(packagePurchases.clientId, clientId),
        eq(packagePurchases.state, 'paid'),
        gt(packagePurchases.creditsRemaining, 0),
        or(isNull(packagePurchases.expiresAt), gt(packagePurchases.expiresAt, now)),
      ),
    )
    .orderBy(
      sql`${packagePurchases.expiresAt} asc nulls last`,
      packagePurchases.paidAt,
      packagePurchases.id,
    );
}

/**
 * Takes one credit of the client's oldest-expiring usable purchase that covers the service. The
 * update re-checks the counter under the row's lock, so of concurrent takers of a last credit one
 * gets it and the others move on to the next purchase or find none.
 */
export async function takeOneCredit(
  tx: Tx,
  request: { clientId: string; serviceId: string; now: Date },
): Promise<string | null> {
  // A purchase another booking is taking a credit of right now is skipped, not waited for: the
  // next purchase covering the service serves instead, and with none left the answer is null.
  const [candidate] = await tx
    .select({ id: packagePurchases.id })
    .from(packagePurchases)
    .innerJoin(
      packageServices,
      and(
        eq(packageServices.packageId, packagePurchases.packageId),
        eq(packageServices.serviceId, request.serviceId),
      ),
    )
    .where(
      and(
        eq(packagePurchases.clientId, request.clientId),
        eq(packagePurchases.state, 'paid'),
        gt(packagePurchases.creditsRemaining, 0),
        or(isNull(packagePurchases.expiresAt), gt(packagePurchases.expiresAt, request.now)),
      ),
    )
    .orderBy(
      sql`${packagePurchases.expiresAt} asc nulls last`,
      packagePurchases.paidAt,
      packagePurchases.id,
    )
    .limit(1)
    .for('update', { of: packagePurchases, skipLocked: true });
  if (!candidate) return null;
  const [taken] = await tx
    .update(packagePurchases)
    .set({
      creditsRemaining: sql`${packagePurchases.creditsRemaining} - 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(packagePurchases.id, candidate.id), gt(packagePurchases.creditsRemaining, 0)))
    .returning({ id: packagePurchases.id });
  return taken?.id ?? null;
}

/** The credit a booking took, and whether it was settled (returned or forfeited) since. */
export async function findBookingCreditUse(tx: Tx, bookingId: string) {
  const rows = await tx
    .select({ purchaseId: packageCreditEntries.purchaseId, reason: packageCreditEntries.reason })
    .from(packageCreditEntries)
    .where(eq(packageCreditEntries.bookingId, bookingId));
  const use = rows.find((row) => row.reason === 'booking');
  if (!use) return undefined;
  return {
    purchaseId: use.purchaseId,
    settled: rows.some((row) => row.reason === 'returned' || row.reason === 'forfeited'),
  };
}

/** The purchases whose credits paid these bookings, by booking id. */
export async function creditUsesOfBookings(
  db: Db,
  bookingIds: string[],
): Promise<Map<string, string>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      bookingId: packageCreditEntries.bookingId,
      purchaseId: packageCreditEntries.purchaseId,
    })
    .from(packageCreditEntries)
    .where(
      and(
        inArray(packageCreditEntries.bookingId, bookingIds),
        eq(packageCreditEntries.reason, 'booking'),
      ),
    );
  return new Map(rows.map((row) => [row.bookingId!, row.purchaseId]));
}

/**
 * Paid purchases with credits left that expire within the notice window and were not noticed yet,
 * claimed with FOR UPDATE SKIP LOCKED so any number of runners share the work.
 */
export async function claimExpiringPurchases(
  tx: Tx,
  window: { now: Date; until: Date },
  limit: number,
): Promise<PurchaseRow[]> {
  return tx
    .select()
    .from(packagePurchases)
    .where(
      and(
        eq(packagePurchases.state, 'paid'),
        gt(packagePurchases.creditsRemaining, 0),
        isNull(packagePurchases.expiryNoticeSentAt),
        gt(packagePurchases.expiresAt, window.now),
        lte(packagePurchases.expiresAt, window.until),
      ),
    )
    .orderBy(packagePurchases.expiresAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The bookings a client's credits paid, with how each credit was settled, newest first. */
export async function listCreditUsesOfClient(db: Db, clientId: string) {
  const rows = await db
    .select({
      purchaseId: packageCreditEntries.purchaseId,
      bookingId: bookings.id,
      reference: bookings.reference,
      serviceTitle: bookings.serviceTitle,
      startAt: bookings.startAt,
      settled: sql<string | null>`(
        select e.reason from package_credit_entries e
        where e.booking_id = "package_credit_entries"."booking_id"
          and e.reason in ('returned', 'forfeited')
        limit 1
      )`,
    })
    .from(packageCreditEntries)
    .innerJoin(packagePurchases, eq(packagePurchases.id, packageCreditEntries.purchaseId))
    .innerJoin(bookings, eq(bookings.id, packageCreditEntries.bookingId))
    .where(and(eq(packagePurchases.clientId, clientId), eq(packageCreditEntries.reason, 'booking')))
    .orderBy(desc(bookings.startAt));
  return rows;
}

/**
 * Credits given (purchases paid and grants, less take-backs) and spent (bookings, less returns) in
 * [start, end); and the unused credits of paid purchases not expired at `now`.
 */
export async function creditTotals(db: Db, bounds: { start: Date; end: Date }, now: Date) {
  const inRange = and(
    sql`${packageCreditEntries.createdAt} >= ${bounds.start.toISOString()}`,
    sql`${packageCreditEntries.createdAt} < ${bounds.end.toISOString()}`,
  );
  const [moved] = await db
    .select({
      sold: sql<number>`coalesce(sum(delta) filter (where reason in ('purchase', 'grant', 'take_back')), 0)::int`,
      used: sql<number>`coalesce(-sum(delta) filter (where reason in ('booking', 'returned')), 0)::int`,
    })
    .from(packageCreditEntries)
    .where(inRange);
  const [left] = await db
    .select({ outstanding: sql<number>`coalesce(sum(credits_remaining), 0)::int` })
    .from(packagePurchases)
    .where(
      and(
        eq(packagePurchases.state, 'paid'),
        or(isNull(packagePurchases.expiresAt), gt(packagePurchases.expiresAt, now)),
      ),
    );
  return {
    sold: Math.max(0, moved?.sold ?? 0),
    used: Math.max(0, moved?.used ?? 0),
    outstanding: left?.outstanding ?? 0,
  };
}

/** What some payments bought, by payment id: the purchases they paid, one query. */
export async function purchasesOfPayments(db: Db, paymentIds: string[]) {
  if (paymentIds.length === 0) return new Map<string, PurchaseRow>();
  const rows = await db
    .select()
    .from(packagePurchases)
    .where(inArray(packagePurchases.paymentId, paymentIds));
  return new Map(rows.map((row) => [row.paymentId!, row]));
}

/** A condition on `payments`: it paid a purchase whose title matches the ILIKE pattern. */
export function paymentTitleMatches(pattern: string) {
  return sql`${payments.id} in (select ${packagePurchases.paymentId} from ${packagePurchases} where ${packagePurchases.title} ilike ${pattern})`;
}

/** The credits refunds have withdrawn from a purchase so far, net of those given back. */
export async function creditsWithdrawnByRefunds(tx: Tx, purchaseId: string): Promise<number> {
  const [row] = await tx
    .select({ withdrawn: sql<number>`coalesce(-sum(${packageCreditEntries.delta}), 0)::int` })
    .from(packageCreditEntries)
    .where(
      and(
        eq(packageCreditEntries.purchaseId, purchaseId),
        eq(packageCreditEntries.reason, 'refund'),
      ),
    );
  return row?.withdrawn ?? 0;
}

/** The purchase and the credits one refund withdrew from it, net of any given back. */
export async function creditsOfRefund(tx: Tx, refundId: number) {
  const [row] = await tx
    .select({
      purchaseId: packageCreditEntries.purchaseId,
      withdrawn: sql<number>`(-sum(${packageCreditEntries.delta}))::int`,
    })
    .from(packageCreditEntries)
    .where(
      and(eq(packageCreditEntries.refundId, refundId), eq(packageCreditEntries.reason, 'refund')),
    )
    .groupBy(packageCreditEntries.purchaseId);
  return row;
}

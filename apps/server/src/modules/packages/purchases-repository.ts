/** The queries of package purchases and their credit ledger. */
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { payments } from '../payments';
import { packageCreditEntries, packagePurchases } from './schema';

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

/** The queries of payments: records with their booking and client, refunds, receipt counters. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  or,
  sql,
  sum,
  type SQL,
} from 'drizzle-orm';
import type { PaymentKind, PaymentProvider, PaymentStatus } from '@consult/shared';
import type { Db, Tx } from '../../db/client';
import { bookings } from '../bookings';
import { users, escapeLike } from '../users';
import { paymentEvents, paymentRefunds, payments, receiptCounters, voidedReceipts } from './schema';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type RefundRow = typeof paymentRefunds.$inferSelect;
export type VoidedReceiptRow = typeof voidedReceipts.$inferSelect;

/** The payment's latest receipt was voided: it is due again until marked paid anew. */
const receiptVoid = sql<boolean>`exists (select 1 from ${voidedReceipts} where ${voidedReceipts.number} = ${payments.receiptNumber})`;

/** What lists and receipts show of the booking and the client beside a payment. */
const joinedColumns = {
  payment: payments,
  booking: {
    reference: bookings.reference,
    serviceTitle: bookings.serviceTitle,
    startAt: bookings.startAt,
    durationMinutes: bookings.durationMinutes,
  },
  client: { id: users.id, name: users.name, email: users.email },
  receiptVoid,
};
export type JoinedPayment = {
  payment: PaymentRow;
  receiptVoid: boolean;
  /** The booking it pays; null for a package's payment (`purpose` 'package'). */
  booking: {
    reference: string;
    serviceTitle: string;
    startAt: Date;
    durationMinutes: number;
  } | null;
  client: { id: string; name: string; email: string };
};

function joined(db: Db) {
  return db
    .select(joinedColumns)
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(users, eq(users.id, payments.clientId));
}

export async function insertPayment(tx: Tx, values: NewPaymentRow): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

export async function findPayment(db: Db, id: string): Promise<JoinedPayment | undefined> {
  const [row] = await joined(db).where(eq(payments.id, id));
  return row;
}

/** The payment of a booking, locked for the caller's transaction. */
export async function lockPaymentOfBooking(
  tx: Tx,
  bookingId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .for('update');
  return row;
}

export async function lockPayment(tx: Tx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function updatePayment(
  tx: Tx,
  id: string,
  patch: Partial<NewPaymentRow>,
): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/**
 * The next receipt number of `year`. The counter row is locked by the update until the paying
 * transaction ends, so concurrent payers queue and no number is skipped or given twice.
 */
export async function nextReceiptSequence(tx: Tx, year: number): Promise<number> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.year,
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: receiptCounters.lastNumber });
  return row!.lastNumber;
}

/** The number the next payer of `year` would get, without taking it. */
export async function peekNextReceiptSequence(db: Db, year: number): Promise<number> {
  const [row] = await db
    .select({ lastNumber: receiptCounters.lastNumber })
    .from(receiptCounters)
    .where(eq(receiptCounters.year, year));
  return (row?.lastNumber ?? 0) + 1;
}

export async function insertVoidedReceipt(
  tx: Tx,
  values: typeof voidedReceipts.$inferInsert,
): Promise<VoidedReceiptRow> {
  const [row] = await tx.insert(voidedReceipts).values(values).returning();
  return row!;
}

/** A payment's voided receipts, oldest first. */
export async function listVoidedReceipts(db: Db, paymentId: string): Promise<VoidedReceiptRow[]> {
  return db
    .select()
    .from(voidedReceipts)
    .where(eq(voidedReceipts.paymentId, paymentId))
    .orderBy(asc(voidedReceipts.voidedAt), asc(voidedReceipts.number));
}

export async function insertRefund(
  tx: Tx,
  values: typeof paymentRefunds.$inferInsert,
): Promise<RefundRow> {
  const [row] = await tx.insert(paymentRefunds).values(values).returning();
  return row!;
}

export async function findRefund(db: Db, id: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
  return row;
}

export async function lockRefund(tx: Tx, id: number): Promise<RefundRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.id, id))
    .for('update');
  return row;
}

/**
 * The refund a provider names by its own id (Stripe: `re_…`), not locked: the caller locks its
 * payment and then the refund, the order every refund change takes. Refund events are rare and the
 * table is small (a few rows per payment), so no index is kept for this.
 */
export async function findRefundByProviderReference(
  db: Db,
  providerReference: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.providerReference, providerReference))
    .limit(1);
  return row;
}

export async function updateRefund(
  tx: Tx,
  id: number,
  patch: Partial<typeof paymentRefunds.$inferInsert>,
): Promise<void> {
  await tx.update(paymentRefunds).set(patch).where(eq(paymentRefunds.id, id));
}

/**
 * Refunds recorded and not yet sent to their provider, oldest first. A manual payment's refunds
 * are never sent by the app: the owner sends them and confirms it (they stay owed until then).
 */
export async function listUnsentRefunds(
  db: Db,
  filter: { bookingId?: string; createdBefore?: Date },
): Promise<RefundRow[]> {
  return db
    .select({ refund: paymentRefunds })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(
      and(
        eq(paymentRefunds.status, 'pending'),
        isNull(paymentRefunds.providerReference),
        ne(payments.provider, 'manual'),
        filter.bookingId ? eq(payments.bookingId, filter.bookingId) : undefined,
        filter.createdBefore ? lt(paymentRefunds.createdAt, filter.createdBefore) : undefined,
      ),
    )
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
    .limit(100)
    .then((rows) => rows.map((row) => row.refund));
}

/** The pending refunds of a payment (locked), oldest first: the ones a provider confirms next. */
export async function lockPendingRefunds(tx: Tx, paymentId: string): Promise<RefundRow[]> {
  return tx
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'pending')))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
    .for('update');
}

/** The payment of a provider's payment id (Stripe: a PaymentIntent), locked. */
export async function lockPaymentByProviderPaymentId(
  tx: Tx,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId))
    .for('update');
  return row;
}

/** Every payment of one PaymentIntent (a series' sessions share theirs), oldest first, locked. */
export async function lockPaymentsByProviderPaymentId(
  tx: Tx,
  providerPaymentId: string,
): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .for('update');
}

/** The payments a Checkout Session was made for (a series: one per session), oldest first. */
export async function paymentsByProviderReference(
  db: Db,
  providerReference: string,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.providerReference, providerReference))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** What payment mails name of the booking. */
export async function findBookingFacts(db: Db, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      clientId: bookings.clientId,
      priceMinor: bookings.priceMinor,
      currency: bookings.currency,
      serviceTitle: bookings.serviceTitle,
      startAt: bookings.startAt,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row;
}

/**
 * Records a provider event as applied, in the transaction that applies it: false when it was
 * applied before (the same webhook delivered twice).
 */
export async function claimProviderEvent(tx: Tx, id: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** Whether `id` was recorded in payment_events (an event applied, or a marker such as a foreign intent). */
export async function providerEventRecorded(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, id));
  return rows.length > 0;
}

export async function listRefunds(db: Db, paymentId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
}

/** The client's payments, newest first. */
export async function listClientPayments(db: Db, clientId: string): Promise<JoinedPayment[]> {
  return joined(db)
    .where(eq(payments.clientId, clientId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** The payments of some bookings (a page of them), by booking id: one query. */
export async function paymentsOfBookings(
  db: Db,
  bookingIds: string[],
): Promise<Map<string, PaymentRow>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db.select().from(payments).where(inArray(payments.bookingId, bookingIds));
  return new Map(rows.flatMap((row) => (row.bookingId ? [[row.bookingId, row] as const] : [])));
}

export interface AdminPaymentsFilter {
  status?: PaymentStatus;
  clientId?: string;
  provider?: PaymentProvider;
  /** A booking's payments or a package purchase's only. */
  kind?: PaymentKind;
  /** Payments created in [start, end). */
  createdRange?: { start?: Date; end?: Date };
  /**
   * Matches the booking's reference, the receipt number, the client's name or e-mail, the service
   * title, or (`packageTitleMatches`, from the packages module) a package purchase's title.
   */
  search?: { text: string; packageTitleMatches: (pattern: string) => SQL };
  /** Only payments with a manual refund the owner has not confirmed sending. */
  refundsOwed?: boolean;
}

/** A manual payment with a refund still to send by the owner. */
const hasOwedRefund = sql`exists (select 1 from ${paymentRefunds} where ${paymentRefunds.paymentId} = ${payments.id} and ${paymentRefunds.status} = 'pending' and ${paymentRefunds.providerReference} is null)`;

function whereOf(filter: AdminPaymentsFilter) {
  const pattern = filter.search ? `%${escapeLike(filter.search.text)}%` : undefined;
  return and(
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.kind ? eq(payments.purpose, filter.kind) : undefined,
    filter.clientId ? eq(payments.clientId, filter.clientId) : undefined,
    filter.provider ? eq(payments.provider, filter.provider) : undefined,
    filter.refundsOwed ? and(eq(payments.provider, 'manual'), hasOwedRefund) : undefined,
    filter.createdRange?.start ? gte(payments.createdAt, filter.createdRange.start) : undefined,
    filter.createdRange?.end ? lt(payments.createdAt, filter.createdRange.end) : undefined,
    pattern
      ? or(
          ilike(users.name, pattern),
          ilike(users.email, pattern),
          ilike(bookings.serviceTitle, pattern),
          ilike(bookings.reference, pattern),
          ilike(payments.receiptNumber, pattern),
          filter.search!.packageTitleMatches(pattern),
        )
      : undefined,
  );
}

export async function listAdminPayments(
  db: Db,
  filter: AdminPaymentsFilter,
  page: { limit: number; offset: number },
): Promise<JoinedPayment[]> {
  return joined(db)
    .where(whereOf(filter))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many payments the filters select, and per currency what was received and returned. */
export async function adminPaymentTotals(db: Db, filter: AdminPaymentsFilter) {
  const received = sql<string>`coalesce(sum(${payments.amountMinor}) filter (where ${payments.paidAt} is not null), 0)`;
  const rows = await db
    .select({
      currency: payments.currency,
      payments: count(),
      paidMinor: received,
      refundedMinor: sum(payments.refundedMinor),
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(users, eq(users.id, payments.clientId))
    .where(whereOf(filter))
    .groupBy(payments.currency)
    .orderBy(asc(payments.currency));
  return {
    total: rows.reduce((all, row) => all + row.payments, 0),
    totals: rows.map((row) => ({
      currency: row.currency,
      paidMinor: Number(row.paidMinor),
      refundedMinor: Number(row.refundedMinor ?? 0),
    })),
  };
}

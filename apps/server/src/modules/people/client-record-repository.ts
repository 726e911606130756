/**
 * The queries of a client's record for the owner: their bookings, contact messages and what their
 * timeline is made of. Each is one bounded query, so the record costs the same whatever the client.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingEvents, bookings } from '../bookings';
import { paymentRefunds, payments } from '../payments';
import { contactMessages } from '../site';
import { tasks } from '../tasks';

/** The client's bookings, newest start first, each with its payment if it has one. */
export async function listRecordBookings(db: Db, clientId: string, limit: number) {
  return db
    .select({
      booking: {
        id: bookings.id,
        reference: bookings.reference,
        serviceTitle: bookings.serviceTitle,
        startAt: bookings.startAt,
        endAt: bookings.endAt,
        state: bookings.state,
        priceMinor: bookings.priceMinor,
        currency: bookings.currency,
        answers: bookings.answers,
        createdAt: bookings.createdAt,
      },
      payment: { id: payments.id, status: payments.status },
    })
    .from(bookings)
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(eq(bookings.clientId, clientId))
    .orderBy(desc(bookings.startAt), desc(bookings.id))
    .limit(limit);
}

/** Contact messages sent from `email`, whatever its case, newest first (uses the lower(email) index). */
export async function listRecordMessages(db: Db, email: string, limit: number) {
  return db
    .select()
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = lower(${email})`)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}

/** The history of the client's bookings, newest first. */
export async function listRecordBookingEvents(db: Db, clientId: string, limit: number) {
  return db
    .select({
      id: bookingEvents.id,
      bookingId: bookingEvents.bookingId,
      action: bookingEvents.action,
      fromState: bookingEvents.fromState,
      toState: bookingEvents.toState,
      actorType: bookingEvents.actorType,
      createdAt: bookingEvents.createdAt,
      serviceTitle: bookings.serviceTitle,
    })
    .from(bookingEvents)
    .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
    .where(eq(bookings.clientId, clientId))
    .orderBy(desc(bookingEvents.createdAt), desc(bookingEvents.id))
    .limit(limit);
}

/** The client's payments, by their latest moment (paid or opened), newest first. */
export async function listRecordPayments(db: Db, clientId: string, limit: number) {
  return db
    .select({
      id: payments.id,
      purpose: payments.purpose,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      status: payments.status,
      receiptNumber: payments.receiptNumber,
      paidAt: payments.paidAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.clientId, clientId))
    .orderBy(desc(sql`coalesce(${payments.paidAt}, ${payments.createdAt})`), desc(payments.id))
    .limit(limit);
}

/** Refunds of the client's payments, newest first. */
export async function listRecordRefunds(db: Db, clientId: string, limit: number) {
  return db
    .select({
      id: paymentRefunds.id,
      paymentId: paymentRefunds.paymentId,
      amountMinor: paymentRefunds.amountMinor,
      currency: payments.currency,
      provider: payments.provider,
      status: paymentRefunds.status,
      createdAt: paymentRefunds.createdAt,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(payments.clientId, clientId))
    .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id))
    .limit(limit);
}

/** The client's tasks, by their latest moment (done or created), newest first. */
export async function listRecordTaskMoments(db: Db, clientId: string, limit: number) {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      createdAt: tasks.createdAt,
      completedAt: tasks.completedAt,
    })
    .from(tasks)
    .where(eq(tasks.clientId, clientId))
    .orderBy(desc(sql`coalesce(${tasks.completedAt}, ${tasks.createdAt})`), desc(tasks.id))
    .limit(limit);
}

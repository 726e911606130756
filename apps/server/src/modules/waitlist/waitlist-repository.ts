/** The queries of waitlist entries and the offers made to them. */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bookings, services } from '../bookings';
import { users } from '../users';
import { waitlistEntries, waitlistOffers } from './schema';

export type EntryRow = typeof waitlistEntries.$inferSelect;
export type OfferRow = typeof waitlistOffers.$inferSelect;

/** An entry with the service it waits for. */
export interface EntryWithService {
  entry: EntryRow;
  service: { slug: string; title: string };
}

const serviceFields = { slug: services.slug, title: services.title };

export async function insertEntry(
  tx: Tx,
  values: typeof waitlistEntries.$inferInsert,
): Promise<EntryRow> {
  const [row] = await tx.insert(waitlistEntries).values(values).returning();
  return row!;
}

export async function countActiveEntries(tx: Tx, clientId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.clientId, clientId), eq(waitlistEntries.state, 'active')));
  return row?.count ?? 0;
}

/** The client's entries: active ones, then those ended since `endedSince`, newest first. */
export async function listClientEntries(
  db: Db,
  clientId: string,
  endedSince: Date,
): Promise<EntryWithService[]> {
  return db
    .select({ entry: waitlistEntries, service: serviceFields })
    .from(waitlistEntries)
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .where(
      and(
        eq(waitlistEntries.clientId, clientId),
        or(
          eq(waitlistEntries.state, 'active'),
          and(
            inArray(waitlistEntries.state, ['booked', 'expired', 'removed']),
            gt(waitlistEntries.endedAt, endedSince),
          ),
        ),
      ),
    )
    .orderBy(sql`${waitlistEntries.state} = 'active' desc`, desc(waitlistEntries.createdAt));
}

export async function listAllEntries(db: Db, limit: number) {
  return db
    .select({
      entry: waitlistEntries,
      service: serviceFields,
      client: { id: users.id, name: users.name, email: users.email },
    })
    .from(waitlistEntries)
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .innerJoin(users, eq(users.id, waitlistEntries.clientId))
    .orderBy(sql`${waitlistEntries.state} = 'active' desc`, desc(waitlistEntries.createdAt))
    .limit(limit);
}

export async function lockEntry(tx: Tx, id: string): Promise<EntryRow | undefined> {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, id))
    .for('update');
  return row;
}

export async function endEntry(
  tx: Tx,
  id: string,
  state: Exclude<EntryRow['state'], 'active'>,
  now: Date,
): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ state, endedAt: now })
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.state, 'active')));
}

export async function offersOfEntries(db: Db, entryIds: string[]): Promise<OfferRow[]> {
  if (entryIds.length === 0) return [];
  return db
    .select()
    .from(waitlistOffers)
    .where(inArray(waitlistOffers.entryId, entryIds))
    .orderBy(asc(waitlistOffers.createdAt));
}

/** The unguessable token of an offer's link: 24 random bytes in base64url. */
export const newOfferToken = () => randomBytes(24).toString('base64url');
/**
 * What `newOfferToken` makes. Anything else names no offer and is not looked up: a NUL byte in a
 * link's token would be an error in PostgreSQL, not a "no such offer".
 */
const OFFER_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The offer behind a link's token, locked for a decision, with its entry and service. */
export async function lockOfferByToken(tx: Tx, token: string) {
  if (!OFFER_TOKEN.test(token)) return undefined;
  const [row] = await tx
    .select({ offer: waitlistOffers, entry: waitlistEntries, service: services })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .where(eq(waitlistOffers.token, token))
    .for('update', { of: waitlistOffers });
  return row;
}

export async function findOfferByToken(db: Db, token: string) {
  if (!OFFER_TOKEN.test(token)) return undefined;
  const [row] = await db
    .select({ offer: waitlistOffers, entry: waitlistEntries, service: services })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .where(eq(waitlistOffers.token, token));
  return row;
}

export async function decideOffer(
  tx: Tx,
  id: string,
  values: { state: Exclude<OfferRow['state'], 'open'>; decidedAt: Date; bookingId?: string },
): Promise<void> {
  await tx.update(waitlistOffers).set(values).where(eq(waitlistOffers.id, id));
}

/** Open offers over a window: busy time for everyone but their client. */
export async function openOfferTimes(db: Db, window: { start: Date; end: Date }) {
  return db
    .select({ start: waitlistOffers.startAt, end: waitlistOffers.endAt })
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.state, 'open'),
        lte(waitlistOffers.startAt, window.end),
        gt(waitlistOffers.endAt, window.start),
      ),
    )
    .orderBy(asc(waitlistOffers.startAt));
}

/** Open offers whose time ran out, locked; those another run holds are left to it. */
export async function claimLapsedOffers(tx: Tx, now: Date, limit: number): Promise<OfferRow[]> {
  return tx
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.state, 'open'), lte(waitlistOffers.expiresAt, now)))
    .orderBy(asc(waitlistOffers.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Active entries to end: past their latest date in their own zone (`expired`), or whose client
 * has booked the service since joining (`booked`). Read only: nothing is written when none is due.
 */
export async function entriesToEnd(db: Db, now: Date) {
  return db
    .select({
      id: waitlistEntries.id,
      state: sql<
        'expired' | 'booked'
      >`case when ${waitlistEntries.latestDate} < (${now.toISOString()}::timestamptz at time zone ${waitlistEntries.timeZone})::date then 'expired' else 'booked' end`,
    })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.state, 'active'),
        or(
          sql`${waitlistEntries.latestDate} < (${now.toISOString()}::timestamptz at time zone ${waitlistEntries.timeZone})::date`,
          sql`exists (select 1 from ${bookings} b where b.client_id = ${waitlistEntries.clientId} and b.service_id = ${waitlistEntries.serviceId} and b.state in ('pending_payment', 'confirmed') and b.created_at > ${waitlistEntries.createdAt})`,
        ),
      ),
    );
}

/**
 * A service's active entries without an open offer, earliest joined first, locked: two runs at once
 * take different entries (SKIP LOCKED), and the offers' exclusion constraint keeps their times
 * apart.
 */
export async function claimWaitingEntries(tx: Tx, serviceId: string): Promise<EntryRow[]> {
  return tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.state, 'active'),
        eq(waitlistEntries.serviceId, serviceId),
        sql`not exists (select 1 from ${waitlistOffers} o where o.entry_id = ${waitlistEntries.id} and o.state = 'open')`,
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt))
    .for('update', { skipLocked: true });
}

/** The services some active entry waits for, with the latest day any of them accepts. */
export async function servicesWaitedFor(db: Db) {
  return db
    .select({
      serviceId: waitlistEntries.serviceId,
      latestDate: sql<string>`max(${waitlistEntries.latestDate})::text`,
    })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.state, 'active'))
    .groupBy(waitlistEntries.serviceId);
}

export async function insertOffer(
  tx: Tx,
  values: typeof waitlistOffers.$inferInsert,
): Promise<OfferRow> {
  const [row] = await tx.insert(waitlistOffers).values(values).returning();
  return row!;
}

/** Offer counts by state, for the owner's summary. */
export async function offerCounts(db: Db) {
  return db
    .select({ state: waitlistOffers.state, count: sql<number>`count(*)::int` })
    .from(waitlistOffers)
    .groupBy(waitlistOffers.state);
}

/**
 * Freed times booked from offers accepted in the range whose bookings still stand (confirmed,
 * completed or a no-show): the metrics' "re-booked from the waitlist".
 */
export async function rebookedFromWaitlist(db: Db, bounds: { start: Date; end: Date }) {
  const [row] = await db
    .select({
      sessions: sql<number>`count(*)::int`,
      minutes: sql<number>`coalesce(sum(${bookings.durationMinutes}), 0)::int`,
    })
    .from(waitlistOffers)
    .innerJoin(bookings, eq(bookings.id, waitlistOffers.bookingId))
    .where(
      and(
        eq(waitlistOffers.state, 'accepted'),
        sql`${waitlistOffers.decidedAt} >= ${bounds.start.toISOString()}`,
        sql`${waitlistOffers.decidedAt} < ${bounds.end.toISOString()}`,
        inArray(bookings.state, ['confirmed', 'completed', 'no_show']),
      ),
    );
  return {
    rebookedSessions: row?.sessions ?? 0,
    rebookedHours: Math.round(((row?.minutes ?? 0) / 60) * 100) / 100,
  };
}

/** The calendar feeds' queries: the feed rows, and the bookings a feed shows with their clients. */
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings } from '../bookings';
import { users } from '../users';
import { calendarFeeds, type CalendarFeedKind } from './schema';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** Whose feed: the owner's one, or one client's. */
export type FeedOwner = { kind: 'owner' } | { kind: 'client'; clientId: string };

function whoseFeed(owner: FeedOwner) {
  return owner.kind === 'owner'
    ? eq(calendarFeeds.kind, 'owner')
    : eq(calendarFeeds.clientId, owner.clientId);
}

/** The feed with this token's digest; a disabled client's feed is not found, like a revoked one. */
export async function findFeedByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<CalendarFeedRow | undefined> {
  const [row] = await db
    .select({ feed: calendarFeeds })
    .from(calendarFeeds)
    .leftJoin(users, eq(users.id, calendarFeeds.clientId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(users.disabledAt)));
  return row?.feed;
}

export async function findFeed(db: Db, owner: FeedOwner): Promise<CalendarFeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(whoseFeed(owner));
  return row;
}

/** Makes the feed or gives it a new token; the old token stops working in the same statement. */
export async function saveFeedToken(
  db: Db,
  owner: FeedOwner,
  tokenHash: string,
  now: Date,
): Promise<CalendarFeedRow> {
  const kind: CalendarFeedKind = owner.kind;
  const fresh = { tokenHash, createdAt: now, contentTag: null, contentChangedAt: null };
  const insert = db
    .insert(calendarFeeds)
    .values({ kind, clientId: owner.kind === 'client' ? owner.clientId : null, ...fresh });
  const [row] =
    owner.kind === 'owner'
      ? await insert
          .onConflictDoUpdate({
            target: calendarFeeds.kind,
            targetWhere: sql`kind = 'owner'`,
            set: fresh,
          })
          .returning()
      : await insert.onConflictDoUpdate({ target: calendarFeeds.clientId, set: fresh }).returning();
  return row!;
}

/** True when there was a feed to revoke. */
export async function deleteFeed(db: Db, owner: FeedOwner): Promise<boolean> {
  const rows = await db
    .delete(calendarFeeds)
    .where(whoseFeed(owner))
    .returning({ id: calendarFeeds.id });
  return rows.length > 0;
}

/** Remembers a new answer's tag and when it changed (its Last-Modified). */
export async function recordFeedContent(
  db: Db,
  id: string,
  contentTag: string,
  changedAt: Date,
): Promise<void> {
  await db
    .update(calendarFeeds)
    .set({ contentTag, contentChangedAt: changedAt })
    .where(eq(calendarFeeds.id, id));
}

const SHOWN_STATES = ['pending_payment', 'confirmed', 'completed', 'no_show'] as const;
const WITHDRAWN_STATES = ['cancelled', 'expired'] as const;

export interface FeedBookingsQuery {
  /** Only this client's bookings; every booking when absent. */
  clientId?: string;
  /** Bookings that start in [from, to). */
  from: Date;
  to: Date;
  /** A cancelled booking or expired hold is shown when it was withdrawn from this instant on. */
  withdrawnSince: Date;
}

export async function listFeedBookings(db: Db, query: FeedBookingsQuery) {
  return db
    .select({
      booking: bookings,
      client: { name: users.name, email: users.email, phone: users.phone },
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .where(
      and(
        query.clientId ? eq(bookings.clientId, query.clientId) : undefined,
        gte(bookings.startAt, query.from),
        lt(bookings.startAt, query.to),
        or(
          inArray(bookings.state, SHOWN_STATES),
          and(
            inArray(bookings.state, WITHDRAWN_STATES),
            gte(
              sql`coalesce(${bookings.cancelledAt}, ${bookings.updatedAt})`,
              query.withdrawnSince,
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(bookings.startAt), asc(bookings.id));
}

export type FeedBooking = Awaited<ReturnType<typeof listFeedBookings>>[number];

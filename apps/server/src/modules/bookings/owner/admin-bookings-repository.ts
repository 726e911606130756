/**
 * The owner's queries over bookings: the filtered, paged list (one query joined to the client, one
 * count) and a booking's history with the actors' names.
 */
import { aliasedTable, and, asc, count, desc, eq, gte, ilike, lt, or } from 'drizzle-orm';
import type { BookingState } from '@consult/shared';
import type { Db } from '../../../db/client';
import { users, escapeLike } from '../../users';
import type { BookingRow } from '../bookings-repository';
import { bookingEvents, bookings } from '../schema';

export type BookingEventRow = typeof bookingEvents.$inferSelect;

export interface BookingClientRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  timeZone: string;
}

export interface AdminBookingsFilter {
  state?: BookingState;
  /** Bookings starting in [start, end). */
  startRange?: { start?: Date; end?: Date };
  clientId?: string;
  /** Matches the booking's reference, the client's name or e-mail or the service title, case-insensitively. */
  search?: string;
}

const clientColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  timeZone: users.timeZone,
};

function whereOf(filter: AdminBookingsFilter) {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return and(
    filter.state ? eq(bookings.state, filter.state) : undefined,
    filter.startRange?.start ? gte(bookings.startAt, filter.startRange.start) : undefined,
    filter.startRange?.end ? lt(bookings.startAt, filter.startRange.end) : undefined,
    filter.clientId ? eq(bookings.clientId, filter.clientId) : undefined,
    pattern
      ? or(
          ilike(users.name, pattern),
          ilike(users.email, pattern),
          ilike(bookings.serviceTitle, pattern),
          ilike(bookings.reference, pattern),
        )
      : undefined,
  );
}

export async function countAdminBookings(db: Db, filter: AdminBookingsFilter): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .where(whereOf(filter));
  return row?.total ?? 0;
}

export async function listAdminBookings(
  db: Db,
  filter: AdminBookingsFilter,
  page: { order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ booking: BookingRow; client: BookingClientRow }[]> {
  const direction = page.order === 'asc' ? asc : desc;
  return db
    .select({ booking: bookings, client: clientColumns })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .where(whereOf(filter))
    .orderBy(direction(bookings.startAt), direction(bookings.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findAdminBooking(
  db: Db,
  id: string,
): Promise<{ booking: BookingRow; client: BookingClientRow } | undefined> {
  const [row] = await db
    .select({ booking: bookings, client: clientColumns })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .where(eq(bookings.id, id));
  return row;
}

/** A booking's history, oldest first, each with the acting user's name (null: system or deleted). */
export async function listBookingEvents(
  db: Db,
  bookingId: string,
): Promise<{ event: BookingEventRow; actorName: string | null }[]> {
  const actor = aliasedTable(users, 'actor');
  return db
    .select({ event: bookingEvents, actorName: actor.name })
    .from(bookingEvents)
    .leftJoin(actor, eq(actor.id, bookingEvents.actorId))
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
}

/**
 * The consultant as booking mails and invites name them: OWNER_EMAIL, the site's consultant name
 * and the zone of the scheduling rules. Without OWNER_EMAIL the owner's copies go to every admin
 * who can still sign in, so the practice never misses a booking silently.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { getSiteDocument } from '../site/site-service';
import { users } from '../users/schema';
import { loadSchedulingSettings } from './scheduling-settings';

export interface BookingMailOwner {
  /** OWNER_EMAIL; null when unset (the copies then go to the admins). */
  email: string | null;
  /** The owner's zone (scheduling rules): times in the owner's copy are written in it. */
  timeZone: string;
  name: string;
  /**
   * Where the owner's copies go (see ownerCopyAddresses), found once by bookingMailOwner so a batch
   * of mails does not ask again for each booking.
   */
  copyTo?: string[];
}

/**
 * Inside a transaction pass it as `db`: PGlite has one connection, so a query on `app.db` would
 * wait for the open transaction forever.
 */
export async function bookingMailOwner(
  app: FastifyInstance,
  db: Db = app.db,
): Promise<BookingMailOwner> {
  const site = await getSiteDocument(db, app.log);
  const scheduling = await loadSchedulingSettings(db, app.log);
  const email = app.config.OWNER_EMAIL ?? null;
  return {
    email,
    timeZone: scheduling.rules.timeZone,
    name: site.consultant.name,
    copyTo: await ownerCopyAddresses(db, { email }),
  };
}

/** Where the owner's copy goes: OWNER_EMAIL, else each active admin's address (maybe none). */
export async function ownerCopyAddresses(
  db: Db,
  owner: Pick<BookingMailOwner, 'email'>,
): Promise<string[]> {
  if (owner.email) return [owner.email];
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .orderBy(asc(users.createdAt));
  return admins.map((admin) => admin.email);
}

/** The client's profile phone: a phone consultation calls it. */
export async function clientPhone(db: Db, clientId: string): Promise<string | null> {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, clientId));
  return row?.phone ?? null;
}

/**
 * The consultant as booking mails and invites name them: OWNER_EMAIL, the site's consultant name
 * and the zone of the scheduling rules. Without OWNER_EMAIL the owner's copies go to every admin
 * who can still sign in, so the practice never misses a booking silently.
 */
import type { AppDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { getSiteDocument } from '../../site';
import { ownerMailAddresses, findUserContact } from '../../users';
import { loadSchedulingSettings } from '../scheduling-settings';

export interface BookingMailOwner {
  /** OWNER_EMAIL; null when unset (the copies then go to the admins). */
  email: string | null;
  /** The owner's zone (scheduling rules): times in the owner's copy are written in it. */
  timeZone: string;
  name: string;
  /**
   * Where the owner's copies go (see ownerMailAddresses), found once by bookingMailOwner so a batch
   * of mails does not ask again for each booking.
   */
  copyTo?: string[];
}

/** `db` is the transaction the mails are queued in, when there is one. */
export async function bookingMailOwner(
  deps: Pick<AppDeps, 'log' | 'config'>,
  db: Db,
): Promise<BookingMailOwner> {
  const site = await getSiteDocument(db, deps.log);
  const scheduling = await loadSchedulingSettings(db, deps.log);
  const email = deps.config.OWNER_EMAIL ?? null;
  return {
    email,
    timeZone: scheduling.rules.timeZone,
    name: site.consultant.name,
    copyTo: await ownerMailAddresses(db, email),
  };
}

/** The client's profile phone: a phone consultation calls it. */
export async function clientPhone(db: Db, clientId: string): Promise<string | null> {
  const client = await findUserContact(db, clientId);
  return client?.phone ?? null;
}

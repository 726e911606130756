/**
 * Where mail for the owner goes: OWNER_EMAIL, else every admin who can still sign in, so the
 * practice never misses a booking or a contact message silently (maybe nobody on a fresh install).
 */
import type { Db } from '../../db/client';
import { listActiveAdminEmails } from './users-repository';

export async function ownerMailAddresses(db: Db, ownerEmail: string | null): Promise<string[]> {
  if (ownerEmail) return [ownerEmail];
  return listActiveAdminEmails(db);
}

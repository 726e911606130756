/** The audit log: one row for each change an admin makes to accounts, services or scheduling. */
import type { Db } from '../../db/client';
import { auditLog } from './schema';

export interface AuditEntry {
  /** The admin who made the change; null when the change removed the actor's own account. */
  actorId: string | null;
  action: string;
  target: string;
  details: Record<string, unknown>;
}

/** Written in the transaction of the change it records, so the log and the data agree. */
export async function insertAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** The owner's audit log viewer: pages with filters, dates in the owner's time zone. */
import {
  AUDIT_PAGE_SIZE,
  type AuditFilters,
  type AuditPage,
  type auditQuerySchema,
} from '@consult/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { auditFilterChoices, listAuditEntries, type AuditRow } from './audit-repository';

type AuditDeps = Pick<AppDeps, 'db' | 'log' | 'ownerTimeZone'>;

function toEntry(row: AuditRow): AuditPage['entries'][number] {
  const details =
    typeof row.details === 'object' && row.details !== null && !Array.isArray(row.details)
      ? (row.details as Record<string, unknown>)
      : { value: row.details };
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor:
      row.actorId && row.actorName !== null && row.actorEmail !== null
        ? { id: row.actorId, name: row.actorName, email: row.actorEmail }
        : null,
    action: row.action,
    target: row.target,
    details,
  };
}

export async function auditPage(
  deps: AuditDeps,
  query: z.output<typeof auditQuerySchema>,
): Promise<AuditPage> {
  const timeZone = await deps.ownerTimeZone.get(deps.db);
  const { rows, total } = await listAuditEntries(
    deps.db,
    {
      actorId: query.actor,
      action: query.action,
      from: query.from,
      to: query.to,
      timeZone,
      search: query.q,
    },
    { limit: AUDIT_PAGE_SIZE, offset: (query.page - 1) * AUDIT_PAGE_SIZE },
  );
  return {
    entries: rows.map(toEntry),
    currentPage: query.page,
    totalPages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    totalEntries: total,
  };
}

export function auditFilters(deps: Pick<AppDeps, 'db'>): Promise<AuditFilters> {
  return auditFilterChoices(deps.db);
}

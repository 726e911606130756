import type {
  AuditFilters,
  AuditPage,
  OutboxPage,
  SetupChecklist,
  SystemStatus,
} from '@consult/shared';
import { auditEntry, outboxMail, systemStatus } from '../data';
import { answer, apiPath, http } from '../http';

export const systemHandlers = [
  http.get(apiPath('/admin/system'), () => answer<SystemStatus>(systemStatus)),
  http.get(apiPath('/admin/setup-checklist'), () =>
    answer<SetupChecklist>({
      items: (['business', 'hours', 'services', 'payments', 'mail'] as const).map((id) => ({
        id,
        done: true,
      })),
    }),
  ),
  http.get(apiPath('/admin/outbox'), () =>
    answer<OutboxPage>({ mails: [outboxMail], currentPage: 1, totalPages: 1, totalMails: 1 }),
  ),
  http.get(apiPath('/admin/audit'), () =>
    answer<AuditPage>({ entries: [auditEntry], currentPage: 1, totalPages: 1, totalEntries: 1 }),
  ),
  http.get(apiPath('/admin/audit/filters'), () =>
    answer<AuditFilters>({ actions: [auditEntry.action], actors: [auditEntry.actor!] }),
  ),
];

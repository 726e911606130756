import type {
  AuditFilters,
  AuditPage,
  AuditQuery,
  OutboxMail,
  OutboxMailSummary,
  OutboxPage,
  OutboxState,
  SetupChecklist,
  SystemStatus,
} from '@consult/shared';
import { api } from '../../lib/api';

export type AuditArgs = Required<Pick<AuditQuery, 'page'>> &
  Pick<AuditQuery, 'actor' | 'action' | 'from' | 'to' | 'q'>;

/** Only the filters that are set go into the address of the call. */
function setParams(args: object): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  return params;
}

export const adminSystemApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSystemStatus: build.query<SystemStatus, void>({
      query: () => '/admin/system',
      // Health is only useful fresh: never show a minute-old reading as current.
      keepUnusedDataFor: 0,
    }),
    getSetupChecklist: build.query<SetupChecklist, void>({
      query: () => '/admin/setup-checklist',
      // Every save on /admin/config may tick an item: read it fresh on each visit and after each save.
      keepUnusedDataFor: 0,
      providesTags: [
        'Site',
        'Payment',
        { type: 'Scheduling', id: 'SETTINGS' },
        { type: 'Scheduling', id: 'SERVICES' },
      ],
    }),
    getAuditLog: build.query<AuditPage, AuditArgs>({
      query: (args) => ({ url: '/admin/audit', params: setParams(args) }),
      keepUnusedDataFor: 0,
    }),
    getAuditFilters: build.query<AuditFilters, void>({
      query: () => '/admin/audit/filters',
      keepUnusedDataFor: 0,
    }),
    getOutbox: build.query<OutboxPage, { state?: OutboxState; page: number }>({
      query: (args) => ({ url: '/admin/outbox', params: setParams(args) }),
      providesTags: ['Outbox'],
      keepUnusedDataFor: 0,
    }),
    getOutboxMail: build.query<OutboxMail, string>({
      query: (id) => `/admin/outbox/${encodeURIComponent(id)}`,
      providesTags: ['Outbox'],
      keepUnusedDataFor: 0,
    }),
    resendMail: build.mutation<OutboxMailSummary, string>({
      query: (id) => ({ url: `/admin/outbox/${encodeURIComponent(id)}/resend`, method: 'POST' }),
      invalidatesTags: ['Outbox'],
    }),
  }),
});

export const {
  useGetSystemStatusQuery,
  useGetSetupChecklistQuery,
  useGetAuditLogQuery,
  useGetAuditFiltersQuery,
  useGetOutboxQuery,
  useGetOutboxMailQuery,
  useResendMailMutation,
} = adminSystemApi;

import type { AdminWaitlist, WaitlistEntries } from '@consult/shared';
import { answer, apiPath, http } from '../http';

/** Nobody waits by default: the screens read as before the waitlist existed. */
export const emptyAdminWaitlist: AdminWaitlist = {
  entries: [],
  counts: { active: 0, offers: 0, accepted: 0, declined: 0, lapsed: 0 },
};

export const waitlistHandlers = [
  http.get(apiPath('/waitlist'), () => answer<WaitlistEntries>({ entries: [] })),
  http.get(apiPath('/admin/waitlist'), () => answer<AdminWaitlist>(emptyAdminWaitlist)),
];

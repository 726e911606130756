import type { InboxPage, InboxSummary } from '@consult/shared';
import { makeMessage, page } from '../data';
import { answer, apiPath, http } from '../http';

export const messagesHandlers = [
  http.get(apiPath('/admin/messages/summary'), () => answer<InboxSummary>({ newMessages: 1 })),
  http.get(apiPath('/admin/messages'), () => answer<InboxPage>(page.messages([makeMessage()]))),
];

/** The contact inbox's fixed numbers and states, named once for the server, the screen and the tests. */
import { DAY_MS } from '../constants';

/** A message is new until the owner marks it handled (and new again when they take that back). */
export const MESSAGE_STATES = ['new', 'handled'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  new: 'New',
  handled: 'Handled',
};

export const INBOX_PAGE_SIZE = 20;
export const INBOX_SEARCH_MAX = 100;

/** One invitation per address in this window, whoever asks and however often (decision 020). */
export const INVITE_INTERVAL_MS = DAY_MS;

/** The subject a reply starts with; the mail program lets the owner change it. */
export const REPLY_SUBJECT = 'Re: your message';

/** A `mailto:` address that opens a reply to the sender with the subject filled in. */
export function replyMailto(email: string, subject: string = REPLY_SUBJECT): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

import type { OutboxState } from '@consult/shared';

/** How often a screen showing queued mail asks again: the outbox job runs every 2 s. */
export const QUEUED_REFRESH_MS = 3_000;

/** The polling interval of a screen showing `mails`: only while one of them is still queued. */
export function refreshWhileQueued(mails: readonly { state: OutboxState }[]): number {
  return mails.some((mail) => mail.state === 'queued') ? QUEUED_REFRESH_MS : 0;
}

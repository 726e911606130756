/**
 * The client record's limits: what the owner's page of one client shows at most, and how long a
 * private note may be. Bounded, so a long-standing client's page stays one quick request.
 */
export const CLIENT_NOTE_TEXT_MAX = 5000;
export const CLIENT_RECORD_BOOKINGS_LIMIT = 50;
export const CLIENT_RECORD_TASKS_LIMIT = 50;
export const CLIENT_RECORD_MESSAGES_LIMIT = 50;
export const CLIENT_RECORD_NOTES_LIMIT = 100;
export const CLIENT_RECORD_TIMELINE_LIMIT = 100;

/** What a timeline entry is about; its `targetId` is the id of that thing. */
export const TIMELINE_KINDS = ['booking', 'payment', 'task', 'message', 'note'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** Newest first; equal times keep a stable order by id. */
export function compareTimelineEntries(
  a: { at: string; id: string },
  b: { at: string; id: string },
): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

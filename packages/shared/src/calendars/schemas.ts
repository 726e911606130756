import { z } from 'zod';

/**
 * A calendar feed as its owner sees it. Only a digest of the address's token is stored, so `url`
 * is there only in the answer of the request that made it (creation or rotation): it is shown
 * once. Afterwards the feed reads as `active` with the time it was made, and `url` is null.
 */
export const calendarFeedViewSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  url: z.string().nullable(),
});
export type CalendarFeedView = z.infer<typeof calendarFeedViewSchema>;

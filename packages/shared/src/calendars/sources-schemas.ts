import { z } from 'zod';
import { isSingleLineText, TEXT_MESSAGES, withoutNul } from '../text';
import {
  CALENDAR_READ_ERROR_CODES,
  CALENDAR_SOURCE_LIMITS as L,
  CALENDAR_SOURCE_MESSAGES as M,
  CALENDAR_URL_SCHEMES,
  SLOT_UNAVAILABLE_REASONS,
} from './sources';

export const calendarLabelSchema = z
  .string({ error: M.labelRequired })
  .overwrite(withoutNul)
  .trim()
  .min(1, M.labelRequired)
  .max(L.labelMax, M.labelTooLong)
  .refine(isSingleLineText, TEXT_MESSAGES.singleLine);

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** A user name or password before the host: `https://user:secret@host/…`. */
const CREDENTIALS = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i;

/**
 * The form of a calendar address. Whether the server reads http, and which hosts it reaches, is
 * its own policy (CALENDAR_FETCH_ALLOW_PRIVATE), checked there with the messages above.
 */
export const calendarUrlSchema = z
  .string({ error: M.urlRequired })
  .overwrite(withoutNul)
  .trim()
  .min(1, M.urlRequired)
  .max(L.urlMax, M.urlTooLong)
  .pipe(z.url({ error: M.urlInvalid, abort: true }))
  .superRefine((value, ctx) => {
    const scheme = `${SCHEME.exec(value)?.[1]?.toLowerCase() ?? ''}:`;
    if (!(CALENDAR_URL_SCHEMES as readonly string[]).includes(scheme)) {
      ctx.addIssue({ code: 'custom', message: M.urlScheme });
    } else if (CREDENTIALS.test(value)) {
      ctx.addIssue({ code: 'custom', message: M.urlCredentials });
    }
  });

export const calendarSourceOptionsSchema = z.object({
  /** All-day events block the whole day(s) in the owner's zone. */
  blockAllDay: z.boolean().default(true),
  /** Also "free" (transparent) and cancelled events block. */
  blockEverything: z.boolean().default(false),
});
export type CalendarSourceOptions = z.infer<typeof calendarSourceOptionsSchema>;

/** POST /api/admin/calendars. */
export const calendarSourceInputSchema = z.object({
  label: calendarLabelSchema,
  url: calendarUrlSchema,
  options: calendarSourceOptionsSchema.default({ blockAllDay: true, blockEverything: false }),
});
export type CalendarSourceInput = z.input<typeof calendarSourceInputSchema>;

/** PATCH /api/admin/calendars/:id: only what is given changes. */
export const calendarSourceUpdateSchema = z.object({
  label: calendarLabelSchema.optional(),
  url: calendarUrlSchema.optional(),
  options: z
    .object({ blockAllDay: z.boolean().optional(), blockEverything: z.boolean().optional() })
    .optional(),
});
export type CalendarSourceUpdate = z.input<typeof calendarSourceUpdateSchema>;

/** Any text: an id that is not a UUID is simply not found (404). */
export const calendarSourceParamsSchema = z.object({ id: z.string().max(100) });

export const calendarReadErrorSchema = z.object({
  code: z.enum(CALENDAR_READ_ERROR_CODES),
  message: z.string(),
});
export type CalendarReadError = z.infer<typeof calendarReadErrorSchema>;

/** A calendar as the owner sees it in /admin/config. */
export const calendarSourceSchema = z.object({
  id: z.string(),
  label: z.string(),
  url: z.string(),
  options: z.object({ blockAllDay: z.boolean(), blockEverything: z.boolean() }),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** The last read's failure; null once a read succeeds. The last good copy still blocks. */
  lastError: calendarReadErrorSchema.nullable(),
  /** The first failure since the last success. */
  failingSince: z.string().nullable(),
  /** Events in the last good copy, and the busy ranges they made. */
  eventsRead: z.number().int().nullable(),
  busyRanges: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CalendarSource = z.infer<typeof calendarSourceSchema>;

export const calendarSourcesSchema = z.object({
  calendars: z.array(calendarSourceSchema),
  max: z.number().int(),
});
export type CalendarSources = z.infer<typeof calendarSourcesSchema>;

/** POST /api/admin/calendars/:id/refresh: what this read did. */
export const calendarRefreshSchema = z.object({
  calendar: calendarSourceSchema,
  result: z.object({
    /** `unchanged`: the server answered 304 or the same calendar; `failed`: see `error`. */
    status: z.enum(['updated', 'unchanged', 'failed']),
    eventsRead: z.number().int().nullable(),
    busyRanges: z.number().int(),
    error: calendarReadErrorSchema.nullable(),
  }),
});
export type CalendarRefresh = z.infer<typeof calendarRefreshSchema>;

/** A calendar failing for CALENDAR_FAILING_WARN_HOURS or more, on /admin/system. */
export const failingCalendarSchema = z.object({
  id: z.string(),
  label: z.string(),
  failingSince: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastError: calendarReadErrorSchema.nullable(),
});
export type FailingCalendar = z.infer<typeof failingCalendarSchema>;

/** One candidate start of the owner's slot preview, offered or with the reason it is not. */
export const slotCandidateSchema = z.object({
  start: z.string(),
  end: z.string(),
  offered: z.boolean(),
  /** Null when offered. Calendar reasons name the calendar and the event: the owner's only. */
  reason: z.object({ kind: z.enum(SLOT_UNAVAILABLE_REASONS), text: z.string() }).nullable(),
});
export type SlotCandidate = z.infer<typeof slotCandidateSchema>;

/** The waitlist's shapes (issue 25): joining, the entries, the offers of freed time. */
import { z } from 'zod';
import { isLocalDateString, timeOfDaySchema, timeToMinutes } from '../booking/fields';
import { createBookingSchema } from '../booking/booking';
import { serviceSlugSchema } from '../booking/service';
import { timeZoneSchema } from '../time-zone-schema';
import { WAITLIST_MESSAGES as M } from './messages';

/**
 * POST /api/waitlist: wait for a time of a service until `latestDate`, optionally only on some
 * days of the week (1 = Monday … 7 = Sunday) and inside a time-of-day window, all read in the
 * client's zone (`timeZone`, else their profile's).
 */
export const waitlistJoinSchema = z
  .object({
    service: serviceSlugSchema,
    latestDate: z
      .string({ error: M.latestDateInvalid })
      .refine(isLocalDateString, M.latestDateInvalid),
    weekdays: z
      .array(z.number().int().min(1).max(7), { error: M.weekdaysInvalid })
      .min(1, M.weekdaysInvalid)
      .max(7, M.weekdaysInvalid)
      .refine((days) => new Set(days).size === days.length, M.weekdaysInvalid)
      .optional(),
    fromTime: timeOfDaySchema.optional(),
    toTime: timeOfDaySchema.optional(),
    timeZone: timeZoneSchema.optional(),
  })
  .refine(
    (input) =>
      input.fromTime === undefined ||
      input.toTime === undefined ||
      timeToMinutes(input.toTime) > timeToMinutes(input.fromTime),
    { message: M.timeWindowReversed, path: ['toTime'] },
  );
export type WaitlistJoinInput = z.input<typeof waitlistJoinSchema>;

export const WAITLIST_ENTRY_STATES = ['active', 'booked', 'left', 'expired', 'removed'] as const;
export type WaitlistEntryState = (typeof WAITLIST_ENTRY_STATES)[number];
export const WAITLIST_OFFER_STATES = ['open', 'accepted', 'declined', 'lapsed'] as const;
export type WaitlistOfferState = (typeof WAITLIST_OFFER_STATES)[number];

/** A time offered to an entry: held for its client until `expiresAt`. */
export const waitlistOfferSchema = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  expiresAt: z.string(),
  state: z.enum(WAITLIST_OFFER_STATES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

export const waitlistEntrySchema = z.object({
  id: z.string(),
  service: z.string(),
  serviceTitle: z.string(),
  latestDate: z.string(),
  weekdays: z.array(z.number().int()).nullable(),
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
  timeZone: z.string(),
  state: z.enum(WAITLIST_ENTRY_STATES),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  /** The open offer, with the token of its page (`/waitlist/offers/<token>`), if one is open now. */
  openOffer: waitlistOfferSchema.extend({ token: z.string() }).nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** GET /api/waitlist: the client's active entries, then those ended in the last 30 days. */
export const waitlistEntriesSchema = z.object({ entries: z.array(waitlistEntrySchema) });
export type WaitlistEntries = z.infer<typeof waitlistEntriesSchema>;

/** GET /api/waitlist/offers/:token: what is offered, to whoever holds the link. */
export const waitlistOfferViewSchema = z.object({
  offer: z.object({
    service: z.string(),
    serviceTitle: z.string(),
    durationMinutes: z.number().int(),
    priceMinor: z.number().int(),
    currency: z.string(),
    start: z.string(),
    end: z.string(),
    expiresAt: z.string(),
  }),
});
export type WaitlistOfferView = z.infer<typeof waitlistOfferViewSchema>;

/** GET /api/admin/waitlist: every entry with its client and every offer made to it. */
export const adminWaitlistEntrySchema = waitlistEntrySchema.omit({ openOffer: true }).extend({
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  offers: z.array(waitlistOfferSchema),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;
export const adminWaitlistSchema = z.object({
  entries: z.array(adminWaitlistEntrySchema),
  counts: z.object({
    active: z.number().int(),
    offers: z.number().int(),
    accepted: z.number().int(),
    declined: z.number().int(),
    lapsed: z.number().int(),
  }),
});
export type AdminWaitlist = z.infer<typeof adminWaitlistSchema>;

/**
 * POST /api/waitlist/offers/:token/accept: what a booking of the time needs besides the time itself
 * (notes, the service's intake answers, whether to use a package credit). The body may be empty.
 */
export const waitlistAcceptSchema = createBookingSchema
  .pick({ notes: true, answers: true, useCredit: true })
  .partial();
export type WaitlistAcceptInput = z.input<typeof waitlistAcceptSchema>;

/**
 * The owner's side of bookings: the bookings list and detail, booking on a
 * client's behalf, the scheduling settings (rules, hours, overrides, meeting links) and a preview.
 */
import { z } from 'zod';
import { schedulingConfigSchema } from './availability';
import {
  bookingRecordSchema,
  bookingStateSchema,
  createBookingSchema,
  rescheduleBookingSchema,
} from './booking';
import { bookingPaymentSchema } from '../payments/schemas';
import { slotCandidateSchema } from '../calendars/sources-schemas';
import { withoutNul } from '../text';
import { localDateSchema } from './fields';
import { ADMIN_BOOKINGS_MAX_PAGE_SIZE, ADMIN_BOOKINGS_PAGE_SIZE } from './limits';
import { BOOKING_MESSAGES as M } from './messages';
import { consultationServiceSchema, serviceSlugSchema } from './service';

export const bookingClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  timeZone: z.string(),
});
export type BookingClient = z.infer<typeof bookingClientSchema>;

/**
 * What the owner may do with a booking at the time of the answer, decided by the server (as
 * `clientChange` is for the client). Marking attendance opens when the meeting starts.
 */
export const ownerActionsSchema = z.object({
  cancel: z.boolean(),
  reschedule: z.boolean(),
  complete: z.boolean(),
  noShow: z.boolean(),
  paid: z.boolean(),
});
export type OwnerActions = z.infer<typeof ownerActionsSchema>;

/** A booking in the owner's lists: the client's record plus who the client is and what may be done. */
export const adminBookingRecordSchema = bookingRecordSchema.extend({
  client: bookingClientSchema,
  ownerActions: ownerActionsSchema,
});
export type AdminBookingRecord = z.infer<typeof adminBookingRecordSchema>;

export const BOOKING_EVENT_ACTIONS = [
  'created',
  'confirmed',
  'rescheduled',
  'cancelled',
  'completed',
  'no_show',
  'paid',
  'expired',
  'reminder_sent',
] as const;
export type BookingEventAction = (typeof BOOKING_EVENT_ACTIONS)[number];

/** One line of a booking's history: what changed, who did it, when. */
export const bookingEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(BOOKING_EVENT_ACTIONS),
  fromState: bookingStateSchema.nullable(),
  toState: bookingStateSchema.nullable(),
  actorType: z.enum(['client', 'owner', 'system']),
  /** The acting user's name, null for the system or a deleted user. */
  actorName: z.string().nullable(),
  at: z.string(),
  /** e.g. { previousStart, start } for a reschedule, { reason } for a cancellation. */
  details: z.record(z.string(), z.unknown()),
});
export type BookingEvent = z.infer<typeof bookingEventSchema>;

export const adminBookingDetailSchema = adminBookingRecordSchema.extend({
  events: z.array(bookingEventSchema),
  /** The booking's payment record; null for a free booking. */
  payment: bookingPaymentSchema.nullable(),
});
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;

/**
 * GET /api/admin/bookings. `from`/`to` are calendar days in the owner's zone (both included) and
 * select by start; `q` searches the booking's reference, the client's name and e-mail and the
 * service title (case-insensitive).
 */
export const adminBookingsQuerySchema = z.object({
  state: bookingStateSchema.optional(),
  from: localDateSchema.optional(),
  to: localDateSchema.optional(),
  client: z.uuid({ error: M.clientUnknown }).optional(),
  q: z.string().overwrite(withoutNul).trim().max(100).optional(),
  page: z.coerce
    .number({ error: M.pageInvalid })
    .int(M.pageInvalid)
    .min(1, M.pageInvalid)
    .default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_BOOKINGS_MAX_PAGE_SIZE)
    .default(ADMIN_BOOKINGS_PAGE_SIZE),
  /** Soonest first for the upcoming timeline; latest first otherwise. */
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;

export const adminBookingsPageSchema = z.object({
  bookings: z.array(adminBookingRecordSchema),
  currentPage: z.number().int().min(1),
  totalPages: z.number().int().min(1),
  totalBookings: z.number().int().min(0),
});
export type AdminBookingsPage = z.infer<typeof adminBookingsPageSchema>;

/**
 * The owner books or moves a booking. `outsideHours` lets the owner use a time the weekly hours do
 * not offer (e.g. an evening favour); overlaps with other bookings are refused all the same.
 */
export const adminCreateBookingSchema = createBookingSchema.extend({
  clientId: z.uuid({ error: M.clientUnknown }),
  outsideHours: z.boolean().default(false),
});
export type AdminCreateBookingInput = z.input<typeof adminCreateBookingSchema>;

export const adminRescheduleBookingSchema = rescheduleBookingSchema.extend({
  outsideHours: z.boolean().default(false),
});
export type AdminRescheduleBookingInput = z.input<typeof adminRescheduleBookingSchema>;

/** How each confirmed booking gets its meeting link: one fixed URL, or a room per booking on a video base URL. */
export const meetingLinksSchema = z.discriminatedUnion('kind', [
  /** A room per booking: baseUrl + a random room name. */
  z.object({
    kind: z.literal('room'),
    baseUrl: z.url({ protocol: /^https$/, error: M.meetingUrlInvalid }),
  }),
  /** The same address for every meeting (e.g. a personal meeting room). */
  z.object({
    kind: z.literal('fixed'),
    url: z.url({ protocol: /^https$/, error: M.meetingUrlInvalid }),
  }),
]);
export type MeetingLinks = z.infer<typeof meetingLinksSchema>;

export const DEFAULT_MEETING_LINKS: MeetingLinks = {
  kind: 'room',
  baseUrl: 'https://meet.jit.si/',
};

/** GET/PUT /api/admin/scheduling: everything slots are computed from, plus meeting links. */
export const schedulingSettingsSchema = schedulingConfigSchema.extend({
  meetingLinks: meetingLinksSchema.default(DEFAULT_MEETING_LINKS),
});
export type SchedulingSettings = z.infer<typeof schedulingSettingsSchema>;
export type SchedulingSettingsInput = z.input<typeof schedulingSettingsSchema>;

/**
 * POST /api/admin/scheduling/preview: the slots a draft of the settings would offer for one service
 * on one day in the owner's zone, ignoring notice and horizon so any day can be checked.
 */
export const slotPreviewRequestSchema = z.object({
  settings: schedulingSettingsSchema,
  service: serviceSlugSchema,
  date: localDateSchema,
});
export type SlotPreviewRequest = z.input<typeof slotPreviewRequestSchema>;
/**
 * GET /api/admin/owner-time-zone: the owner's zone (the scheduling rules' `timeZone`), the clock of
 * every admin screen, read once by the admin area instead of the whole scheduling settings.
 */
export const ownerTimeZoneSchema = z.object({ timeZone: z.string() });
export type OwnerTimeZone = z.infer<typeof ownerTimeZoneSchema>;

export const slotPreviewSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  slots: z.array(z.string()),
  /** Every start within the day's hours, each offered or with why not (the owner's eyes only). */
  candidates: z.array(slotCandidateSchema),
});
export type SlotPreview = z.infer<typeof slotPreviewSchema>;

/** GET /api/services (active only, in order) and GET /api/admin/services (all). */
export const servicesListSchema = z.object({ services: z.array(consultationServiceSchema) });
export type ServicesList = z.infer<typeof servicesListSchema>;

/**
 * The client record of GET /api/admin/users/:id and the owner's private notes. The note form of
 * the client's page validates with the same schema as the server.
 */
import { z } from 'zod';
import { userSchema } from '../auth/schemas';
import { BOOKING_STATES } from '../booking/booking';
import { intakeAnswerSchema } from '../booking/intake';
import { CONTACT_REQUEST_TYPES } from '../contact/limits';
import { PAYMENT_STATUSES } from '../payments/rules';
import { taskRecordSchema } from '../tasks/schemas';
import { isVisibleText, TEXT_MESSAGES, withoutNul } from '../text';
import { CLIENT_NOTE_MESSAGES as M } from './messages';
import { CLIENT_NOTE_TEXT_MAX, TIMELINE_KINDS } from './rules';

/** Plain text with line breaks. */
export const clientNoteTextSchema = z
  .string({ error: M.textRequired })
  .overwrite(withoutNul)
  .trim()
  .min(1, M.textRequired)
  .max(CLIENT_NOTE_TEXT_MAX, M.textTooLong)
  .refine(isVisibleText, TEXT_MESSAGES.hiddenCharacters);

/** POST /api/admin/users/:id/notes and PATCH …/notes/:noteId. */
export const clientNoteInputSchema = z.object({ text: clientNoteTextSchema });
export type ClientNoteInput = z.input<typeof clientNoteInputSchema>;

/** Any text: ids that are not UUIDs are simply not found (404). */
export const clientNoteParamsSchema = z.object({
  id: z.string().max(100),
  noteId: z.string().max(100),
});

export const clientNoteSchema = z.object({
  _id: z.string(),
  id: z.string(),
  text: z.string(),
  /** The admin who wrote it; null once their account is gone. */
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClientNote = z.infer<typeof clientNoteSchema>;

export const clientRecordBookingSchema = z.object({
  id: z.string(),
  /** The booking's short reference (B7K3QX). */
  reference: z.string(),
  serviceTitle: z.string(),
  /** UTC, ISO 8601. */
  start: z.string(),
  end: z.string(),
  state: z.enum(BOOKING_STATES),
  priceMinor: z.number().int(),
  currency: z.string(),
  /** The booking's payment, if it has one. */
  payment: z.object({ id: z.string(), status: z.enum(PAYMENT_STATUSES) }).nullable(),
  /** The intake answers as given when booking, with each question's label then. */
  answers: z.array(intakeAnswerSchema),
  createdAt: z.string(),
});
export type ClientRecordBooking = z.infer<typeof clientRecordBookingSchema>;

/** A contact message sent from the client's address (whatever its case). */
export const clientRecordMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CONTACT_REQUEST_TYPES),
  message: z.string(),
  handled: z.boolean(),
  receivedAt: z.string(),
});
export type ClientRecordMessage = z.infer<typeof clientRecordMessageSchema>;

export const timelineEntrySchema = z.object({
  /** Unique within the timeline, e.g. "booking-event:12" or "payment-paid:<uuid>". */
  id: z.string(),
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  title: z.string(),
  summary: z.string().nullable(),
  /** The booking, payment, task, message or note the entry is about. */
  targetId: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** GET /api/admin/users/:id: the account and everything the owner holds about the client. */
export const clientRecordSchema = userSchema.extend({
  bookings: z.array(clientRecordBookingSchema),
  tasks: z.array(taskRecordSchema),
  messages: z.array(clientRecordMessageSchema),
  notes: z.array(clientNoteSchema),
  timeline: z.array(timelineEntrySchema),
});
export type ClientRecord = z.infer<typeof clientRecordSchema>;

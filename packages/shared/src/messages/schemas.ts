/** The contact inbox's API shapes: the owner's list, one message, its state and the invitation. */
import { z } from 'zod';
import { CONTACT_REQUEST_TYPES } from '../contact/limits';
import { problemSchema } from '../problem-schema';
import { withoutNul } from '../text';
import { INBOX_MESSAGES as M } from './messages';
import { INBOX_SEARCH_MAX, MESSAGE_STATES } from './rules';

export const messageStateSchema = z.enum(MESSAGE_STATES, { error: M.stateInvalid });

/**
 * GET /api/admin/messages. `q` searches the sender's name, e-mail and phone and the text; newest
 * first.
 */
export const inboxQuerySchema = z.object({
  type: z.enum(CONTACT_REQUEST_TYPES, { error: M.typeInvalid }).optional(),
  state: messageStateSchema.optional(),
  q: z.string().overwrite(withoutNul).trim().max(INBOX_SEARCH_MAX, M.searchTooLong).optional(),
  page: z.coerce
    .number({ error: M.pageInvalid })
    .int(M.pageInvalid)
    .min(1, M.pageInvalid)
    .default(1),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;
export type InboxQueryInput = z.input<typeof inboxQuerySchema>;

/** A contact message as the owner sees it; `client` is the account with the same address, if any. */
export const inboxMessageSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  type: z.enum(CONTACT_REQUEST_TYPES),
  message: z.string(),
  state: messageStateSchema,
  receivedAt: z.string(),
  handledAt: z.string().nullable(),
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxPageSchema = z.object({
  messages: z.array(inboxMessageSchema),
  currentPage: z.number().int().min(1),
  totalPages: z.number().int().min(1),
  totalMessages: z.number().int().min(0),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** PATCH /api/admin/messages/:id. */
export const messageStatePatchSchema = z.object({ state: messageStateSchema });
export type MessageStatePatch = z.infer<typeof messageStatePatchSchema>;

/** GET /api/admin/messages/summary: what the admin navigation's badge shows. */
export const inboxSummarySchema = z.object({ newMessages: z.number().int().min(0) });
export type InboxSummary = z.infer<typeof inboxSummarySchema>;

/** POST /api/admin/messages/:id/invite: where the invitation went. */
export const messageInviteSchema = z.object({ sentTo: z.string() });
export type MessageInvite = z.infer<typeof messageInviteSchema>;

/** The 409 of an invitation to an address that has an account: `clientId` names the account. */
export const accountExistsProblemSchema = problemSchema.extend({
  clientId: z.string().optional(),
});
export type AccountExistsProblem = z.infer<typeof accountExistsProblemSchema>;

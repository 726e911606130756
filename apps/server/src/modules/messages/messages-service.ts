/** The owner's contact inbox: pages of messages, marking them handled or new, inviting a sender. */
import {
  ACCOUNT_EXISTS_PROBLEM_TYPE,
  INBOX_MESSAGES,
  INBOX_PAGE_SIZE,
  INVITE_INTERVAL_MS,
  HOUR_MS,
  type InboxMessage,
  type InboxPage,
  type InboxQuery,
  type InboxSummary,
  type MessageInvite,
  type MessageState,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { insertAuditEntry, auditChange } from '../audit';
import { pageWindow } from '../../db/page-window';
import { findUserByEmail, type UserRow } from '../users';
import { inviteMail } from './invite-mail';
import {
  countInboxMessages,
  countNewMessages,
  findInboxMessage,
  INVITE_AUDIT_ACTION,
  lastInviteSince,
  listInboxMessages,
  lockContactMessage,
  lockInviteAddress,
  setMessageHandledAt,
  type InboxRow,
} from './messages-repository';

function notFound(): HttpProblem {
  return new HttpProblem(404, INBOX_MESSAGES.notFound);
}

function toRecord({ message, client }: InboxRow): InboxMessage {
  return {
    _id: message.id,
    id: message.id,
    name: message.name,
    email: message.email,
    phone: message.phone,
    type: message.type,
    message: message.message,
    state: message.handledAt ? 'handled' : 'new',
    receivedAt: message.createdAt.toISOString(),
    handledAt: message.handledAt?.toISOString() ?? null,
    client,
  };
}

export async function listInboxPage(
  deps: Pick<AppDeps, 'db'>,
  query: InboxQuery,
): Promise<InboxPage> {
  const filter = { type: query.type, state: query.state, search: query.q || undefined };
  const total = await countInboxMessages(deps.db, filter);
  const window = pageWindow(total, query.page, INBOX_PAGE_SIZE);
  const rows = await listInboxMessages(deps.db, filter, window);
  return {
    messages: rows.map(toRecord),
    currentPage: window.currentPage,
    totalPages: window.totalPages,
    totalMessages: total,
  };
}

export async function viewInboxMessage(
  deps: Pick<AppDeps, 'db'>,
  id: string,
): Promise<InboxMessage> {
  const row = isUuid(id) ? await findInboxMessage(deps.db, id) : undefined;
  if (!row) throw notFound();
  return toRecord(row);
}

export async function inboxSummary(deps: Pick<AppDeps, 'db'>): Promise<InboxSummary> {
  return { newMessages: await countNewMessages(deps.db) };
}

/**
 * Marks a message handled (keeping when it first was) or new again. A change is written to the
 * audit log in its transaction; asking for the state it already has changes and records nothing.
 */
export async function setMessageState(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  owner: UserRow,
  id: string,
  state: MessageState,
): Promise<InboxMessage> {
  if (!isUuid(id)) throw notFound();
  await deps.db.transaction(async (tx) => {
    const message = await lockContactMessage(tx, id);
    if (!message) throw notFound();
    const from: MessageState = message.handledAt ? 'handled' : 'new';
    if (from === state) return;
    await setMessageHandledAt(tx, id, state === 'handled' ? deps.clock() : null);
    await insertAuditEntry(tx, {
      actorId: owner.id,
      action: 'message.state',
      target: id,
      details: { ...auditChange({ state: from }, { state }) },
    });
  });
  return viewInboxMessage(deps, id);
}

/**
 * Sends the sender of a message an invitation to sign up with their address filled in. An address
 * that has an account is not invited: 409 naming the client. One invitation per address a day
 * (decision 020): the invitations are read back from the audit log, under a lock per address.
 */
export async function inviteSender(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>,
  owner: UserRow,
  id: string,
): Promise<MessageInvite> {
  const row = isUuid(id) ? await findInboxMessage(deps.db, id) : undefined;
  if (!row) throw notFound();
  const { message } = row;
  const email = message.email.toLowerCase();
  return deps.db.transaction(async (tx) => {
    await lockInviteAddress(tx, email);
    const client = await findUserByEmail(tx, email);
    if (client) {
      throw new HttpProblem(409, INBOX_MESSAGES.accountExists, {
        type: ACCOUNT_EXISTS_PROBLEM_TYPE,
        members: { clientId: client.id },
      });
    }
    const now = deps.clock();
    const last = await lastInviteSince(tx, email, new Date(now.getTime() - INVITE_INTERVAL_MS));
    if (last) {
      const waitMs = last.getTime() + INVITE_INTERVAL_MS - now.getTime();
      const hours = Math.max(1, Math.ceil(waitMs / HOUR_MS));
      throw new HttpProblem(429, INBOX_MESSAGES.inviteAlreadySent(hours), {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
      });
    }
    await deps.mailer.queueMail(
      inviteMail({ appUrl: deps.config.APP_URL, to: message.email, name: message.name }),
      tx,
    );
    await insertAuditEntry(tx, {
      actorId: owner.id,
      action: INVITE_AUDIT_ACTION,
      target: id,
      details: { email },
    });
    return { sentTo: message.email };
  });
}

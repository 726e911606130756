/**
 * The owner's record of one client: the account, their bookings, tasks, contact messages, the
 * owner's private notes and a timeline of it all; and the notes' changes, audited without their
 * text (the audit log is shown to admins and the notes are private working notes).
 */
import {
  CLIENT_NOTE_MESSAGES,
  CLIENT_RECORD_BOOKINGS_LIMIT,
  CLIENT_RECORD_MESSAGES_LIMIT,
  CLIENT_RECORD_NOTES_LIMIT,
  CLIENT_RECORD_TASKS_LIMIT,
  CLIENT_RECORD_TIMELINE_LIMIT,
  isErasedAddress,
  PRIVACY_MESSAGES,
  type ClientNote,
  type ClientRecord,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { insertAuditEntry } from '../audit';
import { listClientTasks, toTaskRecord } from '../tasks';
import {
  deleteClientNote,
  findClientNote,
  insertClientNote,
  listClientNotes,
  updateClientNote,
  type ClientNoteRow,
  type JoinedClientNote,
} from './client-notes-repository';
import {
  listRecordBookingEvents,
  listRecordBookings,
  listRecordMessages,
  listRecordPayments,
  listRecordRefunds,
  listRecordTaskMoments,
} from './client-record-repository';
import { buildTimeline } from './client-timeline';
import { getUser } from './user-admin-service';
import type { UserRow } from '../users';

export type ClientRecordDeps = Pick<AppDeps, 'db' | 'clock'>;

function toNote(row: JoinedClientNote): ClientNote {
  const { note } = row;
  return {
    _id: note.id,
    id: note.id,
    text: note.text,
    author: row.author,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}

/** Ten queries whatever the client: the account (two), then eight bounded ones for its parts. */
export async function getClientRecord(deps: ClientRecordDeps, id: string): Promise<ClientRecord> {
  const { db } = deps;
  const user = await getUser(db, id);
  const limit = CLIENT_RECORD_TIMELINE_LIMIT;
  const [bookingRows, taskRows, messageRows, noteRows, events, payments, refunds, taskMoments] =
    await Promise.all([
      listRecordBookings(db, user.id, CLIENT_RECORD_BOOKINGS_LIMIT),
      listClientTasks(db, user.id, CLIENT_RECORD_TASKS_LIMIT),
      listRecordMessages(db, user.email, Math.max(limit, CLIENT_RECORD_MESSAGES_LIMIT)),
      listClientNotes(db, user.id, Math.max(limit, CLIENT_RECORD_NOTES_LIMIT)),
      listRecordBookingEvents(db, user.id, limit),
      listRecordPayments(db, user.id, limit),
      listRecordRefunds(db, user.id, limit),
      listRecordTaskMoments(db, user.id, limit),
    ]);
  const now = deps.clock();
  return {
    ...user,
    bookings: bookingRows.map(({ booking, payment }) => ({
      id: booking.id,
      reference: booking.reference,
      serviceTitle: booking.serviceTitle,
      start: booking.startAt.toISOString(),
      end: booking.endAt.toISOString(),
      state: booking.state,
      priceMinor: booking.priceMinor,
      currency: booking.currency,
      payment,
      answers: booking.answers,
      createdAt: booking.createdAt.toISOString(),
    })),
    tasks: taskRows.map((row) => toTaskRecord(row, now)),
    messages: messageRows.slice(0, CLIENT_RECORD_MESSAGES_LIMIT).map((message) => ({
      id: message.id,
      name: message.name,
      type: message.type,
      message: message.message,
      handled: message.handledAt !== null,
      receivedAt: message.createdAt.toISOString(),
    })),
    notes: noteRows.slice(0, CLIENT_RECORD_NOTES_LIMIT).map(toNote),
    timeline: buildTimeline(
      {
        bookingEvents: events,
        payments,
        refunds,
        tasks: taskMoments,
        messages: messageRows,
        notes: noteRows.map((row) => row.note),
      },
      limit,
    ),
  };
}

function noteNotFound(): HttpProblem {
  return new HttpProblem(404, CLIENT_NOTE_MESSAGES.notFound);
}

/** The note's ids for the audit log: never its text. */
function auditNote(tx: Tx, actor: UserRow, action: string, note: ClientNoteRow) {
  return insertAuditEntry(tx, {
    actorId: actor.id,
    action,
    target: note.clientId,
    details: { noteId: note.id },
  });
}

export async function addClientNote(
  deps: ClientRecordDeps,
  actor: UserRow,
  clientId: string,
  text: string,
): Promise<ClientNote> {
  const client = await getUser(deps.db, clientId);
  if (isErasedAddress(client.email)) throw new HttpProblem(409, PRIVACY_MESSAGES.accountErased);
  const id = await deps.db.transaction(async (tx) => {
    const note = await insertClientNote(tx, { clientId: client.id, authorId: actor.id, text });
    await auditNote(tx, actor, 'client_note.create', note);
    return note.id;
  });
  return toNote((await findClientNote(deps.db, client.id, id))!);
}

export async function changeClientNote(
  deps: ClientRecordDeps,
  actor: UserRow,
  clientId: string,
  noteId: string,
  text: string,
): Promise<ClientNote> {
  if (!isUuid(clientId) || !isUuid(noteId)) throw noteNotFound();
  await deps.db.transaction(async (tx) => {
    const note = await updateClientNote(tx, clientId, noteId, { text, updatedAt: deps.clock() });
    if (!note) throw noteNotFound();
    await auditNote(tx, actor, 'client_note.update', note);
  });
  return toNote((await findClientNote(deps.db, clientId, noteId))!);
}

export async function removeClientNote(
  deps: ClientRecordDeps,
  actor: UserRow,
  clientId: string,
  noteId: string,
): Promise<void> {
  if (!isUuid(clientId) || !isUuid(noteId)) throw noteNotFound();
  await deps.db.transaction(async (tx) => {
    const note = await deleteClientNote(tx, clientId, noteId);
    if (!note) throw noteNotFound();
    await auditNote(tx, actor, 'client_note.delete', note);
  });
}

/** The queries of the owner's private notes about a client. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clientNotes, users } from '../users';

export type ClientNoteRow = typeof clientNotes.$inferSelect;
export interface JoinedClientNote {
  note: ClientNoteRow;
  author: { id: string; name: string } | null;
}

function joined(db: Db) {
  return db
    .select({ note: clientNotes, author: { id: users.id, name: users.name } })
    .from(clientNotes)
    .leftJoin(users, eq(users.id, clientNotes.authorId));
}

/** A client's notes, newest first, at most `limit`. */
export async function listClientNotes(
  db: Db,
  clientId: string,
  limit: number,
): Promise<JoinedClientNote[]> {
  return joined(db)
    .where(eq(clientNotes.clientId, clientId))
    .orderBy(desc(clientNotes.createdAt), desc(clientNotes.id))
    .limit(limit);
}

/** One note of one client; another client's note is not found. */
export async function findClientNote(
  db: Db,
  clientId: string,
  noteId: string,
): Promise<JoinedClientNote | undefined> {
  const [row] = await joined(db).where(
    and(eq(clientNotes.clientId, clientId), eq(clientNotes.id, noteId)),
  );
  return row;
}

export async function insertClientNote(
  tx: Tx,
  values: { clientId: string; authorId: string; text: string },
): Promise<ClientNoteRow> {
  const [row] = await tx.insert(clientNotes).values(values).returning();
  return row!;
}

export async function updateClientNote(
  tx: Tx,
  clientId: string,
  noteId: string,
  values: { text: string; updatedAt: Date },
): Promise<ClientNoteRow | undefined> {
  const [row] = await tx
    .update(clientNotes)
    .set(values)
    .where(and(eq(clientNotes.clientId, clientId), eq(clientNotes.id, noteId)))
    .returning();
  return row;
}

export async function deleteClientNote(
  tx: Tx,
  clientId: string,
  noteId: string,
): Promise<ClientNoteRow | undefined> {
  const [row] = await tx
    .delete(clientNotes)
    .where(and(eq(clientNotes.clientId, clientId), eq(clientNotes.id, noteId)))
    .returning();
  return row;
}

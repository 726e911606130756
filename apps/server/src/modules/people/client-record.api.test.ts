import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  CLIENT_NOTE_MESSAGES,
  CLIENT_RECORD_BOOKINGS_LIMIT,
  CLIENT_RECORD_TIMELINE_LIMIT,
  clientNoteSchema,
  clientRecordSchema,
  TEXT_MESSAGES,
} from '@consult/shared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInUser, TEST_PASSWORD, type SignedIn } from '../../test/accounts';
import { insertTestBooking, insertTestService } from '../../test/bookings';
import { auditLog } from '../audit/schema';
import { bookingEvents } from '../bookings/schema';
import { paymentRefunds, payments } from '../payments/schema';
import { insertContactMessage } from '../site/contact-repository';
import { tasks } from '../tasks/schema';
import { clientNotes } from '../users/schema';

const HOUR_MS = 3_600_000;

describe('the client record and the owner’s private notes', () => {
  let t: TestApp;
  let owner: SignedIn & { user: { id: string } };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t.app, { role: 'admin', name: 'The Owner' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    as?: { headers: object },
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: (as?.headers ?? {}) as Record<string, string>,
      ...(payload ? { payload } : {}),
    });

  const addNote = (clientId: string, text: string) =>
    call('POST', `/api/admin/users/${clientId}/notes`, owner, { text });

  // Bookings of all clients share the owner's time: each history gets a slot of its own.
  let slot = 0;

  /** A client with a paid and refunded booking, a done task and a contact message. */
  async function clientWithHistory() {
    const client = await signedInUser(t.app, { name: 'Record Client' });
    const now = Date.now();
    const service = await insertTestService(t.app.deps.db, { priceMinor: 8000, currency: 'EUR' });
    const booking = await insertTestBooking(t.app.deps.db, {
      service,
      clientId: client.user.id,
      startAt: new Date(now + (48 + 3 * slot++) * HOUR_MS),
      createdAt: new Date(now - 5 * HOUR_MS),
    });
    await t.app.deps.db.insert(bookingEvents).values([
      {
        bookingId: booking.id,
        action: 'created',
        toState: 'pending_payment',
        actorType: 'client',
        createdAt: new Date(now - 5 * HOUR_MS),
      },
      {
        bookingId: booking.id,
        action: 'paid',
        fromState: 'pending_payment',
        toState: 'confirmed',
        actorType: 'owner',
        createdAt: new Date(now - 4 * HOUR_MS),
      },
    ]);
    const [payment] = await t.app.deps.db
      .insert(payments)
      .values({
        bookingId: booking.id,
        clientId: client.user.id,
        amountMinor: 8000,
        currency: 'EUR',
        provider: 'manual',
        status: 'partially_refunded',
        refundedMinor: 2000,
        receiptNumber: `R-${booking.id.slice(0, 8)}`,
        paidAt: new Date(now - 4 * HOUR_MS + 60_000),
        createdAt: new Date(now - 5 * HOUR_MS + 60_000),
      })
      .returning();
    await t.app.deps.db.insert(paymentRefunds).values({
      paymentId: payment!.id,
      amountMinor: 2000,
      status: 'succeeded',
      createdAt: new Date(now - 3 * HOUR_MS),
    });
    const [task] = await t.app.deps.db
      .insert(tasks)
      .values({
        clientId: client.user.id,
        bookingId: booking.id,
        title: 'Send the statements',
        status: 'done',
        completedAt: new Date(now - 1 * HOUR_MS),
        completedBy: client.user.id,
        createdAt: new Date(now - 2 * HOUR_MS),
      })
      .returning();
    const messageId = await insertContactMessage(t.app.deps.db, {
      name: client.user.name,
      email: client.user.email.toUpperCase(),
      phone: '+923001234567',
      type: 'Support',
      message: 'Can we move my session?\nThanks',
    });
    return { client, booking, payment: payment!, task: task!, messageId };
  }

  it('shows the account with its bookings, tasks, messages, notes and a timeline, newest first', async () => {
    const { client, booking, payment, task, messageId } = await clientWithHistory();
    const other = await clientWithHistory();
    const noteRes = await addNote(client.user.id, 'Prefers mornings.\nAsk about the move.');
    expect(noteRes.statusCode, noteRes.body).toBe(201);

    const res = await call('GET', `/api/admin/users/${client.user.id}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const record = clientRecordSchema.parse(res.json());
    // Every field the account had before stays.
    expect(record).toMatchObject({ id: client.user.id, _id: client.user.id, role: 'user' });
    expect(record.email).toBe(client.user.email);
    expect(record.bookings).toEqual([
      expect.objectContaining({
        id: booking.id,
        serviceTitle: 'Strategy session',
        state: 'confirmed',
        priceMinor: 8000,
        currency: 'EUR',
        payment: { id: payment.id, status: 'partially_refunded' },
        answers: [],
      }),
    ]);
    expect(record.tasks.map((x) => x.id)).toEqual([task.id]);
    expect(record.messages).toEqual([
      expect.objectContaining({ id: messageId, type: 'Support', handled: false }),
    ]);
    expect(record.notes.map((n) => n.text)).toEqual(['Prefers mornings.\nAsk about the move.']);
    expect(record.notes[0]!.author).toEqual({ id: owner.user.id, name: 'The Owner' });

    expect(record.timeline.map((e) => [e.kind, e.title, e.targetId])).toEqual([
      ['note', 'Private note added', record.notes[0]!.id],
      ['message', 'Support message received', messageId],
      ['task', 'Task done: Send the statements', task.id],
      ['task', 'Task assigned: Send the statements', task.id],
      ['payment', 'Refund of €20.00', payment.id],
      ['payment', 'Payment of €80.00 received', payment.id],
      ['booking', 'Marked paid: Strategy session', booking.id],
      ['payment', 'Payment of €80.00 opened', payment.id],
      ['booking', 'Booked: Strategy session', booking.id],
    ]);
    const paid = record.timeline.find((e) => e.title.startsWith('Marked paid'));
    expect(paid!.summary).toBe('Awaiting payment → Confirmed, by you');
    expect(record.timeline.find((e) => e.kind === 'message')!.summary).toBe(
      'Can we move my session?',
    );
    expect(res.body).not.toContain(other.booking.id);
    expect(res.body).not.toContain(other.messageId);
  });

  it('bounds the bookings and the timeline', async () => {
    const client = await signedInUser(t.app);
    const service = await insertTestService(t.app.deps.db, { durationMinutes: 30 });
    const total = CLIENT_RECORD_BOOKINGS_LIMIT + 5;
    const start = Date.now() + 30 * 24 * HOUR_MS;
    for (let i = 0; i < total; i += 1) {
      const booking = await insertTestBooking(t.app.deps.db, {
        service,
        clientId: client.user.id,
        startAt: new Date(start + i * HOUR_MS),
      });
      await t.app.deps.db.insert(bookingEvents).values({
        bookingId: booking.id,
        action: 'created',
        toState: 'confirmed',
        actorType: 'client',
        createdAt: new Date(Date.now() - (total - i) * 60_000),
      });
    }
    for (let i = 0; i < 60; i += 1) {
      await t.app.deps.db.insert(clientNotes).values({
        clientId: client.user.id,
        authorId: owner.user.id,
        text: `Note ${i}`,
        createdAt: new Date(Date.now() - (200 + i) * 60_000),
      });
    }
    const record = clientRecordSchema.parse(
      (await call('GET', `/api/admin/users/${client.user.id}`, owner)).json(),
    );
    expect(record.bookings).toHaveLength(CLIENT_RECORD_BOOKINGS_LIMIT);
    // Newest start first.
    const starts = record.bookings.map((b) => b.start);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(record.notes).toHaveLength(60);
    expect(record.timeline).toHaveLength(CLIENT_RECORD_TIMELINE_LIMIT);
    const times = record.timeline.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    // The 55 booking events are newer than every note: all of them are in, then the newest notes.
    expect(record.timeline.filter((e) => e.kind === 'booking')).toHaveLength(total);
    expect(record.timeline.at(-1)!.summary).toBe(
      `Note ${CLIENT_RECORD_TIMELINE_LIMIT - total - 1}`,
    );
  });

  it('reads the record in the same number of queries for a new client and a busy one', async () => {
    // Every Drizzle query is prepared on the session; count them during one request.
    const session = (
      t.app.deps.db as unknown as { session: { prepareQuery: (...a: unknown[]) => unknown } }
    ).session;
    const queriesFor = async (clientId: string) => {
      const original = session.prepareQuery;
      let queries = 0;
      session.prepareQuery = function (this: unknown, ...args: unknown[]) {
        queries += 1;
        return original.apply(this, args);
      };
      try {
        const res = await call('GET', `/api/admin/users/${clientId}`, owner);
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        session.prepareQuery = original;
      }
      return queries;
    };
    const quiet = await signedInUser(t.app);
    const busy = await clientWithHistory();
    for (let i = 0; i < 5; i += 1) await addNote(busy.client.user.id, `Note ${i}`);
    const forQuiet = await queriesFor(quiet.user.id);
    expect(forQuiet).toBeGreaterThanOrEqual(10);
    expect(await queriesFor(busy.client.user.id)).toBe(forQuiet);
  });

  it('adds, edits and deletes a note, audited without its text', async () => {
    const client = await signedInUser(t.app);
    const created = await addNote(client.user.id, '  Private: going through a divorce.  ');
    expect(created.statusCode, created.body).toBe(201);
    const note = clientNoteSchema.parse(created.json());
    expect(note.text).toBe('Private: going through a divorce.');

    const edited = await call(
      'PATCH',
      `/api/admin/users/${client.user.id}/notes/${note.id}`,
      owner,
      { text: 'Private: divorce settled.' },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: note.id, text: 'Private: divorce settled.' });

    const removed = await call(
      'DELETE',
      `/api/admin/users/${client.user.id}/notes/${note.id}`,
      owner,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    expect(
      await t.app.deps.db.select().from(clientNotes).where(eq(clientNotes.id, note.id)),
    ).toEqual([]);
    const again = await call(
      'DELETE',
      `/api/admin/users/${client.user.id}/notes/${note.id}`,
      owner,
    );
    expect(again.statusCode).toBe(404);

    const entries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, client.user.id));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'client_note.create',
      'client_note.delete',
      'client_note.update',
    ]);
    for (const entry of entries) {
      expect(entry.actorId).toBe(owner.user.id);
      expect(entry.details).toEqual({ noteId: note.id });
      expect(JSON.stringify(entry)).not.toContain('divorce');
    }
  });

  it('refuses an empty, too long or invisible-character note with the shared messages', async () => {
    const client = await signedInUser(t.app);
    const cases: [unknown, string][] = [
      ['   ', CLIENT_NOTE_MESSAGES.textRequired],
      [undefined, CLIENT_NOTE_MESSAGES.textRequired],
      ['x'.repeat(5001), CLIENT_NOTE_MESSAGES.textTooLong],
      ['Bob \u202Egnp.exe', TEXT_MESSAGES.hiddenCharacters],
    ];
    for (const [text, message] of cases) {
      const res = await call('POST', `/api/admin/users/${client.user.id}/notes`, owner, { text });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.text).toContain(message);
    }
    expect((await addNote(client.user.id, 'x'.repeat(5000))).statusCode).toBe(201);
  });

  it('answers 404 for another client’s note, an unknown note and an unknown client', async () => {
    const alice = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const note = clientNoteSchema.parse((await addNote(alice.user.id, 'About Alice')).json());
    const unknown = '00000000-0000-4000-8000-000000000000';
    const attempts = [
      call('PATCH', `/api/admin/users/${bob.user.id}/notes/${note.id}`, owner, { text: 'x' }),
      call('DELETE', `/api/admin/users/${bob.user.id}/notes/${note.id}`, owner),
      call('PATCH', `/api/admin/users/${alice.user.id}/notes/${unknown}`, owner, { text: 'x' }),
      call('DELETE', `/api/admin/users/${alice.user.id}/notes/not-an-id`, owner),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().detail).toBe(CLIENT_NOTE_MESSAGES.notFound);
    }
    const noClient = await addNote(unknown, 'x');
    expect(noClient.statusCode).toBe(404);
    expect(noClient.json().detail).toBe(AUTH_MESSAGES.userNotFound);
    const [row] = await t.app.deps.db.select().from(clientNotes).where(eq(clientNotes.id, note.id));
    expect(row!.text).toBe('About Alice');
  });

  it('answers 401 without a token and 403 to a client on every notes route', async () => {
    const client = await signedInUser(t.app);
    const note = clientNoteSchema.parse((await addNote(client.user.id, 'Secret')).json());
    const routes: ['POST' | 'PATCH' | 'DELETE', string][] = [
      ['POST', `/api/admin/users/${client.user.id}/notes`],
      ['PATCH', `/api/admin/users/${client.user.id}/notes/${note.id}`],
      ['DELETE', `/api/admin/users/${client.user.id}/notes/${note.id}`],
    ];
    for (const [method, url] of routes) {
      const payload = method === 'DELETE' ? undefined : { text: 'Changed' };
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      const res = await call(method, url, client, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().detail).toBe(AUTH_MESSAGES.adminsOnly);
    }
    const own = await call('GET', `/api/admin/users/${client.user.id}`, client);
    expect(own.statusCode).toBe(403);
    const [row] = await t.app.deps.db.select().from(clientNotes).where(eq(clientNotes.id, note.id));
    expect(row!.text).toBe('Secret');
  });

  it('never shows the notes to the client: not in their export nor in any of their responses', async () => {
    const { client, booking, payment } = await clientWithHistory();
    const secret = 'OWNER-ONLY-7f3a: seems anxious about money';
    expect((await addNote(client.user.id, secret)).statusCode).toBe(201);

    const urls = [
      '/api/user',
      '/api/user/export',
      '/api/bookings/upcoming',
      '/api/bookings/past',
      `/api/bookings/${booking.id}`,
      '/api/payments',
      `/api/payments/${payment.id}`,
      '/api/tasks',
    ];
    for (const url of urls) {
      const res = await call('GET', url, client);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.body, url).not.toContain('OWNER-ONLY-7f3a');
      expect(res.body, url).not.toContain('anxious');
    }
    const exported = (await call('GET', '/api/user/export', client)).json();
    expect(Object.keys(exported)).not.toContain('notes');
  });

  it('erases the owner’s notes about a client who deletes their account', async () => {
    const client = await signedInUser(t.app);
    expect((await addNote(client.user.id, 'Will be erased')).statusCode).toBe(201);
    const res = await call('DELETE', '/api/user', client, { password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(204);
    const rows = await t.app.deps.db
      .select()
      .from(clientNotes)
      .where(eq(clientNotes.clientId, client.user.id));
    expect(rows).toEqual([]);
  });
});

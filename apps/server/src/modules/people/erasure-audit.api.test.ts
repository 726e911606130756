import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { adminTaskRecordSchema, bookingRecordSchema, paymentsListSchema } from '@consult/shared';
import { signedInUser, TEST_PASSWORD, type SignedIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addService, openEveryDay, slotAt } from '../bookings/booking-test-setup';
import { AUDIT_ERASED_TEXT } from '../audit/audit-redact';
import { auditLog } from '../audit/schema';
import { insertContactMessage } from '../site/contact-repository';
import { users } from '../users/schema';

describe('erasure leaves no trace of the client in the audit log or any admin answer', () => {
  let t: TestApp;
  let owner: SignedIn & { user: { id: string } };
  let day = 3;
  let phoneSerial = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { OWNER_EMAIL: 'owner@example.test' } });
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'paid-session', priceMinor: 8000, currency: 'EUR' });
    owner = await signedInUser(t.app, { role: 'admin', name: 'The Owner' });
  });
  afterAll(async () => {
    await t.close();
  });

  type Client = Awaited<ReturnType<typeof signedInUser>>;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    who?: SignedIn,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who?.headers, payload });

  /**
   * A client whose name, address and phone reach the audit log every way the owner's work takes
   * them there: tasks (created and edited) naming them, a private note, a booking the owner marked
   * paid, a contact message the owner handled, and another client's task that mentioned them.
   */
  async function clientKnownToTheLog(options: { booking: boolean }) {
    const tag = randomUUID().slice(0, 8);
    const client = await signedInUser(t.app, {
      name: `Zofia Quartermain-${tag}`,
      email: `zofia.${tag}@example.test`,
    });
    phoneSerial += 1;
    const phone = `+9230055${String(phoneSerial).padStart(5, '0')}`;
    await t.app.deps.db.update(users).set({ phone }).where(eq(users.id, client.user.id));
    const { name, email } = client.user;
    let bookingId: string | undefined;
    if (options.booking) {
      day += 2;
      const booked = await call('POST', '/api/bookings', client, {
        service: 'paid-session',
        start: slotAt(day, '10:00'),
        notes: `Call me on ${phone}`,
      });
      expect(booked.statusCode, booked.body).toBe(201);
      bookingId = bookingRecordSchema.parse(booked.json()).id;
      const { payments } = paymentsListSchema.parse(
        (await call('GET', '/api/payments', client)).json(),
      );
      const paid = await call('POST', `/api/admin/payments/${payments[0]!.id}/mark-paid`, owner, {
        method: 'bank_transfer',
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const created = await call('POST', '/api/admin/tasks', owner, {
      clientId: client.user.id,
      ...(bookingId && { bookingId }),
      title: `Ask ${name} for the statements`,
      details: `Write to ${email} or call ${phone}.`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const task = adminTaskRecordSchema.parse(created.json());
    const edited = await call('PATCH', `/api/admin/tasks/${task.id}`, owner, {
      title: `Remind ${name} (${email}) about the statements`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const note = await call('POST', `/api/admin/users/${client.user.id}/notes`, owner, {
      text: `${name} is anxious about the audit; phone ${phone}`,
    });
    expect(note.statusCode, note.body).toBe(201);
    const messageId = await insertContactMessage(t.app.deps.db, {
      name,
      email: email.toUpperCase(),
      phone,
      type: 'General',
      message: `This is ${name}, please call me on ${phone}`,
    });
    const handled = await call('PATCH', `/api/admin/messages/${messageId}`, owner, {
      state: 'handled',
    });
    expect(handled.statusCode, handled.body).toBe(200);
    const other = await signedInUser(t.app, { name: 'Another Client' });
    const mention = await call('POST', '/api/admin/tasks', owner, {
      clientId: other.user.id,
      title: 'Send the joint letter',
      details: `Copy ${name} at ${email}.`,
    });
    expect(mention.statusCode, mention.body).toBe(201);
    const otherTaskId = adminTaskRecordSchema.parse(mention.json()).id;
    // The task no longer names them; only its history in the log does.
    const reworded = await call('PATCH', `/api/admin/tasks/${otherTaskId}`, owner, {
      details: 'Copy the co-signer.',
    });
    expect(reworded.statusCode, reworded.body).toBe(200);
    return { client, name, email, phone, taskId: task.id, otherTaskId, messageId: messageId };
  }

  /** Every page of an admin list, as one text. */
  async function allPages(url: string): Promise<string> {
    const bodies: string[] = [];
    for (let page = 1; ; page += 1) {
      const res = await call('GET', `${url}${url.includes('?') ? '&' : '?'}page=${page}`, owner);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      bodies.push(res.body);
      const totalPages = (res.json() as { totalPages?: number }).totalPages ?? 1;
      if (page >= totalPages) return bodies.join('\n');
    }
  }

  /** What the owner can read anywhere, and the audit table itself. */
  async function everythingTheOwnerSees(clientId: string, inbox = true): Promise<string> {
    const record = await call('GET', `/api/admin/users/${clientId}`, owner);
    const logRows = await t.app.deps.db.select().from(auditLog).orderBy(asc(auditLog.id));
    return [
      await allPages('/api/admin/audit'),
      await allPages('/api/admin/users'),
      record.statusCode === 404 ? '' : record.body,
      await allPages('/api/admin/payments'),
      await allPages('/api/admin/bookings'),
      await allPages('/api/admin/tasks'),
      inbox ? await allPages('/api/admin/messages') : '',
      JSON.stringify(logRows),
    ]
      .join('\n')
      .toLowerCase();
  }

  function expectNoTrace(seen: string, who: { name: string; email: string; phone: string }) {
    expect(seen).not.toContain(who.name.toLowerCase());
    expect(seen).not.toContain(who.email.toLowerCase());
    expect(seen).not.toContain(who.phone);
  }

  /** The entries about the client's records are still there: action, actor and target kept. */
  async function expectEntriesKept(known: Awaited<ReturnType<typeof clientKnownToTheLog>>) {
    const rows = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.target, [known.taskId, known.otherTaskId, known.messageId]))
      .orderBy(asc(auditLog.id));
    expect(rows.map((row) => [row.action, row.target, row.actorId])).toEqual([
      ['task.create', known.taskId, owner.user.id],
      ['task.update', known.taskId, owner.user.id],
      ['message.state', known.messageId, owner.user.id],
      ['task.create', known.otherTaskId, owner.user.id],
      ['task.update', known.otherTaskId, owner.user.id],
    ]);
    const [created] = rows;
    expect(created!.details).toMatchObject({
      erased: true,
      before: null,
      after: { title: AUDIT_ERASED_TEXT, details: AUDIT_ERASED_TEXT },
    });
  }

  it('redacts the audit entries about a client who deletes their own account', async () => {
    const known = await clientKnownToTheLog({ booking: true });
    // The test would pass on an empty log: first, the log does hold them.
    const before = await everythingTheOwnerSees(known.client.user.id);
    expect(before).toContain(known.email.toLowerCase());
    expect(before).toContain(known.phone);
    const res = await call('DELETE', '/api/user', known.client as Client, {
      password: TEST_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(204);
    expectNoTrace(await everythingTheOwnerSees(known.client.user.id), known);
    await expectEntriesKept(known);
    const [erase] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.erase'))
      .orderBy(asc(auditLog.id));
    expect(erase).toMatchObject({ target: known.client.user.id, actorId: null });
  });

  it('redacts them when the owner erases a client who has bookings and payments', async () => {
    const known = await clientKnownToTheLog({ booking: true });
    expect(await everythingTheOwnerSees(known.client.user.id)).toContain(known.name.toLowerCase());
    const res = await call('DELETE', `/api/admin/users/${known.client.user.id}`, owner);
    expect(res.statusCode, res.body).toBe(204);
    expectNoTrace(await everythingTheOwnerSees(known.client.user.id), known);
    await expectEntriesKept(known);
    const payments = await allPages(`/api/admin/payments?client=${known.client.user.id}`);
    expect(payments).toContain('8000');
  });

  it('redacts them when the owner deletes outright a client who never booked', async () => {
    const known = await clientKnownToTheLog({ booking: false });
    expect(await everythingTheOwnerSees(known.client.user.id)).toContain(known.phone);
    const res = await call('DELETE', `/api/admin/users/${known.client.user.id}`, owner);
    expect(res.statusCode, res.body).toBe(204);
    expect((await call('GET', `/api/admin/users/${known.client.user.id}`, owner)).statusCode).toBe(
      404,
    );
    // The contact message stays in the inbox when the account goes entirely (it was sent to the
    // practice, not by the account); everything else about the client is gone.
    expectNoTrace(await everythingTheOwnerSees(known.client.user.id, false), known);
    const [gone] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.delete'))
      .orderBy(asc(auditLog.id));
    expect(gone).toMatchObject({
      target: known.client.user.id,
      details: { before: { role: 'user' }, after: null },
    });
  });
});

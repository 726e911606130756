import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  accountExportSchema,
  AUTH_MESSAGES,
  bookingRecordSchema,
  ERASED_CLIENT_NAME,
  paymentsListSchema,
  PRIVACY_MESSAGES,
} from '@consult/shared';
import { signedInUser, TEST_PASSWORD, type SignedIn } from '../../test/accounts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addService, openEveryDay, slotAt } from '../bookings/booking-test-setup';
import { auditLog } from '../audit/schema';
import { bookingEvents, bookings } from '../bookings/schema';
import { mailOutbox } from '../mail/schema';
import { payments } from '../payments/schema';
import { insertContactMessage } from '../site/contact-repository';
import { contactMessages } from '../site/schema';
import { users } from '../users/schema';

describe('privacy: the client’s export and the deletion of their account', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let owner: SignedIn & { user: { id: string } };
  let day = 3;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url, OWNER_EMAIL: 'owner@example.test' } });
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'paid-session', priceMinor: 8000, currency: 'EUR' });
    owner = await signedInUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  type Client = Awaited<ReturnType<typeof signedInUser>>;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers, payload });

  /** A client with a paid booking (received by the owner), a cancellation note and a message. */
  async function clientWithHistory(): Promise<{ client: Client; bookingId: string; note: string }> {
    const client = await signedInUser(t.app, { name: `Zofia ${randomUUID().slice(0, 8)}` });
    const note = `My private situation ${randomUUID().slice(0, 8)}, in detail`;
    day += 2;
    const res = await call('POST', '/api/bookings', client, {
      service: 'paid-session',
      start: slotAt(day, '10:00'),
      notes: note,
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = bookingRecordSchema.parse(res.json());
    const { payments: list } = paymentsListSchema.parse(
      (await call('GET', '/api/payments', client)).json(),
    );
    const paid = await call('POST', `/api/admin/payments/${list[0]!.id}/mark-paid`, owner, {
      method: 'bank_transfer',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await insertContactMessage(t.app.deps.db, {
      name: client.user.name,
      email: client.user.email.toUpperCase(),
      phone: '+923001234567',
      type: 'General',
      message: 'Please call me about my private matter',
    });
    return { client, bookingId: booking.id, note };
  }

  /** How many rows of the tables that held the client's data still contain `text`. */
  const mentions = async (text: string) => {
    const like = `%${text.toLowerCase()}%`;
    const has = (column: SQL | AnyColumn) => sql`lower(coalesce(${column}, '')) like ${like}`;
    const counts = await Promise.all([
      t.app.deps.db
        .select({ n: count() })
        .from(users)
        .where(or(has(users.email), has(users.name))),
      t.app.deps.db
        .select({ n: count() })
        .from(bookings)
        .where(or(has(bookings.notes), has(sql`${bookings.answers}::text`))),
      t.app.deps.db
        .select({ n: count() })
        .from(bookingEvents)
        .where(has(sql`${bookingEvents.details}::text`)),
      t.app.deps.db
        .select({ n: count() })
        .from(contactMessages)
        .where(or(has(contactMessages.email), has(contactMessages.name))),
      t.app.deps.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(or(has(mailOutbox.to), has(mailOutbox.text), has(mailOutbox.html))),
    ]);
    return counts.reduce((sum, [row]) => sum + row!.n, 0);
  };

  it('exports everything about the client and nothing about anyone else, as a download', async () => {
    const { client, bookingId, note } = await clientWithHistory();
    const other = await clientWithHistory();
    const res = await call('GET', '/api/user/export', client);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = accountExportSchema.parse(res.json());
    expect(data.profile.email).toBe(client.user.email);
    expect(data.bookings.map((b) => b.id)).toEqual([bookingId]);
    expect(data.bookings[0]).toMatchObject({ notes: note });
    expect(data.bookings[0]!.history.map((h) => h.action)).toEqual(['created', 'paid']);
    expect(data.payments).toMatchObject([{ bookingId, status: 'paid', amountMinor: 8000 }]);
    expect(data.messages).toMatchObject([{ message: 'Please call me about my private matter' }]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(res.body).not.toContain(other.client.user.email);
    expect(res.body).not.toContain(other.bookingId);
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain(client.user.passwordHash);
    expect((await call('GET', '/api/user/export')).statusCode).toBe(401);
  });

  it('a wrong password is 400 and changes nothing', async () => {
    const { client, bookingId } = await clientWithHistory();
    const res = await call('DELETE', '/api/user', client, { password: 'not the password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toEqual([PRIVACY_MESSAGES.passwordWrong]);
    const missing = await call('DELETE', '/api/user', client, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.password).toEqual([PRIVACY_MESSAGES.passwordToDelete]);
    const [user] = await t.app.deps.db.select().from(users).where(eq(users.id, client.user.id));
    expect(user).toMatchObject({ email: client.user.email, disabledAt: null });
    const [booking] = await t.app.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.state).toBe('confirmed');
    expect((await call('GET', '/api/user', client)).statusCode).toBe(200);
  });

  it('deleting cancels future bookings with their refund, ends the sessions, erases personal data and keeps anonymised payments', async () => {
    const { client, bookingId, note } = await clientWithHistory();
    const { email, name } = client.user;
    const res = await call('DELETE', '/api/user', client, { password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(204);

    // Signed out everywhere (the access token's session is gone: "login expired"), and the
    // password no longer opens anything.
    const after = await call('GET', '/api/user', client);
    expect(after.statusCode).toBe(403);
    expect(after.json().detail).toBe(AUTH_MESSAGES.loginExpired);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: '10.200.0.1',
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().detail).toBe(AUTH_MESSAGES.incorrectCredentials);

    const [booking] = await t.app.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ state: 'cancelled', notes: null });
    const [payment] = await t.app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, bookingId));
    // Cancelled before the cutoff: the owner's share (100 %) is owed back; the record stays.
    // Owed: the manual refund waits for the owner to send it and confirm it.
    expect(payment).toMatchObject({ status: 'paid', refundedMinor: 0, refundPendingMinor: 8000 });
    expect(payment!.receiptNumber).not.toBeNull();
    const [user] = await t.app.deps.db.select().from(users).where(eq(users.id, client.user.id));
    expect(user).toMatchObject({ name: ERASED_CLIENT_NAME, phone: null, dob: null });
    expect(user!.email).not.toContain(email.split('@')[0]);
    expect(user!.disabledAt).not.toBeNull();
    const adminView = await call('GET', `/api/admin/payments/${payment!.id}`, owner);
    expect(adminView.json().client.name).toBe(ERASED_CLIENT_NAME);

    // The goodbye mail arrives, and its outbox row goes with it.
    await t.app.deps.mailer.deliverDue();
    await peer.waitForMail((m) => m.to.includes(email) && m.subject === 'Your account is deleted');
    await peer.waitForMail(
      (m) => m.to.includes('owner@example.test') && m.subject === 'A client deleted their account',
    );

    // No table keeps the address or the name.
    expect(await mentions(email)).toBe(0);
    expect(await mentions(name)).toBe(0);
    expect(await mentions(note)).toBe(0);
  });

  it('the owner’s delete erases a client with records the same way, in the owner’s name', async () => {
    const { client, bookingId, note } = await clientWithHistory();
    const { email, name } = client.user;
    const ownerNotices = async () =>
      (
        await t.app.deps.db
          .select({ n: count() })
          .from(mailOutbox)
          .where(eq(mailOutbox.subject, 'A client deleted their account'))
      )[0]!.n;
    const noticesBefore = await ownerNotices();
    const res = await call('DELETE', `/api/admin/users/${client.user.id}`, owner);
    expect(res.statusCode, res.body).toBe(204);

    expect((await call('GET', '/api/user', client)).statusCode).toBe(403);
    const [booking] = await t.app.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ state: 'cancelled', notes: null });
    // In the order they were written: erasing rewrites the client's earlier events, which moves
    // them after the new one in the table, so without an order the result depends on the plan.
    const events = await t.app.deps.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, bookingId))
      .orderBy(bookingEvents.id);
    expect(events.at(-1)).toMatchObject({ action: 'cancelled', actorType: 'owner' });
    const [payment] = await t.app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, bookingId));
    // Owed: the manual refund waits for the owner to send it and confirm it.
    expect(payment).toMatchObject({ status: 'paid', refundedMinor: 0, refundPendingMinor: 8000 });
    const [user] = await t.app.deps.db.select().from(users).where(eq(users.id, client.user.id));
    expect(user).toMatchObject({ name: ERASED_CLIENT_NAME });
    expect(user!.disabledAt).not.toBeNull();
    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.erase'), eq(auditLog.target, client.user.id)));
    expect(entry).toMatchObject({
      actorId: owner.user.id,
      details: { before: { erased: false }, after: { erased: true }, cancelledBookings: 1 },
    });
    expect(JSON.stringify(entry!.details)).not.toContain(email);

    // The client is told who deleted it; the owner, who did it, gets no mail about it.
    await t.app.deps.mailer.deliverDue();
    const goodbye = await peer.waitForMail(
      (m) => m.to.includes(email) && m.subject === 'Your account is deleted',
    );
    expect(goodbye.text).toContain('was deleted by');
    expect(await ownerNotices()).toBe(noticesBefore);
    expect(await mentions(email)).toBe(0);
    expect(await mentions(name)).toBe(0);
    expect(await mentions(note)).toBe(0);
  });

  it('the last admin cannot delete themselves', async () => {
    const lone = await createTestApp();
    try {
      const admin = await signedInUser(lone.app, { role: 'admin' });
      const res = await lone.app.inject({
        method: 'DELETE',
        url: '/api/user',
        headers: admin.headers,
        payload: { password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(AUTH_MESSAGES.lastAdmin);
    } finally {
      await lone.close();
    }
  });
});

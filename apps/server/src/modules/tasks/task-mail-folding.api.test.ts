import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { TASK_MAIL_FOLD_MINUTES } from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailOutbox } from '../mail/schema';

/** Issue 19, defect 8: twelve tasks in under a second were twelve mails to one client. */
describe('task assignment mails fold into one per client and few minutes', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let owner: Person;
  type Person = Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url } });
    owner = await signedInUser(t.app, { role: 'admin', name: 'Ayesha Owner' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const assign = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/admin/tasks', headers: owner.headers, payload });

  const outboxTo = (email: string) =>
    t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(asc(mailOutbox.createdAt));

  /** The mails to `email` are due now, as they will be once their few minutes have passed. */
  async function deliverNow(email: string) {
    await t.app.deps.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.to, email));
    await t.app.deps.mailer.deliverDue();
  }

  it('twelve tasks created in a burst for one client are one mail listing the twelve', async () => {
    const client = await signedInUser(t.app, { name: 'Bilal Khan' });
    const titles = Array.from({ length: 12 }, (_, index) => `Task number ${index + 1}`);
    // The attack's request: twelve creations at once.
    const answers = await Promise.all(
      titles.map((title) => assign({ clientId: client.user.id, title })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(titles.map(() => 201));

    const queued = await outboxTo(client.user.email);
    expect(queued).toHaveLength(1);
    const [mail] = queued;
    // The outbox says what will go: one mail, waiting a few minutes, listing every task so far.
    expect(mail!.status).toBe('pending');
    expect(mail!.subject).toMatch(/^12 new tasks: Task number \d+ and 11 more$/);
    expect(mail!.nextAttemptAt.getTime()).toBeGreaterThan(
      mail!.createdAt.getTime() + (TASK_MAIL_FOLD_MINUTES * 60_000 - 5_000),
    );
    for (const title of titles) expect(mail!.text).toContain(`. ${title}\n`);
    const viewer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${mail!.id}`,
      headers: owner.headers,
    });
    expect(viewer.json()).toMatchObject({
      state: 'queued',
      subject: mail!.subject,
      text: mail!.text,
      dueAt: mail!.nextAttemptAt.toISOString(),
      gathering: true,
    });

    // Not sent before its time.
    await t.app.deps.mailer.deliverDue();
    expect(peer.received.filter((m) => m.to.includes(client.user.email))).toHaveLength(0);

    await deliverNow(client.user.email);
    const received = await peer.waitForMail((m) => m.to.includes(client.user.email));
    expect(received.text).toContain('Hello Bilal Khan, you have 12 new tasks.');
    for (const title of titles) expect(received.text).toContain(title);
    expect(received.links).toContain('http://localhost:3000/dash/tasks');
    expect(peer.received.filter((m) => m.to.includes(client.user.email))).toHaveLength(1);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox?state=sent',
      headers: owner.headers,
    });
    expect(
      list.json<{ mails: { id: string }[] }>().mails.find((row) => row.id === mail!.id),
    ).toMatchObject({ state: 'sent', dueAt: null, gathering: false });
  });

  it('two tasks given far apart are two mails, each naming its own task', async () => {
    const client = await signedInUser(t.app, { name: 'Chiara Rossi' });
    expect((await assign({ clientId: client.user.id, title: 'Sign the letter' })).statusCode).toBe(
      201,
    );
    // The first mail was queued longer ago than the fold lasts.
    await t.app.deps.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(mailOutbox.to, client.user.email));
    expect(
      (await assign({ clientId: client.user.id, title: 'Send the statements' })).statusCode,
    ).toBe(201);

    const queued = await outboxTo(client.user.email);
    expect(queued.map((mail) => mail.subject)).toEqual([
      'New task: Sign the letter',
      'New task: Send the statements',
    ]);
    await deliverNow(client.user.email);
    await peer.waitForMail((m) => m.subject === 'New task: Send the statements');
    expect(
      peer.received.filter((m) => m.to.includes(client.user.email)).map((m) => m.subject),
    ).toEqual(
      expect.arrayContaining(['New task: Sign the letter', 'New task: Send the statements']),
    );
  });

  it('a task given once the mail went starts a new mail; other clients never join it', async () => {
    const client = await signedInUser(t.app, { name: 'Dana Levi' });
    const other = await signedInUser(t.app, { name: 'Emil Novak' });
    await assign({ clientId: client.user.id, title: 'First task', dueDate: '2031-03-05' });
    await assign({ clientId: other.user.id, title: 'Someone else’s task' });
    await deliverNow(client.user.email);
    await peer.waitForMail((m) => m.subject === 'New task: First task');

    await assign({ clientId: client.user.id, title: 'Second task' });
    const queued = await outboxTo(client.user.email);
    expect(queued.map((mail) => [mail.subject, mail.status])).toEqual([
      ['New task: First task', 'sent'],
      ['New task: Second task', 'pending'],
    ]);
    expect(queued[0]!.text).toContain('It is due on Wednesday, 5 March 2031.');
    const others = await outboxTo(other.user.email);
    expect(others.map((mail) => mail.subject)).toEqual(['New task: Someone else’s task']);
  });

  it('a task renamed or deleted before the mail went is listed as it now is, or not at all', async () => {
    const client = await signedInUser(t.app, { name: 'Farah Aziz' });
    const ids: string[] = [];
    for (const title of ['Read the brief', 'Send the old contract', 'Book a room']) {
      const res = await assign({ clientId: client.user.id, title });
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: string }>().id);
    }
    const change = (id: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/tasks/${id}`,
        headers: owner.headers,
        payload,
      });
    const remove = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/admin/tasks/${id}`, headers: owner.headers });

    expect(
      (await change(ids[0]!, { title: 'Read the new brief', dueDate: '2031-04-01' })).statusCode,
    ).toBe(200);
    expect((await remove(ids[1]!)).statusCode).toBe(204);
    const [waiting] = await outboxTo(client.user.email);
    expect(waiting!.subject).toBe('2 new tasks: Read the new brief and 1 more');
    expect(waiting!.text).toContain('1. Read the new brief, due on Tuesday, 1 April 2031');
    expect(waiting!.text).toContain('2. Book a room');
    expect(waiting!.text).not.toContain('Send the old contract');
    expect(waiting!.text).not.toContain('Read the brief');

    // A status change alone leaves the mail as it is; deleting the rest withdraws it.
    expect((await change(ids[2]!, { status: 'done' })).statusCode).toBe(200);
    expect((await outboxTo(client.user.email))[0]!.text).toBe(waiting!.text);
    await remove(ids[0]!);
    await remove(ids[2]!);
    expect(await outboxTo(client.user.email)).toHaveLength(0);
  });

  it('leaves a mail that went as the record of what it said', async () => {
    const client = await signedInUser(t.app, { name: 'Goran Ilic' });
    const res = await assign({ clientId: client.user.id, title: 'Sign the form' });
    const id = res.json<{ id: string }>().id;
    await deliverNow(client.user.email);
    await peer.waitForMail((m) => m.subject === 'New task: Sign the form');
    await t.app.inject({ method: 'DELETE', url: `/api/admin/tasks/${id}`, headers: owner.headers });
    const [sent] = await outboxTo(client.user.email);
    expect([sent!.subject, sent!.status]).toEqual(['New task: Sign the form', 'sent']);
  });
});

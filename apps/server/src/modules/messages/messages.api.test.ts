import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ACCOUNT_EXISTS_PROBLEM_TYPE,
  INBOX_MESSAGES,
  inboxMessageSchema,
  inboxPageSchema,
  inboxSummarySchema,
  type ContactRequestType,
  type InboxPage,
} from '@consult/shared';
import { createUser, freshIp, signedInUser } from '../../test/accounts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { contactMessages } from '../site/schema';

describe('contact inbox', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  type Person = Awaited<ReturnType<typeof signedInUser>>;
  let owner: Person;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url, OWNER_EMAIL: 'owner@example.test' } });
    owner = await signedInUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who?: Person, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers, payload });

  async function inbox(query: string): Promise<InboxPage> {
    const res = await call('GET', `/api/admin/messages?${query}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    return inboxPageSchema.parse(res.json());
  }

  async function newCount(): Promise<number> {
    const res = await call('GET', '/api/admin/messages/summary', owner);
    expect(res.statusCode, res.body).toBe(200);
    return inboxSummarySchema.parse(res.json()).newMessages;
  }

  /** A message straight in the table, received `minutesAgo` before now. */
  async function stored(
    values: Partial<{
      name: string;
      email: string;
      phone: string;
      type: ContactRequestType;
      message: string;
      handled: boolean;
      minutesAgo: number;
    }> = {},
  ) {
    const now = Date.now();
    const [row] = await t.app.deps.db
      .insert(contactMessages)
      .values({
        name: values.name ?? 'Sara Khan',
        email: values.email ?? 'sara@example.com',
        phone: values.phone ?? '+923001234567',
        type: values.type ?? 'General',
        message: values.message ?? 'I would like to discuss a strategy session.',
        handledAt: values.handled ? new Date(now) : null,
        createdAt: new Date(now - (values.minutesAgo ?? 0) * 60_000),
      })
      .returning();
    return row!;
  }

  it('is the owner’s only: a client gets 403 and a request without a token 401', async () => {
    const client = await signedInUser(t.app);
    const message = await stored();
    for (const [method, url] of [
      ['GET', '/api/admin/messages'],
      ['GET', '/api/admin/messages/summary'],
      ['GET', `/api/admin/messages/${message.id}`],
      ['PATCH', `/api/admin/messages/${message.id}`],
      ['POST', `/api/admin/messages/${message.id}/invite`],
    ] as const) {
      expect((await call(method, url, client, { state: 'handled' })).statusCode).toBe(403);
      expect((await call(method, url, undefined, { state: 'handled' })).statusCode).toBe(401);
    }
    const [row] = await t.app.deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(row!.handledAt).toBeNull();
  });

  it('shows a visitor’s message from the contact popup first, as new, and counts it', async () => {
    const before = await newCount();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contactMe',
      payload: {
        name: 'Imran Qureshi',
        phone: '+92 321 7654321',
        email: 'imran.q@example.com',
        message: 'Do you take on small bakeries as clients?',
        type: 'Support',
      },
      remoteAddress: freshIp(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const page = await inbox('');
    expect(page.messages[0]).toEqual({
      _id: sent.json().id,
      id: sent.json().id,
      name: 'Imran Qureshi',
      email: 'imran.q@example.com',
      phone: '+923217654321',
      type: 'Support',
      message: 'Do you take on small bakeries as clients?',
      state: 'new',
      receivedAt: expect.any(String),
      handledAt: null,
      client: null,
    });
    expect(await newCount()).toBe(before + 1);
  });

  it('filters by type and state, searches name, e-mail, phone and text, and pages newest first', async () => {
    const types: ContactRequestType[] = ['General', 'Support', 'Feedback'];
    for (let i = 0; i < 23; i += 1) {
      await stored({
        name: `Zephyr Sender ${i}`,
        email: `zephyr-${i}@example.net`,
        phone: `+9230055500${String(i).padStart(2, '0')}`,
        type: types[i % 3],
        message: `Question number ${i} about a zephyr plan`,
        handled: i % 2 === 1,
        minutesAgo: 100 - i,
      });
    }
    const first = await inbox('q=zephyr');
    expect(first).toMatchObject({ currentPage: 1, totalPages: 2, totalMessages: 23 });
    expect(first.messages).toHaveLength(20);
    expect(first.messages.map((m) => m.name).slice(0, 2)).toEqual([
      'Zephyr Sender 22',
      'Zephyr Sender 21',
    ]);
    const second = await inbox('q=zephyr&page=2');
    expect(second.messages.map((m) => m.name)).toEqual([
      'Zephyr Sender 2',
      'Zephyr Sender 1',
      'Zephyr Sender 0',
    ]);
    // A page past the last is answered with the last.
    expect((await inbox('q=zephyr&page=9')).currentPage).toBe(2);

    const support = await inbox('q=zephyr&type=Support');
    expect(support.totalMessages).toBe(8);
    expect(support.messages.every((m) => m.type === 'Support')).toBe(true);
    const handled = await inbox('q=zephyr&state=handled');
    expect(handled.totalMessages).toBe(11);
    expect(handled.messages.every((m) => m.state === 'handled' && m.handledAt)).toBe(true);
    const fresh = await inbox('q=zephyr&state=new&type=General');
    expect(fresh.messages.map((m) => m.name)).toEqual([
      'Zephyr Sender 18',
      'Zephyr Sender 12',
      'Zephyr Sender 6',
      'Zephyr Sender 0',
    ]);

    expect((await inbox('q=ZEPHYR-7%40')).totalMessages).toBe(1);
    expect((await inbox('q=zephyr-7@example')).messages.map((m) => m.name)).toEqual([
      'Zephyr Sender 7',
    ]);
    expect((await inbox('q=3005550014')).messages.map((m) => m.name)).toEqual(['Zephyr Sender 14']);
    expect((await inbox('q=question number 9 ')).totalMessages).toBe(1);
    expect((await inbox('q=sender 2')).totalMessages).toBe(4);
    // LIKE wildcards in a search match themselves.
    expect((await inbox(`q=${encodeURIComponent('zephyr_%')}`)).totalMessages).toBe(0);
    const empty = await inbox('q=nothing-like-this');
    expect(empty).toEqual({ messages: [], currentPage: 1, totalPages: 1, totalMessages: 0 });

    for (const [query, detail] of [
      ['type=Complaint', INBOX_MESSAGES.typeInvalid],
      ['state=open', INBOX_MESSAGES.stateInvalid],
      ['page=0', INBOX_MESSAGES.pageInvalid],
      [`q=${'x'.repeat(101)}`, INBOX_MESSAGES.searchTooLong],
    ]) {
      const res = await call('GET', `/api/admin/messages?${query}`, owner);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
  });

  it('links a message to the account of the same address, whatever its case', async () => {
    const account = await createUser(t.app, {
      email: 'Mixed.Case@Example.test',
      name: 'Mixed Case Client',
    });
    await stored({ email: 'mixed.case@example.TEST', message: 'Known sender asking again' });
    await stored({ email: 'other.person@example.test', message: 'Known sender? No, a stranger' });
    const page = await inbox('q=known sender');
    // Both arrive within the same millisecond at times: the order between them is not the point.
    const byEmail = new Map(page.messages.map((m) => [m.email, m]));
    expect(page.messages).toHaveLength(2);
    expect(byEmail.get('other.person@example.test')!.client).toBeNull();
    const known = byEmail.get('mixed.case@example.TEST')!;
    expect(known.client).toEqual({ id: account.id, name: 'Mixed Case Client' });
    const one = await call('GET', `/api/admin/messages/${known.id}`, owner);
    expect(inboxMessageSchema.parse(one.json()).client).toEqual({
      id: account.id,
      name: 'Mixed Case Client',
    });
  });

  it('marks a message handled and new again, recording each change in the audit log', async () => {
    const message = await stored({ message: 'Please mark me handled and back' });
    const before = await newCount();
    const handled = await call('PATCH', `/api/admin/messages/${message.id}`, owner, {
      state: 'handled',
    });
    expect(handled.statusCode, handled.body).toBe(200);
    const record = inboxMessageSchema.parse(handled.json());
    expect(record).toMatchObject({ id: message.id, state: 'handled' });
    expect(record.handledAt).not.toBeNull();
    expect(await newCount()).toBe(before - 1);
    // The same state again keeps the time it was first handled and records nothing.
    const again = await call('PATCH', `/api/admin/messages/${message.id}`, owner, {
      state: 'handled',
    });
    expect(again.json().handledAt).toBe(record.handledAt);

    const reopened = await call('PATCH', `/api/admin/messages/${message.id}`, owner, {
      state: 'new',
    });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ state: 'new', handledAt: null });
    expect(await newCount()).toBe(before);

    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.state'), eq(auditLog.target, message.id)))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => [entry.actorId, entry.details])).toEqual([
      [owner.user.id, { before: { state: 'new' }, after: { state: 'handled' } }],
      [owner.user.id, { before: { state: 'handled' }, after: { state: 'new' } }],
    ]);

    const wrong = await call('PATCH', `/api/admin/messages/${message.id}`, owner, {
      state: 'done',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(INBOX_MESSAGES.stateInvalid);
  });

  it('answers 404 for a message that does not exist', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const [method, url] of [
        ['GET', `/api/admin/messages/${id}`],
        ['PATCH', `/api/admin/messages/${id}`],
        ['POST', `/api/admin/messages/${id}/invite`],
      ] as const) {
        const res = await call(method, url, owner, { state: 'handled' });
        expect(res.statusCode).toBe(404);
        expect(res.json().detail).toBe(INBOX_MESSAGES.notFound);
      }
    }
  });

  it('invites a sender with a sign-up link that fills in their address, once a day per address', async () => {
    const message = await stored({ name: 'Nadia Baig', email: 'Nadia+Inbox@example.org' });
    const res = await call('POST', `/api/admin/messages/${message.id}/invite`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sentTo: 'Nadia+Inbox@example.org' });

    await t.app.deps.mailer.deliverDue();
    const mail = await peer.waitForMail(
      (m) => m.to.includes('Nadia+Inbox@example.org') && /invited/.test(m.subject),
    );
    expect(mail.subject).toBe('You are invited to create your client account');
    expect(mail.text).toContain('Hello Nadia Baig');
    expect(mail.links).toContain('http://localhost:3000/signup?email=Nadia%2BInbox%40example.org');

    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.invite'), eq(auditLog.target, message.id)));
    expect(entry).toMatchObject({
      actorId: owner.user.id,
      details: { email: 'nadia+inbox@example.org' },
    });

    // A second invitation to that address, from this message or another in another case, waits.
    const later = await stored({ name: 'Nadia B.', email: 'nadia+inbox@EXAMPLE.org' });
    for (const id of [message.id, later.id]) {
      const again = await call('POST', `/api/admin/messages/${id}/invite`, owner);
      expect(again.statusCode).toBe(429);
      expect(again.json().detail).toBe(INBOX_MESSAGES.inviteAlreadySent(24));
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    }
    const invites = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'message.invite'));
    expect(invites.filter((row) => row.target === later.id)).toHaveLength(0);
  });

  it('does not invite an address that has an account: 409 naming the client', async () => {
    const account = await createUser(t.app, { email: 'already.here@example.test' });
    const message = await stored({ email: 'Already.Here@example.test' });
    const res = await call('POST', `/api/admin/messages/${message.id}/invite`, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      type: ACCOUNT_EXISTS_PROBLEM_TYPE,
      detail: INBOX_MESSAGES.accountExists,
      clientId: account.id,
    });
    const invites = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.invite'), eq(auditLog.target, message.id)));
    expect(invites).toHaveLength(0);
  });

  it('documents the inbox routes in the OpenAPI document, with the 409’s clientId', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const [path, method] of [
      ['/api/admin/messages', 'get'],
      ['/api/admin/messages/summary', 'get'],
      ['/api/admin/messages/{id}', 'get'],
      ['/api/admin/messages/{id}', 'patch'],
      ['/api/admin/messages/{id}/invite', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['admin']);
    }
    const invite = doc.paths['/api/admin/messages/{id}/invite'].post.responses;
    expect(Object.keys(invite)).toEqual(expect.arrayContaining(['200', '404', '409', '429']));
    expect(JSON.stringify(invite['409'])).toContain('clientId');
  });
});

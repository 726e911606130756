import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CONTACT_MESSAGES as M,
  CONTACT_RATE_LIMIT,
  problemSchema,
  TEXT_MESSAGES,
} from '@consult/shared';
import { createUser } from '../../test/accounts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailOutbox } from '../mail/schema';
import { contactMessages } from './schema';

const valid = {
  name: 'Sara Khan',
  phone: '+92 300 1234567',
  email: 'sara@example.com',
  message: 'I would like to discuss <b>pricing</b> & a strategy session.',
  type: 'Support',
};

let visitor = 0;
/** Each call comes from its own address, so it has its own rate-limit budget. */
function post(t: TestApp, payload: unknown, headers: Record<string, string> = {}) {
  visitor += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/contactMe',
    remoteAddress: `10.0.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`,
    headers,
    payload: payload as object,
  });
}

describe('POST /api/contactMe', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url, OWNER_EMAIL: 'owner@example.com' } });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('stores a valid message, answers 201 with its id and mails it to the owner', async () => {
    const res = await post(t, valid);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      name: 'Sara Khan',
      phone: '+923001234567',
      email: 'sara@example.com',
      type: 'Support',
      message: valid.message,
      handledAt: null,
    });

    await t.app.deps.mailer.deliverDue();
    const mail = await peer.waitForMail((m) => m.subject.includes('Sara Khan'));
    expect(mail.to).toEqual(['owner@example.com']);
    expect(mail.subject).toBe('New contact message (Support) from Sara Khan');
    expect(mail.text).toContain(valid.message);
    expect(mail.text).toContain('+923001234567');
    // What the visitor typed is text in the HTML part, never markup.
    expect(mail.html).toContain('&lt;b&gt;pricing&lt;/b&gt; &amp; a strategy');
    expect(mail.html).not.toContain('<b>pricing');
  });

  it.each([
    ['name', 'ab', M.nameTooShort],
    ['name', 'x'.repeat(31), M.nameTooLong],
    ['name', '', M.nameEmpty],
    ['name', undefined, M.nameRequired],
    ['phone', '0300 1234567', M.phoneStart],
    ['phone', '+92 30', M.phoneTooShort],
    ['phone', '+92 300 1234 5678 901', M.phoneTooLong],
    ['phone', '+92 123 4567890', M.phoneInvalid],
    ['phone', '', M.phoneEmpty],
    ['phone', undefined, M.phoneRequired],
    ['email', 'nope', M.emailInvalid],
    ['email', '', M.emailEmpty],
    ['email', undefined, M.emailRequired],
    ['message', 'too short', M.messageTooShort],
    ['message', 'x'.repeat(501), M.messageTooLong],
    ['message', '', M.messageEmpty],
    ['message', undefined, M.messageRequired],
    ['type', 'Sales', M.typeInvalid],
    ['type', undefined, M.typeRequired],
  ])('rejects %s = %j with "%s"', async (field, value, message) => {
    const before = await t.database.db.$count(contactMessages);
    const res = await post(t, { ...valid, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = problemSchema.parse(res.json());
    expect(problem.errors?.[field]?.[0]).toBe(message);
    expect(problem.detail).toBe(message);
    expect(await t.database.db.$count(contactMessages)).toBe(before);
  });

  it('reports every invalid field at once', async () => {
    const res = await post(t, { name: 'a', phone: '123', email: 'x', message: 'hi', type: 'X' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(problemSchema.parse(res.json()).errors ?? {}).sort()).toEqual([
      'email',
      'message',
      'name',
      'phone',
      'type',
    ]);
  });

  it('answers 413 to a body over 16 KB', async () => {
    const res = await post(t, { ...valid, message: 'x'.repeat(17 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(problemSchema.parse(res.json()).detail).toBe('The request body is too large.');
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contactMe',
      remoteAddress: '10.1.0.1',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Sara",',
    });
    expect(res.statusCode).toBe(400);
    expect(problemSchema.parse(res.json()).detail).toBe('The request body is not valid JSON.');
  });

  it('answers 429 with Retry-After once a client sent too many messages', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/contactMe',
        remoteAddress: '10.2.0.1',
        payload: valid,
      });
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) expect((await send()).statusCode).toBe(201);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(problemSchema.parse(res.json()).status).toBe(429);
  });
});

describe('POST /api/contactMe with hidden characters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OWNER_EMAIL: 'owner@example.com' } });
  });
  afterAll(() => t.close());

  it("refuses a name that fakes a line of the owner's mail, and stores nothing", async () => {
    const res = await post(t, { ...valid, name: 'Sara\nVerified: yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toEqual([TEXT_MESSAGES.singleLine]);
    expect(await t.database.db.$count(contactMessages)).toBe(0);
    expect(await t.database.db.$count(mailOutbox)).toBe(0);
  });

  it('keeps line breaks in the message itself', async () => {
    const res = await post(t, { ...valid, message: 'First line.\nSecond line.' });
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /api/contactMe when the database fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The owner's copy goes to the outbox in the message's transaction: a failing outbox write is
    // a database failure in the middle of it.
    t = await createTestApp({
      env: { OWNER_EMAIL: 'owner@example.com' },
      adjustDeps: (deps) => ({
        ...deps,
        mailer: {
          ...deps.mailer,
          queueMail: () =>
            Promise.reject(
              new Error('relation "contact_messages_missing_for_test" does not exist'),
            ),
        },
      }),
    });
  });
  afterAll(() => t.close());

  it('answers 500 without details when the database fails mid-way', async () => {
    const before = await t.database.db.$count(contactMessages);
    const res = await post(t, valid);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('contact_messages_missing_for_test');
    expect(await t.database.db.$count(contactMessages)).toBe(before);
  });
});

describe('POST /api/contactMe without OWNER_EMAIL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores the message and queues no mail', async () => {
    const res = await post(t, valid);
    expect(res.statusCode).toBe(201);
    expect(await t.database.db.$count(contactMessages)).toBe(1);
    expect(await t.database.db.$count(mailOutbox)).toBe(0);
  });

  it('mails the copy to each admin who can sign in once there are admins', async () => {
    await createUser(t.app, { email: 'first-admin@example.com', role: 'admin' });
    await createUser(t.app, { email: 'second-admin@example.com', role: 'admin' });
    await createUser(t.app, { email: 'gone-admin@example.com', role: 'admin', disabled: true });
    await createUser(t.app, { email: 'client@example.com' });
    const res = await post(t, { ...valid, name: 'Admin Copy' });
    expect(res.statusCode).toBe(201);
    const mails = await t.database.db.select().from(mailOutbox);
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      'first-admin@example.com',
      'second-admin@example.com',
    ]);
    expect(mails.every((mail) => mail.subject.includes('Admin Copy'))).toBe(true);
  });
});

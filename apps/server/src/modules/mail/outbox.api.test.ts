import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  MAIL_DELIVERY_OFF_PROBLEM_TYPE,
  MAIL_NOT_FAILED_PROBLEM_TYPE,
  outboxMailSchema,
  outboxPageSchema,
  systemStatusSchema,
  type OutboxPage,
} from '@consult/shared';
import { createUser, signedInUser } from '../../test/accounts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { markMailAttemptFailed, markMailNotDelivered, markMailSent } from './outbox-repository';
import { mailOutbox } from './schema';

type Person = Awaited<ReturnType<typeof signedInUser>>;

describe('the mail outbox viewer', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let owner: Person;
  let client: Person;
  const ids: Record<'queued' | 'sent' | 'failed' | 'erased' | 'notDelivered', string> = {
    queued: '',
    sent: '',
    failed: '',
    erased: '',
    notDelivered: '',
  };

  beforeAll(async () => {
    // A mail server is configured now; `notDelivered` is a mail of the time before it was.
    peer = await startSmtpPeer();
    t = await createTestApp({ startJobs: false, env: { SMTP_URL: peer.url } });
    owner = await signedInUser(t.app, { role: 'admin' });
    client = await signedInUser(t.app);
    const queue = (subject: string, extra: object = {}) =>
      t.app.deps.mailer.queueMail({
        to: 'reader@example.test',
        subject,
        text: `Text of ${subject}: http://localhost:3000/verifyEmail?token=abc`,
        html: `<p>HTML of ${subject}</p><script>alert(1)</script>`,
        ...extra,
      });
    ids.sent = await queue('Sent one');
    await markMailSent(t.app.deps.db, ids.sent);
    ids.failed = await queue('Failed one');
    await markMailAttemptFailed(t.app.deps.db, ids.failed, 'connect ECONNREFUSED', null);
    ids.notDelivered = await queue('Never left');
    await markMailNotDelivered(t.app.deps.db, ids.notDelivered);
    ids.erased = await queue('Goodbye', { to: 'erased@example.test', eraseAfterSend: true });
    ids.queued = await queue('Queued one');
    // PGlite's clock ticks in milliseconds: two mails queued within one would tie on created_at.
    const order = [ids.notDelivered, ids.sent, ids.failed, ids.erased, ids.queued];
    for (const [index, id] of order.entries()) {
      await t.app.deps.db
        .update(mailOutbox)
        .set({ createdAt: new Date(Date.now() - (order.length - index) * 1000) })
        .where(eq(mailOutbox.id, id));
    }
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const call = (method: 'GET' | 'POST', url: string, who?: Person) =>
    t.app.inject({ method, url, headers: who?.headers });

  async function page(query = ''): Promise<OutboxPage> {
    const res = await call('GET', `/api/admin/outbox?${query}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    return outboxPageSchema.parse(res.json());
  }

  it('answers 401 without a session and 403 to a client', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/outbox'],
      ['GET', `/api/admin/outbox/${ids.sent}`],
      ['POST', `/api/admin/outbox/${ids.failed}/resend`],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401);
      expect((await call(method, url, client)).statusCode).toBe(403);
    }
  });

  it('lists mails newest first with state, attempts and the last error, filtered by state', async () => {
    const all = await page();
    const ours = all.mails.filter((mail) => Object.values(ids).includes(mail.id));
    expect(ours.map((mail) => mail.subject)).toEqual([
      'Queued one',
      'Goodbye',
      'Failed one',
      'Sent one',
      'Never left',
    ]);
    expect(ours.find((mail) => mail.id === ids.notDelivered)).toMatchObject({
      state: 'not_delivered',
      sentAt: null,
    });
    expect(ours.find((mail) => mail.id === ids.failed)).toMatchObject({
      state: 'failed',
      lastError: 'connect ECONNREFUSED',
      to: 'reader@example.test',
    });
    expect(ours.find((mail) => mail.id === ids.erased)).toMatchObject({ to: null, erased: true });

    const failed = await page('state=failed');
    expect(failed.mails.map((mail) => mail.id)).toEqual([ids.failed]);
    expect(failed).toMatchObject({ currentPage: 1, totalPages: 1, totalMails: 1 });
    const notDelivered = await page('state=not_delivered');
    expect(notDelivered.mails.map((mail) => mail.id)).toEqual([ids.notDelivered]);
    expect((await call('GET', '/api/admin/outbox?state=lost', owner)).statusCode).toBe(400);
  });

  it('shows one mail with its text and HTML, and withholds an erased account’s mail', async () => {
    const res = await call('GET', `/api/admin/outbox/${ids.sent}`, owner);
    expect(res.statusCode).toBe(200);
    const mail = outboxMailSchema.parse(res.json());
    expect(mail).toMatchObject({ state: 'sent', subject: 'Sent one' });
    expect(mail.text).toContain('verifyEmail?token=abc');
    expect(mail.html).toContain('<p>HTML of Sent one</p>');

    const erased = outboxMailSchema.parse(
      (await call('GET', `/api/admin/outbox/${ids.erased}`, owner)).json(),
    );
    expect(erased).toMatchObject({ to: null, text: null, html: null, erased: true });

    expect((await call('GET', '/api/admin/outbox/not-a-uuid', owner)).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/admin/outbox/00000000-0000-4000-8000-000000000000', owner))
        .statusCode,
    ).toBe(404);
  });

  it('queues a failed mail again, audited, and refuses any other with 409', async () => {
    // The web app sends `Content-Type: application/json` with no body on every POST.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${ids.failed}/resend`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'queued', attempts: 0 });
    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'mail.resend'));
    expect(entry).toMatchObject({ actorId: owner.user.id, target: ids.failed });
    expect(entry!.details).toMatchObject({
      before: { state: 'failed', lastError: 'connect ECONNREFUSED' },
      after: { state: 'queued' },
    });

    for (const id of [ids.failed, ids.sent, ids.queued]) {
      const again = await call('POST', `/api/admin/outbox/${id}/resend`, owner);
      expect(again.statusCode).toBe(409);
      expect(again.json().type).toBe(MAIL_NOT_FAILED_PROBLEM_TYPE);
    }
  });

  it('leaves mail not delivered before SMTP was set alone until the owner sends it again', async () => {
    await t.app.deps.mailer.deliverDue();
    expect(peer.received.some((mail) => mail.subject === 'Never left')).toBe(false);
    expect((await page('state=not_delivered')).mails.map((mail) => mail.id)).toEqual([
      ids.notDelivered,
    ]);

    const res = await call('POST', `/api/admin/outbox/${ids.notDelivered}/resend`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'queued', attempts: 0 });
    const entries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, ids.notDelivered));
    expect(entries[0]!.details).toMatchObject({
      before: { state: 'not_delivered' },
      after: { state: 'queued' },
    });
    await t.app.deps.mailer.deliverDue();
    await peer.waitForMail((mail) => mail.subject === 'Never left');
    const mail = outboxMailSchema.parse(
      (await call('GET', `/api/admin/outbox/${ids.notDelivered}`, owner)).json(),
    );
    expect(mail.state).toBe('sent');
    expect(mail.sentAt).not.toBeNull();
  });
});

describe('the outbox and the status with no mail server configured', () => {
  let t: TestApp;
  let owner: Person;
  let mailId = '';
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    owner = await signedInUser(t.app, { role: 'admin' });
    mailId = await t.app.deps.mailer.queueMail({
      to: 'client@example.test',
      subject: 'Your booking is confirmed',
      text: 'See you then.',
    });
    await t.app.deps.mailer.deliverDue();
  });
  afterAll(() => t.close());

  it('shows every delivered-to-nowhere mail as not delivered, never sent', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: owner.headers,
    });
    const { mails } = outboxPageSchema.parse(res.json());
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.find((mail) => mail.id === mailId)).toMatchObject({
      state: 'not_delivered',
      sentAt: null,
    });
    expect(mails.filter((mail) => mail.state === 'sent')).toEqual([]);
  });

  it('says in the system status that mail is not being delivered', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/system',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const { mail } = systemStatusSchema.parse(res.json());
    expect(mail.delivery).toBe('none');
    expect(mail.sent).toBe(0);
    expect(mail.notDelivered).toBeGreaterThanOrEqual(1);
  });

  it('tells a person asking for a link that no mail is on its way, the same for every address', async () => {
    const known = await createUser(t.app, { verified: false });
    for (const url of ['/api/user/forgotPassword', '/api/user/resendEmailVerification']) {
      for (const email of [known.email, 'nobody-here@example.test']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: { email },
          remoteAddress: `10.9.${url.length}.${email.length}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ message: AUTH_MESSAGES.mailNotDelivered });
      }
    }
  });

  it('refuses to send a mail again while it would go nowhere', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${mailId}/resend`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ type: MAIL_DELIVERY_OFF_PROBLEM_TYPE });
    expect(res.json().detail).toMatch(/SMTP_URL/);
  });
});

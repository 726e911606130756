import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { MAX_MAIL_ATTEMPTS, retryDelayMs } from './mailer';
import { claimDueMails, outboxCounts, releaseClaimsOfEarlierRun } from './outbox-repository';
import { mailOutbox } from './schema';

describe('mail through the outbox', () => {
  let peer: SmtpPeer;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url, MAIL_FROM: 'Desk <desk@example.com>' } });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('delivers a queued mail over SMTP with its text, HTML and attachment', async () => {
    await t.app.deps.mailer.queueMail({
      to: 'client@example.com',
      subject: 'Your link',
      text: 'Open http://localhost:3000/verifyEmail?token=abc to continue.',
      html: '<p>Open the link</p>',
      attachments: [
        { filename: 'invite.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' },
      ],
    });
    expect(await t.app.deps.mailer.deliverDue()).toBe(1);
    const mail = await peer.waitForMail((m) => m.subject === 'Your link');
    expect(mail.to).toEqual(['client@example.com']);
    expect(mail.links).toEqual(['http://localhost:3000/verifyEmail?token=abc']);
    expect(mail.html).toContain('<p>Open the link</p>');
    expect(mail.attachments[0]).toMatchObject({
      filename: 'invite.ics',
      content: 'BEGIN:VCALENDAR',
    });
    expect(await outboxCounts(t.app.deps.db)).toMatchObject({ pending: 0, sent: 1 });
  });

  it('sends each mail with its outbox id as Message-ID, so a copy sent again is the same message', async () => {
    const id = await t.app.deps.mailer.queueMail({
      to: 'once@example.com',
      subject: 'One message',
      text: 'Hello',
    });
    await t.app.deps.mailer.deliverDue();
    const mail = await peer.waitForMail((m) => m.subject === 'One message');
    expect(mail.messageId).toBe(`<${id}@example.com>`);
  });

  it('carries a run of mails over one SMTP connection', async () => {
    const before = peer.connections;
    for (const n of [1, 2, 3, 4]) {
      await t.app.deps.mailer.queueMail({
        to: 'pool@example.com',
        subject: `Pooled ${n}`,
        text: 'x',
      });
    }
    expect(await t.app.deps.mailer.deliverDue()).toBe(4);
    expect(peer.connections - before).toBeLessThanOrEqual(1);
  });

  it('sends the mails of one address in the order they were queued, others beside them', async () => {
    for (const n of [1, 2, 3, 4, 5, 6]) {
      await t.app.deps.mailer.queueMail({
        to: 'order@example.com',
        subject: `Order ${n}`,
        text: 'x',
      });
      await t.app.deps.mailer.queueMail({
        to: `other-${n}@example.com`,
        subject: `Other ${n}`,
        text: 'x',
      });
    }
    expect(await t.app.deps.mailer.deliverDue()).toBe(12);
    expect(
      peer.received.filter((m) => m.subject.startsWith('Order ')).map((m) => m.subject),
    ).toEqual(['Order 1', 'Order 2', 'Order 3', 'Order 4', 'Order 5', 'Order 6']);
  });

  it('stops between mails when told to and hands the untried ones back, due at once', async () => {
    const ids = [];
    for (const n of [1, 2, 3]) {
      ids.push(
        await t.app.deps.mailer.queueMail({
          to: 'stop@example.com',
          subject: `Stop ${n}`,
          text: 'x',
        }),
      );
    }
    const stopping = new AbortController();
    const waiting = peer
      .waitForMail((m) => m.subject.startsWith('Stop '))
      .then(() => stopping.abort());
    expect(await t.app.deps.mailer.deliverDue(stopping.signal)).toBe(1);
    await waiting;
    const rows = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.id} in ${ids}`);
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'pending')).toEqual([
      expect.objectContaining({ attempts: 0, lockedUntil: null }),
      expect.objectContaining({ attempts: 0, lockedUntil: null }),
    ]);
    expect(await t.app.deps.mailer.deliverDue()).toBe(2);
  });

  it('sends a mail an earlier run claimed and never finished at once after its claims are released', async () => {
    const id = await t.app.deps.mailer.queueMail({
      to: 'killed@example.com',
      subject: 'Claimed then killed',
      text: 'x',
    });
    // A run that claimed the mail and was killed before sending it.
    expect((await claimDueMails(t.app.deps.db, 20, 120_000)).map((mail) => mail.id)).toContain(id);
    expect(await t.app.deps.mailer.deliverDue()).toBe(0);
    expect(await releaseClaimsOfEarlierRun(t.app.deps.db)).toBe(1);
    expect(await t.app.deps.mailer.deliverDue()).toBe(1);
    await peer.waitForMail((m) => m.subject === 'Claimed then killed');
  });

  it('keeps a mail the SMTP server refused and delivers it on a later attempt', async () => {
    peer.refuse = true;
    const id = await t.app.deps.mailer.queueMail({
      to: 'later@example.com',
      subject: 'Retry me',
      text: 'Hello',
    });
    expect(await t.app.deps.mailer.deliverDue()).toBe(0);
    let [row] = await t.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/451/);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5000);

    // Not due yet: nothing is sent even though the server accepts again.
    peer.refuse = false;
    expect(await t.app.deps.mailer.deliverDue()).toBe(0);

    await t.app.deps.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
    expect(await t.app.deps.mailer.deliverDue()).toBe(1);
    await peer.waitForMail((m) => m.subject === 'Retry me');
    [row] = await t.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    peer.refuse = true;
    const id = await t.app.deps.mailer.queueMail({
      to: 'never@example.com',
      subject: 'Doomed',
      text: 'x',
    });
    await t.app.deps.db
      .update(mailOutbox)
      .set({ attempts: MAX_MAIL_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    await t.app.deps.mailer.deliverDue();
    const [row] = await t.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
    peer.refuse = false;
  });

  it('runs as a scheduled job', async () => {
    await t.app.deps.mailer.queueMail({
      to: 'job@example.com',
      subject: 'From the job',
      text: 'x',
    });
    await t.app.deps.system.jobs.runNow('mail-outbox');
    await peer.waitForMail((m) => m.subject === 'From the job');
    expect(t.app.deps.system.jobs.state().jobs).toContainEqual(
      expect.objectContaining({ name: 'mail-outbox', failures: 0, lastError: null }),
    );
  });
});

describe('mail with no SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ captureLogs: true, startJobs: false });
  });
  afterAll(() => t.close());

  it('is written to the log with its links and marked not delivered, never sent', async () => {
    const id = await t.app.deps.mailer.queueMail({
      to: 'dev@example.com',
      subject: 'Reset',
      text: 'Go to http://localhost:3000/resetPassword?token=t1 now',
    });
    expect(t.app.deps.mailer.delivery).toBe('none');
    expect(await t.app.deps.mailer.deliverDue()).toBe(0);
    const line = t.logs.find((l) => l.subject === 'Reset');
    expect(line).toMatchObject({
      to: 'dev@example.com',
      links: ['http://localhost:3000/resetPassword?token=t1'],
    });
    const [row] = await t.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'not_delivered', sentAt: null, attempts: 1 });
    expect(await outboxCounts(t.app.deps.db)).toMatchObject({
      pending: 0,
      sent: 0,
      notDelivered: 1,
    });

    // Not due any more: a later run leaves it alone.
    expect(await t.app.deps.mailer.deliverDue()).toBe(0);
    const [again] = await t.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(again).toMatchObject({ status: 'not_delivered', attempts: 1 });
  });

  it('keeps no address of an erased account behind even though its last mail went nowhere', async () => {
    const id = await t.app.deps.mailer.queueMail({
      to: 'gone@example.com',
      subject: 'Goodbye',
      text: 'Your account is deleted.',
      eraseAfterSend: true,
    });
    await t.app.deps.mailer.deliverDue();
    expect(await t.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))).toEqual([]);
  });
});

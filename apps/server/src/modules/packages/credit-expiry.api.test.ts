import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS } from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addService } from '../bookings/booking-test-setup';
import { mailOutbox } from '../mail/schema';
import { sendCreditExpiryNotices } from './credit-expiry';

describe('the notice of credits about to expire', () => {
  let t: TestApp;
  let peer: SmtpPeer;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url } });
    await addService(t.app, { slug: 'coaching', priceMinor: 8000, currency: 'USD' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('mails the client once, 7 days before expiry, through the outbox; not earlier and not twice', async () => {
    const owner = await signedInUser(t.app, { role: 'admin' });
    const client = await signedInUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/packages',
      headers: owner.headers,
      payload: {
        title: 'Ten-day block',
        services: ['coaching'],
        sessions: 2,
        priceMinor: 0,
        validityDays: 10,
      },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/packages/${created.json().id}/purchase`,
      headers: client.headers,
      payload: {},
    });
    const now = Date.now();
    // Ten days ahead: not yet within the notice's seven.
    expect(await sendCreditExpiryNotices(t.app.deps, new Date(now + DAY_MS))).toBe(0);
    expect(await sendCreditExpiryNotices(t.app.deps, new Date(now + 4 * DAY_MS))).toBe(1);
    expect(await sendCreditExpiryNotices(t.app.deps, new Date(now + 5 * DAY_MS))).toBe(0);
    const queued = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, client.user.email));
    expect(queued.filter((mail) => mail.subject.includes('expire soon'))).toHaveLength(1);
    await t.app.deps.mailer.deliverDue();
    const mail = await peer.waitForMail((m) => m.subject?.includes('expire soon') ?? false);
    expect(mail.subject).toBe('Your 2 credits of Ten-day block expire soon');
  });
});

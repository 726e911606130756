/**
 * Ten bookings at once spending a client's last package credit: exactly one gets it (the purchase's
 * counter is taken under its row lock and never goes below 0); the others are refused with 409 and
 * leave no booking behind. In the contract set: locking can differ between PostgreSQL servers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOKING_MESSAGES } from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addService, openEveryDay, slotAt } from '../bookings/booking-test-setup';
import { bookings } from '../bookings/schema';
import { packagePurchases } from './schema';

describe('the last credit spent by concurrent bookings', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'coaching', priceMinor: 8000, currency: 'USD' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('10 concurrent bookings with useCredit true: exactly one is made with the credit', async () => {
    const owner = await signedInUser(t.app, { role: 'admin' });
    const client = await signedInUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/packages',
      headers: owner.headers,
      payload: { title: 'One session', services: ['coaching'], sessions: 1, priceMinor: 0 },
    });
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/packages/${created.json().id}/purchase`,
      headers: client.headers,
      payload: {},
    });
    const purchaseId = bought.json().purchase.id as string;

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: client.headers,
          payload: {
            service: 'coaching',
            start: slotAt(3 + index, '10:00'),
            useCredit: true,
          },
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses, answers.map((res) => res.body).join('\n')).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
    const refused = answers.filter((res) => res.statusCode === 409);
    for (const res of refused) expect(res.json().detail).toBe(BOOKING_MESSAGES.creditUnavailable);
    const winner = answers.find((res) => res.statusCode === 201)!;
    expect(winner.json()).toMatchObject({ credit: { purchaseId }, payment: null });

    const made = await t.app.deps.db
      .select()
      .from(bookings)
      .where(eq(bookings.clientId, client.user.id));
    expect(made).toHaveLength(1);
    const [purchase] = await t.app.deps.db
      .select()
      .from(packagePurchases)
      .where(eq(packagePurchases.id, purchaseId));
    expect(purchase?.creditsRemaining).toBe(0);
  });
});

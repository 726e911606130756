/**
 * The cap on bookings held for online payment under real concurrency (PostgreSQL only: PGlite has
 * one connection): one client sending six bookings at once gets exactly three held (decision 045).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOKING_LIMIT_PROBLEM_TYPE } from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { createStripeTestApp, type StripeTestApp } from '../../test/stripe-test-app';
import { slotAt } from './booking-test-setup';
import { bookings } from './schema';

describe('the held-bookings cap under concurrency (PostgreSQL)', () => {
  let t: StripeTestApp;

  beforeAll(async () => {
    t = await createStripeTestApp({
      services: [{ slug: 'paid-race', priceMinor: 5000, durationMinutes: 30 }],
    });
  });
  afterAll(() => t.close());

  it('six bookings sent at once by one client: exactly three are held', async () => {
    const client = await signedInUser(t.app);
    const answers = await Promise.all(
      ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00'].map((hour) =>
        t.app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: client.headers,
          payload: { service: 'paid-race', start: slotAt(4, hour) },
        }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409]);
    for (const res of answers.filter((answer) => answer.statusCode === 409)) {
      expect(res.json().type).toBe(BOOKING_LIMIT_PROBLEM_TYPE);
    }
    const held = await t.app.deps.db
      .select()
      .from(bookings)
      .where(eq(bookings.clientId, client.user.id));
    expect(held.filter((row) => row.state === 'pending_payment')).toHaveLength(3);
  });
});

/**
 * Stripe webhooks under real concurrency (PostgreSQL only: PGlite has one connection): thirty
 * payments completing at once get thirty distinct consecutive receipt numbers, and a webhook racing
 * the hold-expiry job on one booking ends in exactly one consistent outcome.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeEvent } from '../../test/stripe-double';
import { createStripeTestApp, type StripeTestApp } from '../../test/stripe-test-app';
import { slotAt } from '../bookings/booking-test-setup';
import { createBooking } from '../bookings/changes/create-booking';
import { expireHolds } from '../bookings/jobs/booking-jobs';
import { bookings } from '../bookings/schema';
import { insertUser } from '../users/users-repository';
import { checkoutOfNewBooking } from './checkout';
import { payments } from './schema';
import { applyStripeEvent } from './stripe-webhook';

describe('Stripe webhooks under concurrency (PostgreSQL)', () => {
  let t: StripeTestApp;

  beforeAll(async () => {
    t = await createStripeTestApp({
      services: [{ slug: 'paid-race', priceMinor: 1000, durationMinutes: 30 }],
    });
  });
  afterAll(() => t.close());

  /** `count` bookings held for payment, each by its own client, with their Checkout Sessions. */
  async function heldBookings(count: number, firstDay: number) {
    const held = [];
    for (let i = 0; i < count; i += 1) {
      const client = await insertUser(t.app.deps.db, {
        email: `payer-${i}-${randomUUID().slice(0, 8)}@example.test`,
        name: `Payer ${i}`,
        passwordHash: 'not-used',
        emailVerifiedAt: new Date(),
        timeZone: 'UTC',
      });
      const day = firstDay + Math.floor(i / 10);
      const start = slotAt(day, `${String(8 + (i % 10)).padStart(2, '0')}:00`);
      const { booking } = await createBooking(
        t.app.deps,
        { type: 'client', userId: client!.id },
        { clientId: client!.id, service: 'paid-race', start, notes: null },
      );
      const url = await checkoutOfNewBooking(t.app.deps, client!, booking.id);
      const session = [...t.stripe.sessions.values()].find((s) => s.url === url)!;
      held.push({ booking, session });
    }
    return held;
  }

  it('gives 30 payments completing at once 30 distinct consecutive receipt numbers', async () => {
    const held = await heldBookings(30, 2);
    const events: StripeEvent[] = held.map(({ session }) => t.stripe.pay(session.id));
    const outcomes = await Promise.all(events.map((event) => applyStripeEvent(t.app.deps, event)));
    expect(outcomes).toEqual(Array(30).fill('applied'));
    const rows = await t.app.deps.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.bookingId,
          held.map(({ booking }) => booking.id),
        ),
      );
    expect(rows.every((row) => row.status === 'paid')).toBe(true);
    const sequences = rows
      .map((row) => Number(row.receiptNumber!.split('-')[1]))
      .sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 30 }, (_, i) => sequences[0]! + i));
  });

  it('a webhook and the hold-expiry job racing on a booking end in one consistent outcome', async () => {
    const held = await heldBookings(10, 6);
    const afterHolds = new Date(
      Math.max(...held.map(({ booking }) => booking.holdUntil!.getTime())) + 1000,
    );
    // Each payment completes at the instant the hold runs out: the webhook and the job race.
    const events = held.map(({ session }) => t.stripe.pay(session.id, { inFlight: true }));
    await Promise.all([
      ...events.map((event) => applyStripeEvent(t.app.deps, event)),
      expireHolds(t.app.deps, afterHolds),
      expireHolds(t.app.deps, afterHolds),
    ]);

    for (const { booking } of held) {
      const [row] = await t.app.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
      const [payment] = await t.app.deps.db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, booking.id));
      expect(payment!.status).toBe('paid');
      expect(payment!.receiptNumber).not.toBeNull();
      if (row!.state === 'confirmed') {
        // The webhook came first: confirmed and kept.
        expect(payment!.refundPendingMinor + payment!.refundedMinor).toBe(0);
      } else {
        // The job came first: the slot is free and the money goes back in full.
        expect(row!.state).toBe('expired');
        expect(payment!.refundPendingMinor + payment!.refundedMinor).toBe(payment!.amountMinor);
      }
    }
  });
});

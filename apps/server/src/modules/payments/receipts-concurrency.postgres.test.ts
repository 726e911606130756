import { sql } from 'drizzle-orm';
/**
 * Receipt numbers under real concurrency (PostgreSQL only: PGlite has one connection). Thirty
 * payments received at the same moment get thirty distinct, consecutive numbers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addService, openEveryDay, slotAt } from '../bookings/booking-test-setup';
import { createBooking } from '../bookings/changes/create-booking';
import { insertUser } from '../users/users-repository';
import { markPaymentPaid } from './payments-service';
import { listAdminPayments } from './payments-repository';

describe('receipt numbers under concurrency (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'paid-race', priceMinor: 1000, durationMinutes: 30 });
  });
  afterAll(() => t.close());

  it('gives 30 payments received at once 30 distinct consecutive numbers', async () => {
    const owner = await insertUser(t.app.deps.db, {
      email: `owner-${randomUUID().slice(0, 8)}@example.test`,
      name: 'Owner',
      passwordHash: 'not-used',
      role: 'admin',
      timeZone: 'UTC',
    });
    const paymentIds: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const client = await insertUser(t.app.deps.db, {
        email: `payer-${i}-${randomUUID().slice(0, 8)}@example.test`,
        name: `Payer ${i}`,
        passwordHash: 'not-used',
        emailVerifiedAt: new Date(),
        timeZone: 'UTC',
      });
      // One booking an hour, over several days, each clear of the others' buffers.
      const start = slotAt(2 + Math.floor(i / 10), `${String(8 + (i % 10)).padStart(2, '0')}:00`);
      const { booking } = await createBooking(
        t.app.deps,
        { type: 'client', userId: client!.id },
        { clientId: client!.id, service: 'paid-race', start, notes: null },
      );
      const [payment] = (await listAdminPayments(
        t.app.deps.db,
        { search: { text: client!.email, packageTitleMatches: () => sql`false` } },
        {
          limit: 1,
          offset: 0,
        },
      ))!;
      expect(payment!.payment.bookingId).toBe(booking.id);
      paymentIds.push(payment!.payment.id);
    }

    const paid = await Promise.all(
      paymentIds.map((id) => markPaymentPaid(t.app.deps, owner!, id, { method: 'bank_transfer' })),
    );
    const numbers = paid.map((payment) => payment.receiptNumber!);
    expect(new Set(numbers).size).toBe(30);
    const sequences = numbers.map((number) => Number(number.split('-')[1])).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 30 }, (_, i) => sequences[0]! + i));
  });
});

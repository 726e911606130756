import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { METRICS_MESSAGES, metricsSchema, type Metrics } from '@consult/shared';
import { createUser, signedInUser } from '../../test/accounts';
import { insertTestBooking, insertTestService, type ServiceRow } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { saveSchedulingSettings } from '../bookings/scheduling-settings';
import { bookingEvents, bookings } from '../bookings/schema';
import { paymentRefunds, payments } from '../payments/schema';
import { contactMessages } from '../site/schema';
import { users } from '../users/schema';

/**
 * A hand-written history in New York (DST starts 2026-03-08), read over 2026-03-02…03-15 and the
 * 14 days before. Every expected figure below is counted by hand from these rows.
 */
const NOW = new Date('2026-03-16T03:00:00Z'); // 2026-03-15 23:00 in New York

describe('owner metrics', () => {
  let t: TestApp;
  type Person = Awaited<ReturnType<typeof signedInUser>>;
  let owner: Person;
  let client: Person;
  let service60: ServiceRow;
  let service90: ServiceRow;

  beforeAll(async () => {
    t = await createTestApp({ adjustDeps: (deps) => ({ ...deps, clock: () => NOW }) });
    const db = t.app.deps.db;
    owner = await signedInUser(t.app, { role: 'admin' });
    client = await signedInUser(t.app, { name: '=HYPERLINK("http://evil.test")' });
    await saveSchedulingSettings(db, {
      rules: { timeZone: 'America/New_York', cancellationCutoffHours: 24 },
      weeklyHours: {
        mon: [{ start: '09:00', end: '17:00' }],
        tue: [{ start: '09:00', end: '17:00' }],
        wed: [{ start: '09:00', end: '17:00' }],
        thu: [{ start: '09:00', end: '17:00' }],
        fri: [{ start: '09:00', end: '17:00' }],
      },
      dateOverrides: [
        { date: '2026-03-04', closed: true },
        { date: '2026-03-07', closed: false, intervals: [{ start: '10:00', end: '12:00' }] },
        // The spring-forward night: 00:00–04:00 on the clock is three real hours.
        { date: '2026-03-08', closed: false, intervals: [{ start: '00:00', end: '04:00' }] },
      ],
    });
    service60 = await insertTestService(db, { priceMinor: 10000 });
    service90 = await insertTestService(db, { durationMinutes: 90, priceMinor: 10000 });

    // Accounts: two clients new in the range (one at 23:00 on its last day), one in the range
    // before; an admin created in the range is no client.
    const setCreated = (id: string, at: string) =>
      db
        .update(users)
        .set({ createdAt: new Date(at) })
        .where(eq(users.id, id));
    await setCreated(client.user.id, '2026-03-03T15:00:00Z');
    await setCreated((await createUser(t.app)).id, '2026-03-16T03:30:00Z');
    await setCreated((await createUser(t.app)).id, '2026-02-20T15:00:00Z');
    await setCreated(owner.user.id, '2026-03-04T15:00:00Z');

    const book = (startAt: string, state: string, service = service60, extra = {}) =>
      insertTestBooking(db, {
        service,
        clientId: client.user.id,
        startAt: new Date(startAt),
        state: state as 'confirmed',
        ...extra,
      });
    // Before the range: 2026-03-01 23:30 EST, which UTC would call 03-02.
    const b0 = await book('2026-03-02T04:30:00Z', 'confirmed');
    await book('2026-03-02T15:00:00Z', 'confirmed'); // Mon 10:00 EST
    const b2 = await book('2026-03-03T15:00:00Z', 'completed', service90); // Tue, 90 min
    await book('2026-03-05T19:00:00Z', 'no_show'); // Thu 14:00 EST
    const b4 = await book('2026-03-09T14:00:00Z', 'completed'); // Mon 10:00 EDT
    const early = await book('2026-03-10T14:00:00Z', 'cancelled', service60, {
      cancelledAt: new Date('2026-03-05T15:00:00Z'),
    });
    const late = await book('2026-03-11T14:00:00Z', 'cancelled', service60, {
      cancelledAt: new Date('2026-03-11T12:00:00Z'), // two hours before, inside the 24 h cutoff
    });
    const byOwner = await book('2026-03-12T14:00:00Z', 'cancelled', service60, {
      cancelledAt: new Date('2026-03-12T13:00:00Z'),
    });
    await book('2026-03-13T14:00:00Z', 'expired');
    await book('2026-03-13T17:00:00Z', 'pending_payment', service60, {
      holdUntil: new Date('2026-03-13T17:00:00Z'),
    });
    // Sun 2026-03-15 23:30 EDT: the range's last evening, though UTC calls it 03-16.
    const b10 = await book('2026-03-16T03:30:00Z', 'confirmed');
    // Mon 2026-03-16 00:30 EDT: after the range.
    await book('2026-03-16T04:30:00Z', 'confirmed');

    await db.insert(bookingEvents).values([
      {
        bookingId: early.id,
        action: 'cancelled',
        fromState: 'confirmed',
        toState: 'cancelled',
        actorType: 'client',
        actorId: client.user.id,
        createdAt: early.cancelledAt!,
      },
      {
        bookingId: late.id,
        action: 'cancelled',
        fromState: 'confirmed',
        toState: 'cancelled',
        actorType: 'client',
        actorId: client.user.id,
        createdAt: late.cancelledAt!,
      },
      {
        bookingId: byOwner.id,
        action: 'cancelled',
        fromState: 'confirmed',
        toState: 'cancelled',
        actorType: 'owner',
        actorId: owner.user.id,
        createdAt: byOwner.cancelledAt!,
      },
    ]);

    const pay = async (
      bookingId: string,
      amountMinor: number,
      currency: string,
      paidAt: string,
      refunds: [number, string, 'succeeded' | 'pending' | 'failed'][] = [],
    ) => {
      const refunded = refunds.filter(([, , s]) => s === 'succeeded').reduce((n, [a]) => n + a, 0);
      const [payment] = await db
        .insert(payments)
        .values({
          bookingId,
          clientId: client.user.id,
          amountMinor,
          currency,
          provider: 'manual',
          status:
            refunded === 0 ? 'paid' : refunded === amountMinor ? 'refunded' : 'partially_refunded',
          refundedMinor: refunded,
          paidAt: new Date(paidAt),
        })
        .returning();
      for (const [amount, at, status] of refunds) {
        await db.insert(paymentRefunds).values({
          paymentId: payment!.id,
          amountMinor: amount,
          status,
          createdAt: new Date(at),
        });
      }
    };
    // Paid before the range, partly refunded in it: the refund counts in the range.
    await pay(b0.id, 5000, 'USD', '2026-02-20T15:00:00Z', [
      [1000, '2026-03-05T15:00:00Z', 'succeeded'],
    ]);
    await pay(b2.id, 10000, 'USD', '2026-03-03T15:00:00Z', [
      [2500, '2026-03-10T15:00:00Z', 'succeeded'],
      [1500, '2026-03-11T15:00:00Z', 'failed'],
    ]);
    // Refunded after the range: the range keeps the whole payment.
    await pay(b4.id, 8000, 'EUR', '2026-03-09T15:00:00Z', [
      [8000, '2026-04-02T15:00:00Z', 'succeeded'],
    ]);
    await pay(b10.id, 3000, 'USD', '2026-03-16T03:00:00Z'); // 03-15 23:00 EDT
    await db.insert(payments).values({
      bookingId: late.id,
      clientId: client.user.id,
      amountMinor: 4000,
      currency: 'USD',
      provider: 'manual',
      status: 'pending',
    });

    const message = (at: string) =>
      db.insert(contactMessages).values({
        name: 'Sara Khan',
        email: 'sara@example.com',
        phone: '+923001234567',
        type: 'General',
        message: 'Hello there, a question about sessions.',
        createdAt: new Date(at),
      });
    await message('2026-03-05T15:00:00Z');
    await message('2026-03-14T15:00:00Z');
    await message('2026-02-25T15:00:00Z');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, who: Person | null = owner) =>
    t.app.inject({ method: 'GET', url, headers: who?.headers });

  async function metrics(query: string): Promise<Metrics> {
    const res = await get(`/api/admin/metrics?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return metricsSchema.parse(res.json());
  }

  it('counts bookings by state and cancellations by who, by start in the owner’s days', async () => {
    const m = await metrics('from=2026-03-02&to=2026-03-15');
    expect(m.range).toEqual({ from: '2026-03-02', to: '2026-03-15', timeZone: 'America/New_York' });
    expect(m.bookings).toEqual({
      total: 10,
      byState: {
        pending_payment: 1,
        confirmed: 2,
        completed: 2,
        no_show: 1,
        cancelled: 3,
        expired: 1,
      },
    });
    expect(m.cancellations).toEqual({ clientEarly: 1, clientLate: 1, owner: 1 });
    expect(m.newClients).toBe(2);
    expect(m.contactMessages).toBe(2);
    expect(m.noShowRate).toBeCloseTo(1 / 3, 10);
  });

  it('counts bookings made in the range by when they were made, beside those that start in it', async () => {
    const db = t.app.deps.db;
    const madeAt = (startAt: string, createdAt: string) =>
      db
        .update(bookings)
        .set({ createdAt: new Date(createdAt) })
        .where(eq(bookings.startAt, new Date(startAt)));
    await db.update(bookings).set({ createdAt: new Date('2025-06-01T12:00:00Z') });
    // Starts after the range, made in it.
    await madeAt('2026-03-16T04:30:00Z', '2026-03-05T15:00:00Z');
    // Made at 2026-03-15 23:30 EDT, the range's last evening (UTC calls it 03-16).
    await madeAt('2026-03-09T14:00:00Z', '2026-03-16T03:30:00Z');
    // A payment hold made in the range that expired: no booking was made.
    await madeAt('2026-03-13T14:00:00Z', '2026-03-06T15:00:00Z');
    // Cancelled later, but made in the range all the same.
    await madeAt('2026-03-12T14:00:00Z', '2026-03-03T15:00:00Z');
    // Starts in the range, made in the range before it.
    await madeAt('2026-03-03T15:00:00Z', '2026-02-20T15:00:00Z');
    // Made at 2026-03-16 00:30 EDT: after the range.
    await madeAt('2026-03-02T15:00:00Z', '2026-03-16T04:30:00Z');

    const m = await metrics('from=2026-03-02&to=2026-03-15');
    expect(m.bookingsMade).toBe(3);
    expect(m.bookings.total).toBe(10);
    expect(m.previous.bookingsMade).toBe(1);
    expect(m.previous.bookings.total).toBe(1);
  });

  it('works out utilisation over open hours across the DST change', async () => {
    const m = await metrics('from=2026-03-02&to=2026-03-15');
    // Open: 9 weekdays × 8 h (03-04 closed) + 2 h on Saturday 03-07 + 3 h on the 4-hour clock
    // span of the spring-forward night = 77 h. Booked: 60 + 90 + 60 + 60 + 60 minutes = 5.5 h.
    expect(m.utilisation).toBeCloseTo(5.5 / 77, 10);
  });

  it('nets revenue per currency from the payment records: paid by paid date, refunds by theirs', async () => {
    const m = await metrics('from=2026-03-02&to=2026-03-15');
    expect(m.revenue).toEqual([
      { currency: 'EUR', paidMinor: 8000, refundedMinor: 0, netMinor: 8000 },
      { currency: 'USD', paidMinor: 13000, refundedMinor: 3500, netMinor: 9500 },
    ]);
    expect(m.series.revenuePerMonth).toEqual([
      { month: '2026-03', currency: 'EUR', netMinor: 8000 },
      { month: '2026-03', currency: 'USD', netMinor: 9500 },
    ]);
  });

  it('gives every week of the range, Mondays in the owner’s zone, zero weeks included', async () => {
    const m = await metrics('from=2026-02-23&to=2026-03-15');
    expect(m.series.bookingsPerWeek).toEqual([
      { weekStart: '2026-02-23', count: 1 },
      { weekStart: '2026-03-02', count: 3 },
      { weekStart: '2026-03-09', count: 7 },
    ]);
    const quiet = await metrics('from=2026-01-05&to=2026-01-18');
    expect(quiet.series.bookingsPerWeek).toEqual([
      { weekStart: '2026-01-05', count: 0 },
      { weekStart: '2026-01-12', count: 0 },
    ]);
    expect(quiet.bookings.total).toBe(0);
    expect(quiet.revenue).toEqual([]);
    expect(quiet.noShowRate).toBeNull();
  });

  it('compares with the range of the same length just before', async () => {
    const { previous } = await metrics('from=2026-03-02&to=2026-03-15');
    expect(previous.range).toEqual({
      from: '2026-02-16',
      to: '2026-03-01',
      timeZone: 'America/New_York',
    });
    expect(previous.bookings.total).toBe(1);
    expect(previous.bookings.byState.confirmed).toBe(1);
    expect(previous.revenue).toEqual([
      { currency: 'USD', paidMinor: 5000, refundedMinor: 0, netMinor: 5000 },
    ]);
    expect(previous.newClients).toBe(1);
    expect(previous.contactMessages).toBe(1);
    expect(previous.utilisation).toBeCloseTo(1 / 80, 10); // 10 weekdays × 8 h, one hour booked
    expect(previous.noShowRate).toBeNull();
  });

  it('answers null utilisation for a range without open hours, bookings or not', async () => {
    const m = await metrics('from=2026-03-14&to=2026-03-15');
    expect(m.bookings.byState.confirmed).toBe(1);
    expect(m.utilisation).toBeNull();
  });

  it('defaults to the last 30 days up to the owner’s today', async () => {
    const m = await metrics('');
    expect(m.range).toMatchObject({ from: '2026-02-14', to: '2026-03-15' });
    expect(m.previous.range).toMatchObject({ from: '2026-01-15', to: '2026-02-13' });
  });

  it.each([
    ['from=2026-03-15&to=2026-03-02', 'to', METRICS_MESSAGES.reversed],
    ['from=2024-01-01&to=2026-01-02', 'to', METRICS_MESSAGES.tooLong(731)],
    ['from=2026-03-02', 'to', METRICS_MESSAGES.bothDates],
    ['from=2026-02-30&to=2026-03-02', 'from', METRICS_MESSAGES.dateInvalid],
  ])('refuses %s with a message on %s', async (query, field, message) => {
    for (const path of ['/api/admin/metrics', '/api/admin/metrics/bookings.csv']) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
    }
  });

  it('accepts two years to the day', async () => {
    await metrics('from=2024-03-16&to=2026-03-15');
  });

  it('is the owner’s only: a client gets 403 and no token 401', async () => {
    for (const path of ['/api/admin/metrics', '/api/admin/metrics/bookings.csv']) {
      expect((await get(path, client)).statusCode).toBe(403);
      expect((await get(path, null)).statusCode).toBe(401);
    }
  });

  it('downloads the range’s bookings as CSV in the owner’s zone, formulas defused', async () => {
    const res = await get('/api/admin/metrics/bookings.csv?from=2026-03-02&to=2026-03-15');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="bookings-2026-03-02-to-2026-03-15.csv"',
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Booking,Start,End,Time zone,State,Service,Minutes,Price,Currency,Client,Client e-mail,Payment,Paid,Refunded,Cancelled at',
    );
    expect(lines).toHaveLength(11);
    const first = lines[1]!.split(',');
    expect(first.slice(1, 5)).toEqual([
      '2026-03-02 10:00',
      '2026-03-02 11:00',
      'America/New_York',
      'Confirmed',
    ]);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    const last = lines[10]!;
    expect(last).toContain('2026-03-15 23:30');
    expect(last).toContain(',paid,30.00,0.00,');
    expect(lines.find((line) => line.includes('2026-03-11 10:00'))).toContain(
      'Cancelled,Strategy session,60,100.00,USD',
    );
  });
});

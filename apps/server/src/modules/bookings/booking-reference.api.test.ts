import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  adminBookingDetailSchema,
  adminBookingRecordSchema,
  adminBookingsPageSchema,
  adminPaymentsPageSchema,
  BOOKING_REFERENCE_PATTERN,
  bookingRecordSchema,
  pastBookingsPageSchema,
  paymentsListSchema,
  upcomingBookingsSchema,
  type PaymentSettingsInput,
} from '@consult/shared';
import { serverPackageRoot } from '../../db/migrate';
import { signedInUser } from '../../test/accounts';
import { insertTestBooking, insertTestService } from '../../test/bookings';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addService, openEveryDay, slotAt } from './booking-test-setup';
import { newBookingReference } from './booking-reference';
import { sendDueReminders } from './jobs/booking-jobs';
import { insertBookingWithReference, serviceSnapshot } from './bookings-repository';
import { isUniqueViolation } from '../../db/database-errors';
import { bookings } from './schema';

type Person = Awaited<ReturnType<typeof signedInUser>>;

describe('booking references and the payment instructions a client sees', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let owner: Person;
  let day = 2;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url, OWNER_EMAIL: 'owner@example.test' } });
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'paid-session', priceMinor: 15000, currency: 'GBP' });
    await addService(t.app, { slug: 'free-chat' });
    owner = await signedInUser(t.app, { role: 'admin' });
    await settings({ provider: 'manual', manualInstructions: 'IBAN GB33 BUKB 2020 1555 5555 55' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Person, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers, payload });

  async function settings(input: PaymentSettingsInput) {
    const res = await call('PUT', '/api/admin/payment-settings', owner, input);
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A booking of a new (or the given) client, on its own day so no two tests compete for a slot. */
  async function book(service: 'paid-session' | 'free-chat', client?: Person) {
    const who = client ?? (await signedInUser(t.app));
    day += 1;
    const res = await call('POST', '/api/bookings', who, {
      service,
      start: slotAt(day, '10:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    return { client: who, booking: bookingRecordSchema.parse(res.json()), raw: res.json() };
  }

  function expectReference(reference: unknown) {
    expect(reference).toEqual(expect.stringMatching(BOOKING_REFERENCE_PATTERN));
  }

  it('carries a reference of 4–10 letters and digits on every booking answer, the same everywhere and unique', async () => {
    const { client, booking } = await book('free-chat');
    expectReference(booking.reference);
    const ref = booking.reference;

    const detail = bookingRecordSchema.parse(
      (await call('GET', `/api/bookings/${booking.id}`, client)).json(),
    );
    expect(detail.reference).toBe(ref);
    const upcoming = upcomingBookingsSchema.parse(
      (await call('GET', '/api/bookings/upcoming', client)).json(),
    );
    expect(upcoming.bookings.map((b) => b.reference)).toEqual([ref]);

    day += 1;
    const moved = await call('POST', `/api/bookings/${booking.id}/reschedule`, client, {
      start: slotAt(day, '11:00'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(bookingRecordSchema.parse(moved.json()).reference).toBe(ref);

    const list = adminBookingsPageSchema.parse(
      (await call('GET', '/api/admin/bookings', owner)).json(),
    );
    expect(list.bookings.find((b) => b.id === booking.id)?.reference).toBe(ref);
    const ownerDetail = adminBookingDetailSchema.parse(
      (await call('GET', `/api/admin/bookings/${booking.id}`, owner)).json(),
    );
    expect(ownerDetail.reference).toBe(ref);
    const record = await call('GET', `/api/admin/users/${client.user.id}`, owner);
    expect(record.statusCode, record.body).toBe(200);
    expect((record.json() as { bookings: { reference: string }[] }).bookings[0]?.reference).toBe(
      ref,
    );

    const cancelled = await call('POST', `/api/bookings/${booking.id}/cancel`, client, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(bookingRecordSchema.parse(cancelled.json()).reference).toBe(ref);
    const past = pastBookingsPageSchema.parse(
      (await call('GET', '/api/bookings/past', client)).json(),
    );
    expect(past.bookings.map((b) => b.reference)).toEqual([ref]);

    day += 1;
    const forClient = await call('POST', '/api/admin/bookings', owner, {
      clientId: client.user.id,
      service: 'free-chat',
      start: slotAt(day, '12:00'),
    });
    expect(forClient.statusCode, forClient.body).toBe(201);
    const ownerMade = adminBookingRecordSchema.parse(forClient.json());
    expectReference(ownerMade.reference);
    expect(ownerMade.reference).not.toBe(ref);

    const [duplicates] = await t.database.db
      .select({ n: sql<number>`count(*) - count(distinct ${bookings.reference})` })
      .from(bookings);
    expect(Number(duplicates!.n)).toBe(0);
  });

  it('finds a booking by its reference in the owner’s bookings and payments, in any case', async () => {
    const { booking } = await book('paid-session');
    const { booking: other } = await book('paid-session');
    for (const q of [booking.reference, booking.reference.toLowerCase()]) {
      const found = adminBookingsPageSchema.parse(
        (await call('GET', `/api/admin/bookings?q=${encodeURIComponent(q)}`, owner)).json(),
      );
      expect(found.bookings.map((b) => b.id)).toEqual([booking.id]);
      const payments = adminPaymentsPageSchema.parse(
        (await call('GET', `/api/admin/payments?q=${encodeURIComponent(q)}`, owner)).json(),
      );
      expect(payments.payments.map((p) => [p.bookingId, p.bookingReference])).toEqual([
        [booking.id, booking.reference],
      ]);
    }
    expect(other.reference).not.toBe(booking.reference);
  });

  it('finds a payment by its receipt number too', async () => {
    const { client } = await book('paid-session');
    const [payment] = paymentsListSchema.parse(
      (await call('GET', '/api/payments', client)).json(),
    ).payments;
    const paid = await call('POST', `/api/admin/payments/${payment!.id}/mark-paid`, owner, {
      method: 'bank_transfer',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const receipt = (paid.json() as { receiptNumber: string }).receiptNumber;
    const found = adminPaymentsPageSchema.parse(
      (await call('GET', `/api/admin/payments?q=${encodeURIComponent(receipt)}`, owner)).json(),
    );
    expect(found.payments.map((p) => p.id)).toEqual([payment!.id]);
  });

  it('tells the client how to pay, and how much, only while a manual payment is due', async () => {
    const { client, booking, raw } = await book('paid-session');
    const due = { paymentInstructions: 'IBAN GB33 BUKB 2020 1555 5555 55', amountDueMinor: 15000 };
    expect(raw).toMatchObject({ ...due, currency: 'GBP', paymentDue: true });
    const detail = (await call('GET', `/api/bookings/${booking.id}`, client)).json();
    expect(detail).toMatchObject(due);
    const upcoming = (await call('GET', '/api/bookings/upcoming', client)).json() as {
      bookings: object[];
    };
    expect(upcoming.bookings[0]).toMatchObject(due);

    // Another client's booking is not theirs to read, instructions or not.
    const stranger = await signedInUser(t.app);
    const foreign = await call('GET', `/api/bookings/${booking.id}`, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('IBAN');

    // The owner's answers never carry them: the owner knows their own instructions.
    const ownerView = (await call('GET', `/api/admin/bookings/${booking.id}`, owner)).json();
    expect(ownerView).not.toHaveProperty('paymentInstructions');

    // A free booking has nothing to pay.
    const free = await book('free-chat', client);
    expect(free.raw).not.toHaveProperty('paymentInstructions');
    expect(free.raw).not.toHaveProperty('amountDueMinor');

    // Paid: nothing due any more.
    const [payment] = paymentsListSchema
      .parse((await call('GET', '/api/payments', client)).json())
      .payments.filter((p) => p.bookingId === booking.id);
    const paid = await call('POST', `/api/admin/payments/${payment!.id}/mark-paid`, owner, {
      method: 'bank_transfer',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await call('GET', `/api/bookings/${booking.id}`, client)).json();
    expect(after).not.toHaveProperty('paymentInstructions');
    expect(after).not.toHaveProperty('amountDueMinor');
  });

  it('says nothing of instructions once a booking with a payment due is cancelled', async () => {
    const { client, booking } = await book('paid-session');
    const cancelled = await call('POST', `/api/bookings/${booking.id}/cancel`, client, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const detail = (await call('GET', `/api/bookings/${booking.id}`, client)).json();
    expect(detail).toMatchObject({ state: 'cancelled' });
    expect(detail).not.toHaveProperty('paymentInstructions');
  });

  it('answers an empty text when the owner wrote no instructions, and the mail says the business will tell', async () => {
    await settings({ provider: 'manual', manualInstructions: '' });
    try {
      const { client, booking, raw } = await book('paid-session');
      expect(raw).toMatchObject({ paymentInstructions: '', amountDueMinor: 15000 });
      await t.app.deps.mailer.deliverDue();
      const mail = await peer.waitForMail(
        (m) => m.to.includes(client.user.email) && /^Booking confirmed/.test(m.subject),
      );
      expect(mail.text).toContain('How to pay: The business will tell you how to pay.');
      expect(mail.text).toContain(
        `Payment reference: Write ${booking.reference} as the payment reference.`,
      );
    } finally {
      await settings({
        provider: 'manual',
        manualInstructions: 'IBAN GB33 BUKB 2020 1555 5555 55',
      });
    }
  });

  it('mails the reference, the amount and the instructions with the confirmation, and the reference to the owner', async () => {
    const { client, booking } = await book('paid-session');
    await t.app.deps.mailer.deliverDue();
    const mail = await peer.waitForMail(
      (m) =>
        m.to.includes(client.user.email) &&
        /^Booking confirmed/.test(m.subject) &&
        m.text.includes(booking.reference),
    );
    expect(mail.text).toContain(`Booking reference: ${booking.reference}`);
    expect(mail.text).toMatch(/Payment: £150(\.00)? due/);
    expect(mail.text).toContain('How to pay: IBAN GB33 BUKB 2020 1555 5555 55');
    expect(mail.text).toContain(`Write ${booking.reference} as the payment reference.`);
    const copy = await peer.waitForMail(
      (m) => m.to.includes('owner@example.test') && m.text.includes(booking.reference),
    );
    expect(copy.text).toContain(`Booking reference: ${booking.reference}`);
  });

  it('reminds a client with a payment due how to pay it, with the reference', async () => {
    const { client, booking } = await book('paid-session');
    const now = new Date(Date.parse(booking.start) - 2 * 3_600_000);
    expect(await sendDueReminders(t.app.deps, now)).toBeGreaterThanOrEqual(1);
    await t.app.deps.mailer.deliverDue();
    const reminder = await peer.waitForMail(
      (m) => m.to.includes(client.user.email) && /^Reminder/.test(m.subject),
    );
    expect(reminder.text).toContain(`Booking reference: ${booking.reference}`);
    expect(reminder.text).toContain('How to pay: IBAN GB33 BUKB 2020 1555 5555 55');
    expect(reminder.text).toContain(`Write ${booking.reference} as the payment reference.`);
  });

  it('documents the reference, the instructions and the amount due in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    const answer = JSON.stringify(doc.paths['/api/bookings/{id}']?.get?.responses['200']);
    expect(answer).toContain('"reference"');
    expect(answer).toContain('"paymentInstructions"');
    expect(answer).toContain('"amountDueMinor"');
    expect(answer).toContain('Only while the booking’s payment is due under manual payments');
    expect(answer).toContain('in minor units of `currency`');
  });

  it('draws another reference when the one drawn is taken, and lets other refusals through', async () => {
    const service = await insertTestService(t.database.db);
    const client = await signedInUser(t.app);
    const taken = await insertTestBooking(t.database.db, {
      service,
      clientId: client.user.id,
      startAt: new Date(Date.now() + 200 * 86_400_000),
      state: 'cancelled',
    });
    const draws = [taken.reference, 'FRESH2'];
    const values = {
      ...serviceSnapshot(service),
      clientId: client.user.id,
      startAt: new Date(Date.now() + 201 * 86_400_000),
      endAt: new Date(Date.now() + 201 * 86_400_000 + 3_600_000),
      blockedUntil: new Date(Date.now() + 201 * 86_400_000 + 3_600_000),
      state: 'cancelled' as const,
      idempotencyKey: 'same-key',
    };
    const row = await t.database.db.transaction((tx) =>
      insertBookingWithReference(tx, values, () => draws.shift()!),
    );
    expect(row.reference).toBe('FRESH2');
    expect(draws).toEqual([]);

    // The same Idempotency-Key again is another unique index: thrown at once, not drawn again.
    let calls = 0;
    const failure = await t.database.db
      .transaction((tx) =>
        insertBookingWithReference(tx, values, () => {
          calls += 1;
          return newBookingReference();
        }),
      )
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect(calls).toBe(1);
  });

  it('gives every existing booking its own reference when the migration runs', async () => {
    const service = await insertTestService(t.database.db);
    const client = await signedInUser(t.app);
    for (let i = 0; i < 40; i += 1) {
      await insertTestBooking(t.database.db, {
        service,
        clientId: client.user.id,
        startAt: new Date(Date.now() + (300 + i) * 86_400_000),
        state: 'cancelled',
      });
    }
    const file = readdirSync(join(serverPackageRoot(), 'drizzle')).find((name) =>
      name.endsWith('_booking_reference.sql'),
    );
    const statements = readFileSync(join(serverPackageRoot(), 'drizzle', file!), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter(Boolean);
    // As before the migration: no column, then the migration's own statements.
    await t.database.db.execute(sql`alter table bookings drop column reference`);
    for (const statement of statements) await t.database.db.execute(sql.raw(statement));

    const rows = await t.database.db
      .select({ reference: bookings.reference })
      .from(bookings)
      .where(eq(bookings.clientId, client.user.id));
    expect(rows).toHaveLength(40);
    for (const { reference } of rows)
      expect(reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/);
    const all = await t.database.db.select({ reference: bookings.reference }).from(bookings);
    expect(new Set(all.map((r) => r.reference)).size).toBe(all.length);
  });
});

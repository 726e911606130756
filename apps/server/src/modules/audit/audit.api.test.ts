import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZE,
  auditFiltersSchema,
  auditPageSchema,
  type AuditPage,
} from '@consult/shared';
import { signedInUser, TEST_PASSWORD } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addService, openEveryDay, slotAt } from '../bookings/booking-test-setup';
import { loadSchedulingSettings } from '../bookings/scheduling-settings';
import { payments } from '../payments/schema';
import { contactMessages } from '../site/schema';
import { insertAuditEntry } from './audit-repository';
import { auditLog } from './schema';

describe('the audit log', () => {
  let t: TestApp;
  type Person = Awaited<ReturnType<typeof signedInUser>>;
  let owner: Person;
  let client: Person;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInUser(t.app, { role: 'admin', name: 'Olivia Owner' });
    client = await signedInUser(t.app, { name: 'Carl Client' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    who?: Person,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who?.headers, payload });

  async function audit(query = ''): Promise<AuditPage> {
    const res = await call('GET', `/api/admin/audit?${query}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    return auditPageSchema.parse(res.json());
  }

  it('answers 401 without a session and 403 to a client', async () => {
    for (const url of ['/api/admin/audit', '/api/admin/audit/filters']) {
      expect((await call('GET', url)).statusCode).toBe(401);
      expect((await call('GET', url, client)).statusCode).toBe(403);
    }
  });

  it('writes one entry with before and after for each kind of owner change, never a secret', async () => {
    const expectOk = async (res: Promise<{ statusCode: number; body: string }>) => {
      const done = await res;
      expect(done.statusCode, done.body).toBeLessThan(300);
      return JSON.parse(done.body || 'null') as Record<string, unknown>;
    };
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'audit-session' });

    // settings, services, hours
    const scheduling = await expectOk(call('GET', '/api/admin/scheduling', owner));
    const rules = scheduling.rules as Record<string, unknown>;
    await expectOk(
      call('PUT', '/api/admin/scheduling', owner, {
        ...scheduling,
        rules: { ...rules, bufferMinutes: 5 },
      }),
    );
    const service = await expectOk(
      call('POST', '/api/admin/services', owner, {
        slug: 'pricing-review',
        title: 'Pricing review',
        summary: 'Half an hour on your prices.',
        description: 'We look at what you charge and why.',
        durationMinutes: 30,
        priceMinor: 5000,
        currency: 'USD',
        meetingMode: 'video',
        active: true,
        order: 5,
      }),
    );
    await expectOk(
      call('PUT', '/api/admin/payment-settings', owner, {
        provider: 'manual',
        manualInstructions: 'Pay by bank transfer to IBAN DE00 1234.',
      }),
    );
    // bookings and payments
    const booking = await expectOk(
      call('POST', '/api/admin/bookings', owner, {
        clientId: client.user.id,
        service: 'audit-session',
        start: slotAt(3, '10:00'),
      }),
    );
    await expectOk(call('POST', `/api/admin/bookings/${String(booking.id)}/cancel`, owner, {}));
    await addService(t.app, { slug: 'paid-session', priceMinor: 5000, currency: 'EUR' });
    const paid = await expectOk(
      call('POST', '/api/admin/bookings', owner, {
        clientId: client.user.id,
        service: 'paid-session',
        start: slotAt(4, '10:00'),
      }),
    );
    await expectOk(
      call('POST', `/api/admin/bookings/${String(paid.id)}/paid`, owner, { method: 'cash' }),
    );
    const [payment] = await t.app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, String(paid.id)));
    await expectOk(
      call('POST', `/api/admin/payments/${payment!.id}/refund`, owner, { amountMinor: 1000 }),
    );
    // users, tasks, notes, messages
    await expectOk(call('PATCH', `/api/admin/users/${client.user.id}`, owner, { disabled: true }));
    await expectOk(call('PATCH', `/api/admin/users/${client.user.id}`, owner, { disabled: false }));
    await expectOk(
      call('POST', '/api/admin/tasks', owner, { clientId: client.user.id, title: 'Send figures' }),
    );
    await expectOk(
      call('POST', `/api/admin/users/${client.user.id}/notes`, owner, { text: 'Private words' }),
    );
    const [message] = await t.app.deps.db
      .insert(contactMessages)
      .values({
        name: 'Vera',
        email: 'vera@example.test',
        phone: '+491701234567',
        type: 'General',
        message: 'Hello there',
      })
      .returning();
    await expectOk(
      call('PATCH', `/api/admin/messages/${message!.id}`, owner, { state: 'handled' }),
    );

    const rows = await t.app.deps.db.select().from(auditLog);
    const actions = rows.map((row) => row.action);
    for (const action of [
      'scheduling.update',
      'service.create',
      'payments.settings',
      'booking.created',
      'booking.cancelled',
      'payment.mark_paid',
      'payment.refund',
      'user.update',
      'task.create',
      'client_note.create',
      'message.state',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(actions.filter((a) => a === 'service.create')).toHaveLength(1);
    expect(actions.filter((a) => a === 'user.update')).toHaveLength(2);

    const byAction = (action: string) => rows.find((row) => row.action === action)!.details;
    expect(byAction('scheduling.update')).toEqual({
      before: { rules: { bufferMinutes: rules.bufferMinutes } },
      after: { rules: { bufferMinutes: 5 } },
    });
    expect(byAction('service.create')).toMatchObject({
      before: null,
      after: { slug: 'pricing-review', title: service.title },
    });
    expect(byAction('user.update')).toEqual({
      before: { disabled: false },
      after: { disabled: true },
    });
    expect(byAction('booking.cancelled')).toMatchObject({
      before: { state: 'confirmed' },
      after: { state: 'cancelled' },
    });
    expect(byAction('payment.refund')).toMatchObject({
      before: { refundedMinor: 0 },
      after: { refundedMinor: 1000 },
    });
    expect(byAction('payment.mark_paid')).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'paid' },
    });
    expect(byAction('message.state')).toEqual({
      before: { state: 'new' },
      after: { state: 'handled' },
    });

    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(TEST_PASSWORD);
    expect(everything).not.toMatch(/argon2|passwordHash|password_hash|refreshToken|tokenHash/i);
    expect(everything).not.toContain(client.accessToken);
    expect(everything).not.toContain('Private words');
  });

  it('filters by person, action, dates and text, names the actor and pages newest first', async () => {
    const all = await audit();
    expect(all.totalEntries).toBeGreaterThan(5);
    expect(all.entries[0]!.actor).toEqual({
      id: owner.user.id,
      name: 'Olivia Owner',
      email: owner.user.email,
    });
    const times = all.entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);

    const tasks = await audit('action=task.create');
    expect(tasks.entries.map((entry) => entry.action)).toEqual(['task.create']);
    expect((await audit(`actor=${client.user.id}`)).totalEntries).toBe(0);
    expect((await audit(`actor=${owner.user.id}`)).totalEntries).toBe(all.totalEntries);
    expect((await audit('q=pricing-review')).entries.map((e) => e.action)).toContain(
      'service.create',
    );
    expect((await audit('q=olivia')).totalEntries).toBe(all.totalEntries);

    // The filter's days are the owner's: the newest entry's day in the owner's zone, whatever the
    // hour in UTC (the day of the entry itself, not of the clock now, which may have passed midnight).
    const { timeZone } = (await loadSchedulingSettings(t.app.deps.db)).rules;
    const newestDay = new Intl.DateTimeFormat('en-CA', { timeZone }).format(
      new Date(all.entries[0]!.at),
    );
    const future = '2999-01-01';
    expect((await audit(`from=${future}`)).totalEntries).toBe(0);
    expect((await audit(`from=2000-01-01&to=${future}`)).totalEntries).toBe(all.totalEntries);
    expect((await audit(`to=2000-01-01`)).totalEntries).toBe(0);
    expect(
      (await audit(`from=${newestDay}&to=${newestDay}&action=&q=`)).totalEntries,
    ).toBeGreaterThan(0);

    const filters = auditFiltersSchema.parse(
      (await call('GET', '/api/admin/audit/filters', owner)).json(),
    );
    expect(filters.actions).toContain('task.create');
    expect(filters.actors.map((actor) => actor.id)).toEqual([owner.user.id]);
  });

  it('pages by 25 and answers bad filters with 400 per field', async () => {
    for (let i = 0; i < AUDIT_PAGE_SIZE + 2; i += 1) {
      await insertAuditEntry(t.app.deps.db, {
        actorId: owner.user.id,
        action: 'test.bulk',
        target: `row-${i}`,
        details: {},
      });
    }
    const first = await audit('action=test.bulk');
    expect(first).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      totalEntries: AUDIT_PAGE_SIZE + 2,
    });
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    const second = await audit('action=test.bulk&page=2');
    expect(second.entries).toHaveLength(2);

    const bad = await call('GET', '/api/admin/audit?from=2026-02-30&actor=nobody', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      from: [AUDIT_MESSAGES.dateInvalid],
      actor: [AUDIT_MESSAGES.actorInvalid],
    });
    const reversed = await call('GET', '/api/admin/audit?from=2026-03-02&to=2026-03-01', owner);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual({ to: [AUDIT_MESSAGES.rangeReversed] });
  });
});

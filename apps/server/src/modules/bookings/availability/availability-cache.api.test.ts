/**
 * The availability cache stays fresh (decision 017): a cached answer is dropped at once by a
 * booking, a cancel, a settings change or a service change, whether made through the API, a
 * service function or plain SQL, and a repeated read is served without the database.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { availabilitySchema } from '@consult/shared';
import { signedInUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addService, dayAhead, openEveryDay, slotAt, TEST_RULES } from '../booking-test-setup';
import type { ServiceRow } from '../services-repository';

describe('availability cache', () => {
  let t: TestApp;
  let service: ServiceRow;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let client: Awaited<ReturnType<typeof signedInUser>>;
  const date = dayAhead(5);

  beforeAll(async () => {
    t = await createTestApp();
    await openEveryDay(t.app);
    service = await addService(t.app, { slug: 'cached-call' });
    owner = await signedInUser(t.app, { role: 'admin' });
    client = await signedInUser(t.app);
  });
  afterAll(() => t.close());
  beforeEach(() => vi.restoreAllMocks());

  async function slotsOn(slug = 'cached-call', day = date): Promise<string[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/availability?service=${slug}&from=${day}&to=${day}&timeZone=UTC`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return availabilitySchema.parse(res.json()).days.flatMap((d) => d.slots);
  }

  it('serves a repeated read without any query', async () => {
    expect(await slotsOn()).not.toHaveLength(0);
    expect(t.app.deps.availabilityCache.enabled).toBe(true);
    // On PostgreSQL the set-up writes are also reported a moment later over the listening
    // connection, each dropping the cache once: read until the notifications have settled.
    let queried = true;
    for (let attempt = 0; attempt < 50 && queried; attempt += 1) {
      await slotsOn();
      const select = vi.spyOn(t.app.deps.db, 'select');
      await slotsOn();
      queried = select.mock.calls.length > 0;
      select.mockRestore();
      if (queried) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(queried).toBe(false);
  });

  it('drops a slot booked through the API at once, and offers it again after a cancel', async () => {
    const start = slotAt(5, '10:00');
    expect(await slotsOn()).toContain(start);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: client.headers,
      payload: { service: 'cached-call', start },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await slotsOn()).not.toContain(start);

    const id = (booked.json() as { id: string }).id;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      headers: client.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await slotsOn()).toContain(start);
  });

  it('sees a write made outside the API (a job, a script) at once', async () => {
    const start = slotAt(5, '14:00');
    expect(await slotsOn()).toContain(start);
    await t.app.deps.db.execute(sql`
      insert into bookings (reference, client_id, service_id, service_slug, service_title, duration_minutes, price_minor,
        currency, meeting_mode, start_at, end_at, blocked_until, state)
      values ('CACHE2', ${client.user.id}, ${service.id}, 'cached-call', 'x', 60, 0, 'USD', 'video', ${start}::timestamptz,
        ${start}::timestamptz + interval '60 minutes', ${start}::timestamptz + interval '75 minutes',
        'confirmed')`);
    expect(await slotsOn()).not.toContain(start);
  });

  it('follows a settings change made through the admin API', async () => {
    expect(await slotsOn()).not.toHaveLength(0);
    const closed = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/scheduling',
      headers: owner.headers,
      payload: {
        rules: TEST_RULES,
        weeklyHours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
        dateOverrides: [],
      },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await slotsOn()).toHaveLength(0);
    await openEveryDay(t.app);
    expect(await slotsOn()).not.toHaveLength(0);
  });

  it('follows a service change: a longer duration, then a service taken off the list', async () => {
    const before = await slotsOn();
    const input = {
      slug: 'cached-call',
      title: 'Cached call',
      durationMinutes: 120,
      priceMinor: 0,
      currency: 'USD',
      meetingMode: 'video',
      active: true,
      order: 0,
    };
    const longer = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/services/${service.id}`,
      headers: owner.headers,
      payload: input,
    });
    expect(longer.statusCode, longer.body).toBe(200);
    const after = await slotsOn();
    expect(after.length).toBeLessThan(before.length);

    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/services/${service.id}`,
      headers: owner.headers,
      payload: { ...input, active: false },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/availability?service=cached-call&from=${date}&to=${date}&timeZone=UTC`,
    });
    expect(res.statusCode).toBe(400);
  });
});

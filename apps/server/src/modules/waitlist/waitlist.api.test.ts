/**
 * The waitlist (issue 25): joining and leaving, a freed time offered to the first matching entry
 * and held from everyone else, declined or lapsed to the next, accepted as a booking, the owner's
 * view, and two offer runs at once never offering one time twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  adminWaitlistSchema,
  availabilitySchema,
  createdBookingSchema,
  metricsSchema,
  MINUTE_MS,
  WAITLIST_MESSAGES,
  waitlistEntriesSchema,
  waitlistEntrySchema,
  waitlistOfferViewSchema,
} from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addService, dayAhead, openEveryDay, slotAt } from '../bookings/booking-test-setup';
import { auditLog } from '../audit/schema';
import { mailOutbox } from '../mail/schema';
import { runWaitlistOffers } from './offers';
import { waitlistOffers } from './schema';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

describe('the waitlist', () => {
  let t: TestApp;
  let owner: SignedIn;
  /** How far the app's clock runs ahead of the real one (offers lapsing). */
  let clockAhead = 0;
  /** Each test waits for its own day (3 to 6 ahead), so earlier tests' bookings and offers stay out of its way. */
  let day = 2;

  beforeAll(async () => {
    t = await createTestApp({
      adjustDeps: (deps) => ({ ...deps, clock: () => new Date(Date.now() + clockAhead) }),
    });
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'coaching', priceMinor: 0 });
    owner = await signedInUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  function call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who?: SignedIn,
    payload?: object,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({ method, url, headers: who?.headers, payload });
  }

  const run = () => runWaitlistOffers(t.app.deps);

  /**
   * A client waiting for the 10:00–11:00 hour (UTC) of `onDay` only: its weekday, and no later day
   * (`onDay` stays under a week ahead, so no earlier day shares its weekday).
   */
  async function waitingClient(onDay: number, window = { fromTime: '10:00', toTime: '11:00' }) {
    const client = await signedInUser(t.app);
    const weekday = new Date(`${dayAhead(onDay)}T12:00:00Z`).getUTCDay() || 7;
    const res = await call('POST', '/api/waitlist', client, {
      service: 'coaching',
      latestDate: dayAhead(onDay),
      weekdays: [weekday],
      timeZone: 'UTC',
      ...window,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { client, entry: waitlistEntrySchema.parse(res.json()) };
  }

  /** A day whose 10:00 session is booked by someone: the waiting clients' only time is taken. */
  async function takenDay() {
    day += 1;
    const holder = await signedInUser(t.app);
    const res = await call('POST', '/api/bookings', holder, {
      service: 'coaching',
      start: slotAt(day, '10:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    return { day, holder, bookingId: createdBookingSchema.parse(res.json()).id };
  }

  const openOffers = async (client: SignedIn) =>
    waitlistEntriesSchema
      .parse((await call('GET', '/api/waitlist', client)).json())
      .entries.map((entry) => entry.openOffer)
      .filter((offer) => offer !== null);

  const mailsTo = (email: string) =>
    t.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

  const slotsOn = async (onDay: number) =>
    availabilitySchema
      .parse(
        (
          await call(
            'GET',
            `/api/availability?service=coaching&from=${dayAhead(onDay)}&to=${dayAhead(onDay)}&timeZone=UTC`,
          )
        ).json(),
      )
      .days.flatMap((entry) => entry.slots);

  it('joins, lists and leaves; refuses a past date, a reversed window, a 4th entry and a repeat', async () => {
    const client = await signedInUser(t.app);
    const join = (payload: object) =>
      call('POST', '/api/waitlist', client, { service: 'coaching', timeZone: 'UTC', ...payload });

    const past = await join({ latestDate: dayAhead(-2) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.latestDate).toEqual([WAITLIST_MESSAGES.latestDatePast]);
    const reversed = await join({ latestDate: dayAhead(5), fromTime: '15:00', toTime: '09:00' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.toTime).toEqual([WAITLIST_MESSAGES.timeWindowReversed]);
    const unknown = await call('POST', '/api/waitlist', client, {
      service: 'nothing-here',
      latestDate: dayAhead(5),
    });
    expect(unknown.statusCode).toBe(400);

    const first = await join({ latestDate: dayAhead(5), weekdays: [3, 1] });
    expect(first.statusCode, first.body).toBe(201);
    expect(waitlistEntrySchema.parse(first.json())).toMatchObject({
      service: 'coaching',
      latestDate: dayAhead(5),
      weekdays: [1, 3],
      fromTime: null,
      state: 'active',
      timeZone: 'UTC',
    });
    expect((await join({ latestDate: dayAhead(6) })).json().detail).toBe(
      WAITLIST_MESSAGES.alreadyWaiting,
    );
    for (const slug of ['second', 'third', 'fourth']) await addService(t.app, { slug });
    expect(
      (await call('POST', '/api/waitlist', client, { service: 'second', latestDate: dayAhead(5) }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call('POST', '/api/waitlist', client, { service: 'third', latestDate: dayAhead(5) }))
        .statusCode,
    ).toBe(201);
    const fourth = await call('POST', '/api/waitlist', client, {
      service: 'fourth',
      latestDate: dayAhead(5),
    });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().detail).toBe(WAITLIST_MESSAGES.tooManyEntries);

    const entryId = waitlistEntrySchema.parse(first.json()).id;
    const stranger = await signedInUser(t.app);
    expect((await call('DELETE', `/api/waitlist/${entryId}`, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/waitlist/${entryId}`, client)).statusCode).toBe(204);
    const { entries } = waitlistEntriesSchema.parse(
      (await call('GET', '/api/waitlist', client)).json(),
    );
    expect(entries.filter((entry) => entry.state === 'active')).toHaveLength(2);
    expect((await call('GET', '/api/waitlist')).statusCode).toBe(401);
  });

  it('offers a freed time to the first matching entry, holds it from others, and books it on accept', async () => {
    const { day: onDay, holder, bookingId } = await takenDay();
    const first = await waitingClient(onDay);
    const other = await waitingClient(onDay, { fromTime: '14:00', toTime: '15:00' });
    const second = await waitingClient(onDay);
    // Nothing free in their windows yet: the 14:00 client is offered 14:00, the others nothing.
    await run();
    expect(await openOffers(first.client)).toEqual([]);
    expect((await openOffers(other.client)).map((offer) => offer.start)).toEqual([
      slotAt(onDay, '14:00'),
    ]);

    expect((await call('POST', `/api/bookings/${bookingId}/cancel`, holder, {})).statusCode).toBe(
      200,
    );
    expect(await run()).toBe(1);
    const [offer] = await openOffers(first.client);
    expect(offer).toMatchObject({ start: slotAt(onDay, '10:00'), state: 'open' });
    expect(await openOffers(second.client)).toEqual([]);
    // The mail links the offer page; the time is held from everyone else meanwhile.
    const [mail] = await mailsTo(first.client.user.email);
    expect(mail!.subject).toMatch(/^A time freed up: coaching,/);
    expect(mail!.text).toContain(`/waitlist/offers/${offer!.token}`);
    expect(await slotsOn(onDay)).not.toContain(slotAt(onDay, '10:00'));
    const taken = await call('POST', '/api/bookings', second.client, {
      service: 'coaching',
      start: slotAt(onDay, '10:00'),
    });
    expect(taken.statusCode).toBe(409);

    // The link shows the time to anyone; only its client books it.
    const view = waitlistOfferViewSchema.parse(
      (await call('GET', `/api/waitlist/offers/${offer!.token}`)).json(),
    );
    expect(view.offer).toMatchObject({ service: 'coaching', start: slotAt(onDay, '10:00') });
    expect(
      (await call('POST', `/api/waitlist/offers/${offer!.token}/accept`, second.client, {}))
        .statusCode,
    ).toBe(404);
    const accepted = await call(
      'POST',
      `/api/waitlist/offers/${offer!.token}/accept`,
      first.client,
      {},
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(createdBookingSchema.parse(accepted.json())).toMatchObject({
      state: 'confirmed',
      start: slotAt(onDay, '10:00'),
    });
    const { entries } = waitlistEntriesSchema.parse(
      (await call('GET', '/api/waitlist', first.client)).json(),
    );
    expect(entries[0]).toMatchObject({ state: 'booked', openOffer: null });
    expect((await call('GET', `/api/waitlist/offers/${offer!.token}`)).statusCode).toBe(404);
    const again = await call(
      'POST',
      `/api/waitlist/offers/${offer!.token}/accept`,
      first.client,
      {},
    );
    expect(again.statusCode).toBe(409);
    // Booked: nothing is left to offer the second client in their window.
    await run();
    expect(await openOffers(second.client)).toEqual([]);
    // The owner's metrics count the freed hour re-booked.
    const metrics = await call(
      'GET',
      `/api/admin/metrics?from=${dayAhead(-1)}&to=${dayAhead(1)}`,
      owner,
    );
    expect(metricsSchema.parse(metrics.json()).waitlist).toEqual({
      rebookedSessions: 1,
      rebookedHours: 1,
    });
  });

  it('answers 404 for a link whose token is malformed (a NUL byte, odd Unicode, too short)', async () => {
    const { client } = await waitingClient(3);
    for (const token of ['%00', 'a%00b'.padEnd(34, 'c'), '%F0%9F%98%80'.repeat(8), 'short']) {
      expect((await call('GET', `/api/waitlist/offers/${token}`)).statusCode).toBe(404);
      for (const action of ['accept', 'decline']) {
        const res = await call('POST', `/api/waitlist/offers/${token}/${action}`, client, {});
        expect(res.statusCode, `${action} ${token}: ${res.body}`).toBe(404);
      }
    }
  });

  it('moves a declined offer to the next entry, and a lapsed one too, never offering a time twice to one entry', async () => {
    const { day: onDay, holder, bookingId } = await takenDay();
    const first = await waitingClient(onDay);
    const second = await waitingClient(onDay);
    const third = await waitingClient(onDay);
    await call('POST', `/api/bookings/${bookingId}/cancel`, holder, {});
    await run();
    const [toFirst] = await openOffers(first.client);
    expect(
      (await call('POST', `/api/waitlist/offers/${toFirst!.token}/decline`, first.client, {}))
        .statusCode,
    ).toBe(204);
    await run();
    expect(await openOffers(first.client)).toEqual([]);
    const [toSecond] = await openOffers(second.client);
    expect(toSecond?.start).toBe(slotAt(onDay, '10:00'));

    // The second lets the hold run out: the third is offered the time.
    const hold = Date.parse(toSecond!.expiresAt) - Date.now();
    clockAhead = hold + MINUTE_MS;
    try {
      await run();
      expect(await openOffers(second.client)).toEqual([]);
      const [toThird] = await openOffers(third.client);
      expect(toThird?.start).toBe(slotAt(onDay, '10:00'));
      const [lapsed] = await t.app.deps.db
        .select()
        .from(waitlistOffers)
        .where(eq(waitlistOffers.id, toSecond!.id));
      expect(lapsed!.state).toBe('lapsed');
      const late = await call(
        'POST',
        `/api/waitlist/offers/${toSecond!.token}/accept`,
        second.client,
        {},
      );
      expect(late.statusCode).toBe(409);
      expect(late.json().detail).toBe(WAITLIST_MESSAGES.offerLapsed);
    } finally {
      clockAhead = 0;
    }
  });

  it('two offer runs at once offer a freed time once', async () => {
    const { day: onDay, holder, bookingId } = await takenDay();
    // One after another: the first to join is the first offered.
    const waiting = [];
    for (let n = 0; n < 4; n += 1) waiting.push(await waitingClient(onDay));
    await call('POST', `/api/bookings/${bookingId}/cancel`, holder, {});
    await Promise.all([run(), run(), run()]);
    const offers = await t.app.deps.db
      .select()
      .from(waitlistOffers)
      .where(
        and(
          eq(waitlistOffers.state, 'open'),
          eq(waitlistOffers.startAt, new Date(slotAt(onDay, '10:00'))),
        ),
      );
    expect(offers).toHaveLength(1);
    expect(offers[0]!.entryId).toBe(waiting[0]!.entry.id);
  });

  it('shows the owner every entry with its offers; the owner removes one (audited)', async () => {
    const { day: onDay } = await takenDay();
    const { entry } = await waitingClient(onDay);
    const client = await signedInUser(t.app);
    expect((await call('GET', '/api/admin/waitlist', client)).statusCode).toBe(403);
    const list = adminWaitlistSchema.parse(
      (await call('GET', '/api/admin/waitlist', owner)).json(),
    );
    const mine = list.entries.find((candidate) => candidate.id === entry.id);
    expect(mine).toMatchObject({ state: 'active', service: 'coaching' });
    expect(list.counts.accepted).toBeGreaterThanOrEqual(1);
    expect((await call('DELETE', `/api/admin/waitlist/${entry.id}`, owner)).statusCode).toBe(204);
    expect((await call('DELETE', '/api/admin/waitlist/not-an-id', owner)).statusCode).toBe(404);
    const [audit] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, entry.id));
    expect(audit).toMatchObject({ action: 'waitlist.removed', actorId: owner.user.id });
  });
});

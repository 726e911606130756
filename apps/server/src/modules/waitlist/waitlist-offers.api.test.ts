/**
 * The waitlist's rules beyond the first offer (issue 25, decision 067): every way time frees up (a
 * reschedule, an expired payment hold, the owner adding hours or an override) starts an offer run
 * through the availability_changed notification; a time inside the minimum notice is not offered
 * and no hold runs into it; entries end by themselves; the window is read; an offer accepted with
 * a payment or a package credit books like a normal booking; lapsed or foreign links are 404; the
 * offer window's bounds.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  BOOKING_MESSAGES,
  createdBookingSchema,
  HOUR_MS,
  MINUTE_MS,
  purchaseAnswerSchema,
  schedulingSettingsSchema,
  WAITLIST_MESSAGES,
  WAITLIST_OFFER_MINUTES_BOUNDS,
  waitlistEntriesSchema,
  waitlistEntrySchema,
  type SchedulingSettings,
} from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { createStripeTestApp, type StripeTestApp } from '../../test/stripe-test-app';
import type { JobRunner } from '../../jobs/job-runner';
import { dayAhead, slotAt } from '../bookings/booking-test-setup';
import { expireHolds } from '../bookings/jobs/booking-jobs';
import { bookings } from '../bookings/schema';
import { formatMailTime } from '../mail';
import { mailOutbox } from '../mail/schema';
import { packageCreditEntries } from '../packages/schema';
import { payments } from '../payments/schema';
import { runWaitlistOffers, waitlistKick } from './offers';
import { waitlistEntries, waitlistOffers } from './schema';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
/** The ISO weekday (1 Monday … 7 Sunday) of `days` ahead. */
const weekdayAhead = (days: number) => new Date(`${dayAhead(days)}T12:00:00Z`).getUTCDay() || 7;

describe('the waitlist: how time frees up, and what an offer may be', () => {
  let t: StripeTestApp;
  let owner: SignedIn;
  /** How far the app's clock runs ahead of the real one. */
  let clockAhead = 0;
  /** Whether availability_changed notifications start offer runs (as the started job runner does). */
  let kicking = false;
  /** The runs the notifications started, one after another, so a test can wait for them. */
  let kicked: Promise<unknown> = Promise.resolve();
  let stopKick: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    t = await createStripeTestApp({
      services: [
        { slug: 'coaching', priceMinor: 0 },
        { slug: 'paid', priceMinor: 6000, currency: 'USD' },
      ],
      adjustDeps: (deps) => ({ ...deps, clock: () => new Date(Date.now() + clockAhead) }),
    });
    owner = await signedInUser(t.app, { role: 'admin' });
    // The app's own listener leaves runs to tests while its runner is stopped; this one is the
    // started runner's: each notification starts a real run of the offer job.
    const jobs = {
      state: () => ({ started: kicking, jobs: [] }),
      runNow: () => {
        const run = kicked.then(() => runWaitlistOffers(t.app.deps));
        kicked = run.catch(() => undefined);
        return run.then(() => undefined);
      },
    } as unknown as JobRunner;
    stopKick = await t.database.listen('availability_changed', waitlistKick(jobs));
  });
  afterAll(async () => {
    await stopKick?.();
    await kicked;
    await t.close();
  });

  function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who?: SignedIn,
    payload?: object,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({ method, url, headers: who?.headers, payload });
  }

  const run = (now?: Date) => runWaitlistOffers(t.app.deps, now);

  /** A client waiting for `window` (UTC) of `onDay` only: its weekday, and no later day. */
  async function waitingClient(
    onDay: number,
    window: { fromTime: string; toTime: string },
    extra: { service?: string; weekdays?: number[]; timeZone?: string } = {},
  ) {
    const client = await signedInUser(t.app);
    const res = await call('POST', '/api/waitlist', client, {
      service: extra.service ?? 'coaching',
      latestDate: dayAhead(onDay),
      weekdays: extra.weekdays ?? [weekdayAhead(onDay)],
      timeZone: extra.timeZone ?? 'UTC',
      ...window,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { client, entry: waitlistEntrySchema.parse(res.json()) };
  }

  /** A booking of `start` by a client of its own. */
  async function takenBy(start: string, service = 'coaching') {
    const holder = await signedInUser(t.app);
    const res = await call('POST', '/api/bookings', holder, { service, start });
    expect(res.statusCode, res.body).toBe(201);
    return { holder, booking: createdBookingSchema.parse(res.json()) };
  }

  const offersOf = (entryId: string) =>
    t.app.deps.db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId));
  const openOffersOf = async (entryId: string) =>
    (await offersOf(entryId)).filter((offer) => offer.state === 'open');
  const entryState = async (entryId: string) =>
    (await t.app.deps.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)))[0]!
      .state;

  async function settings(): Promise<SchedulingSettings> {
    return schedulingSettingsSchema.parse(
      (await call('GET', '/api/admin/scheduling', owner)).json(),
    );
  }
  async function saveSettings(change: (current: SchedulingSettings) => SchedulingSettings) {
    const res = await call('PUT', '/api/admin/scheduling', owner, change(await settings()));
    expect(res.statusCode, res.body).toBe(200);
  }
  const withRules = (rules: Partial<SchedulingSettings['rules']>) =>
    saveSettings((current) => ({ ...current, rules: { ...current.rules, ...rules } }));

  describe('every way time frees up starts a run that offers it', () => {
    beforeAll(() => {
      kicking = true;
    });
    afterAll(async () => {
      kicking = false;
      await kicked;
    });

    /** Waits for the notification's run to offer the entry its time; no test calls a run here. */
    async function offeredByTheKick(entryId: string, start: string) {
      await vi.waitFor(
        async () => {
          expect((await openOffersOf(entryId)).map((offer) => offer.startAt.toISOString())).toEqual(
            [start],
          );
        },
        { timeout: 5000, interval: 50 },
      );
    }
    /** The runs started so far have offered the entry nothing. */
    async function notOfferedYet(entryId: string) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await kicked;
      expect(await offersOf(entryId)).toEqual([]);
    }

    it('a reschedule frees the old time', async () => {
      const { holder, booking } = await takenBy(slotAt(2, '10:00'));
      const { entry } = await waitingClient(2, { fromTime: '10:00', toTime: '11:00' });
      await notOfferedYet(entry.id);
      const moved = await call('POST', `/api/bookings/${booking.id}/reschedule`, holder, {
        start: slotAt(2, '16:00'),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await offeredByTheKick(entry.id, slotAt(2, '10:00'));
    });

    it('an expired payment hold frees its time', async () => {
      const { booking } = await takenBy(slotAt(3, '10:00'), 'paid');
      expect(booking.state).toBe('pending_payment');
      const { entry } = await waitingClient(3, { fromTime: '10:00', toTime: '11:00' });
      await notOfferedYet(entry.id);
      // The hold job, run when the hold has run out.
      expect(await expireHolds(t.app.deps, new Date(Date.now() + 31 * MINUTE_MS))).toBe(1);
      const [expired] = await t.app.deps.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, booking.id));
      expect(expired!.state).toBe('expired');
      await offeredByTheKick(entry.id, slotAt(3, '10:00'));
    });

    it('the owner adding hours frees time', async () => {
      const before = await settings();
      const weekday = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const)[
        weekdayAhead(4) - 1
      ]!;
      try {
        await saveSettings((current) => ({
          ...current,
          weeklyHours: { ...current.weeklyHours, [weekday]: [{ start: '14:00', end: '24:00' }] },
        }));
        const { entry } = await waitingClient(4, { fromTime: '10:00', toTime: '11:00' });
        await notOfferedYet(entry.id);
        await saveSettings((current) => ({
          ...current,
          weeklyHours: {
            ...current.weeklyHours,
            [weekday]: [
              { start: '09:00', end: '12:00' },
              { start: '14:00', end: '24:00' },
            ],
          },
        }));
        await offeredByTheKick(entry.id, slotAt(4, '10:00'));
      } finally {
        await saveSettings(() => before);
      }
    });

    it('an override opening a closed day frees time', async () => {
      const before = await settings();
      const weekday = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const)[
        weekdayAhead(5) - 1
      ]!;
      try {
        await saveSettings((current) => ({
          ...current,
          weeklyHours: { ...current.weeklyHours, [weekday]: [] },
        }));
        const { entry } = await waitingClient(5, { fromTime: '10:00', toTime: '11:00' });
        await notOfferedYet(entry.id);
        await saveSettings((current) => ({
          ...current,
          dateOverrides: [
            { date: dayAhead(5), closed: false, intervals: [{ start: '09:00', end: '12:00' }] },
          ],
        }));
        await offeredByTheKick(entry.id, slotAt(5, '10:00'));
      } finally {
        await saveSettings(() => before);
      }
    });
  });

  it('does not offer a time freed inside the minimum notice', async () => {
    const { holder, booking } = await takenBy(slotAt(2, '12:00'));
    const { entry } = await waitingClient(2, { fromTime: '12:00', toTime: '13:00' });
    try {
      // Two days ahead at 12:00 is 36 to 60 hours away: inside a notice of 72 hours.
      await withRules({ minimumNoticeHours: 72 });
      expect(
        (await call('POST', `/api/bookings/${booking.id}/cancel`, holder, {})).statusCode,
      ).toBe(200);
      await run();
      expect(await offersOf(entry.id)).toEqual([]);
    } finally {
      await withRules({ minimumNoticeHours: 0 });
    }
    // The notice was the only reason: without it the same time is offered.
    await run();
    expect((await openOffersOf(entry.id)).map((offer) => offer.startAt.toISOString())).toEqual([
      slotAt(2, '12:00'),
    ]);
  });

  describe('the hold never runs into the minimum notice', () => {
    const noticeHours = 24;
    const start = slotAt(6, '14:00');
    const noticeStarts = Date.parse(start) - noticeHours * HOUR_MS;
    /** Moves the app's clock to `minutes` before the notice of `start` begins. */
    const beforeNotice = (minutes: number) => {
      clockAhead = noticeStarts - minutes * MINUTE_MS - Date.now();
      return new Date(Date.now() + clockAhead);
    };

    afterAll(async () => {
      clockAhead = 0;
      await withRules({ minimumNoticeHours: 0 });
    });

    it('holds a time offered just before its notice only until the notice begins, and books it then', async () => {
      const { holder, booking } = await takenBy(start);
      const late = await waitingClient(6, { fromTime: '14:00', toTime: '15:00' });
      await withRules({ minimumNoticeHours: noticeHours, waitlistOfferMinutes: 30 });
      expect(
        (await call('POST', `/api/bookings/${booking.id}/cancel`, holder, {})).statusCode,
      ).toBe(200);
      // Three minutes before the notice: a hold that short is no offer at all.
      await run(beforeNotice(3));
      expect(await offersOf(late.entry.id)).toEqual([]);

      // Ten minutes before: held for those ten minutes, not the 30 of the offer window.
      await run(beforeNotice(10));
      const [offer] = await openOffersOf(late.entry.id);
      expect(offer?.startAt.toISOString()).toBe(start);
      expect(offer!.expiresAt.getTime()).toBe(noticeStarts);
      const [mail] = await t.app.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, late.client.user.email));
      expect(mail?.text).toContain(
        `held for you until ${formatMailTime(new Date(noticeStarts), 'UTC')}`,
      );

      // A minute before the hold ends the time can still be booked: it is outside the notice.
      beforeNotice(1);
      const accepted = await call(
        'POST',
        `/api/waitlist/offers/${offer!.token}/accept`,
        late.client,
        {},
      );
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect(createdBookingSchema.parse(accepted.json())).toMatchObject({
        state: 'confirmed',
        start,
      });
    });
  });

  describe('entries that end by themselves', () => {
    afterAll(() => {
      clockAhead = 0;
    });

    it('ends an entry after its latest date, in its own zone', async () => {
      const utc = await waitingClient(3, { fromTime: '23:00', toTime: '23:30' });
      // Kiritimati is 14 hours ahead: its day after the latest date begins at 10:00 UTC.
      const kiritimati = await waitingClient(
        3,
        { fromTime: '23:00', toTime: '23:30' },
        { timeZone: 'Pacific/Kiritimati' },
      );
      const lastMinute = new Date(`${dayAhead(3)}T23:59:00Z`);
      await run(lastMinute);
      expect(await entryState(utc.entry.id)).toBe('active');
      expect(await entryState(kiritimati.entry.id)).toBe('expired');
      await run(new Date(lastMinute.getTime() + 2 * MINUTE_MS));
      expect(await entryState(utc.entry.id)).toBe('expired');
      clockAhead = lastMinute.getTime() + 2 * MINUTE_MS - Date.now();
      const { entries } = waitlistEntriesSchema.parse(
        (await call('GET', '/api/waitlist', utc.client)).json(),
      );
      expect(entries[0]).toMatchObject({ state: 'expired', openOffer: null });
      clockAhead = 0;
    });

    it('closes an entry whose client books the service anyway, and its open offer goes to the next', async () => {
      const { holder, booking } = await takenBy(slotAt(4, '16:00'));
      const first = await waitingClient(4, { fromTime: '16:00', toTime: '17:00' });
      const next = await waitingClient(4, { fromTime: '16:00', toTime: '17:00' });
      await call('POST', `/api/bookings/${booking.id}/cancel`, holder, {});
      await run();
      const [offer] = await openOffersOf(first.entry.id);
      expect(offer?.startAt.toISOString()).toBe(slotAt(4, '16:00'));

      // The first client books another time of the service through the calendar.
      const own = await call('POST', '/api/bookings', first.client, {
        service: 'coaching',
        start: slotAt(4, '20:00'),
      });
      expect(own.statusCode, own.body).toBe(201);
      await run();
      expect(await entryState(first.entry.id)).toBe('booked');
      // Their offer no longer holds the time: it lapsed and the next client is offered it.
      expect((await offersOf(first.entry.id)).map((row) => row.state)).toEqual(['lapsed']);
      expect((await openOffersOf(next.entry.id)).map((row) => row.startAt.toISOString())).toEqual([
        slotAt(4, '16:00'),
      ]);
      const late = await call(
        'POST',
        `/api/waitlist/offers/${offer!.token}/accept`,
        first.client,
        {},
      );
      expect(late.statusCode).toBe(409);
      expect(await entryState(next.entry.id)).toBe('active');
    });
  });

  it('skips an entry whose days or window do not match, and offers the time to a later one that does', async () => {
    // Day 5's weekday is not repeated between today and day 5, so the first entry's day never comes.
    const { holder, booking } = await takenBy(slotAt(5, '14:00'));
    const otherDay = await waitingClient(
      5,
      { fromTime: '14:00', toTime: '15:00' },
      { weekdays: [(weekdayAhead(5) % 7) + 1] },
    );
    // 45 minutes: an hour's session does not fit.
    const tooShort = await waitingClient(5, { fromTime: '14:00', toTime: '14:45' });
    const matching = await waitingClient(5, { fromTime: '14:00', toTime: '15:00' });
    await call('POST', `/api/bookings/${booking.id}/cancel`, holder, {});
    await run();
    expect(await offersOf(otherDay.entry.id)).toEqual([]);
    expect(await offersOf(tooShort.entry.id)).toEqual([]);
    expect((await openOffersOf(matching.entry.id)).map((o) => o.startAt.toISOString())).toEqual([
      slotAt(5, '14:00'),
    ]);
  });

  describe('accepting books like a normal booking', () => {
    /** An open offer of `start` (UTC) of the `paid` service to a client of its own. */
    async function offerOfPaid(onDay: number, time: string, until: string) {
      const { holder, booking } = await takenBy(slotAt(onDay, time));
      const waiting = await waitingClient(
        onDay,
        { fromTime: time, toTime: until },
        { service: 'paid' },
      );
      await call('POST', `/api/bookings/${booking.id}/cancel`, holder, {});
      await run();
      const [offer] = await openOffersOf(waiting.entry.id);
      expect(offer?.startAt.toISOString()).toBe(slotAt(onDay, time));
      return { ...waiting, offer: offer! };
    }

    it('with a payment: the booking is held for its Stripe checkout', async () => {
      const { client, entry, offer } = await offerOfPaid(6, '08:00', '09:00');
      const res = await call('POST', `/api/waitlist/offers/${offer.token}/accept`, client, {});
      expect(res.statusCode, res.body).toBe(201);
      const booked = createdBookingSchema.parse(res.json());
      expect(booked).toMatchObject({ state: 'pending_payment', start: slotAt(6, '08:00') });
      const session = [...t.stripe.sessions.values()].find(
        (candidate) => candidate.url === booked.checkoutUrl,
      );
      expect(session?.amount_total).toBe(6000);
      const [payment] = await t.app.deps.db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, booked.id));
      expect(payment).toMatchObject({ amountMinor: 6000, providerReference: session!.id });
      expect(await entryState(entry.id)).toBe('booked');
    });

    it('with a package credit: confirmed, nothing due, one credit spent', async () => {
      const created = await call('POST', '/api/admin/packages', owner, {
        title: 'Two paid sessions',
        services: ['paid'],
        sessions: 2,
        priceMinor: 0,
        validityDays: 365,
      });
      expect(created.statusCode, created.body).toBe(201);
      const { client, offer } = await offerOfPaid(6, '11:00', '12:00');
      const bought = await call('POST', `/api/packages/${created.json().id}/purchase`, client, {});
      expect(bought.statusCode, bought.body).toBe(201);
      const { purchase } = purchaseAnswerSchema.parse(bought.json());

      const res = await call('POST', `/api/waitlist/offers/${offer.token}/accept`, client, {
        useCredit: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      const booked = createdBookingSchema.parse(res.json());
      expect(booked).toMatchObject({ state: 'confirmed', paymentDue: false });
      expect(booked.checkoutUrl).toBeUndefined();
      const spent = await t.app.deps.db
        .select()
        .from(packageCreditEntries)
        .where(
          and(
            eq(packageCreditEntries.purchaseId, purchase.id),
            eq(packageCreditEntries.bookingId, booked.id),
          ),
        );
      expect(spent.map((row) => row.delta)).toEqual([-1]);
      expect(
        await t.app.deps.db.select().from(payments).where(eq(payments.bookingId, booked.id)),
      ).toEqual([]);
    });
  });

  describe('links that are not the client’s to use', () => {
    afterAll(() => {
      clockAhead = 0;
    });

    async function openOffer(time: string, until: string) {
      const { holder, booking } = await takenBy(slotAt(3, time));
      const waiting = await waitingClient(3, { fromTime: time, toTime: until });
      await call('POST', `/api/bookings/${booking.id}/cancel`, holder, {});
      await run();
      const [offer] = await openOffersOf(waiting.entry.id);
      expect(offer).toBeDefined();
      return { ...waiting, offer: offer! };
    }

    it("a lapsed offer's link answers 404, before and after the job marks it", async () => {
      const { offer } = await openOffer('06:00', '07:00');
      expect((await call('GET', `/api/waitlist/offers/${offer.token}`)).statusCode).toBe(200);
      clockAhead = offer.expiresAt.getTime() - Date.now() + 1000;
      const expired = await call('GET', `/api/waitlist/offers/${offer.token}`);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().detail).toBe(WAITLIST_MESSAGES.offerUnknown);
      await run(new Date(Date.now() + clockAhead));
      expect((await offersOf(offer.entryId)).map((row) => row.state)).toEqual(['lapsed']);
      expect((await call('GET', `/api/waitlist/offers/${offer.token}`)).statusCode).toBe(404);
      clockAhead = 0;
    });

    it("another client's decline answers 404 and the offer stays open", async () => {
      const { client, offer } = await openOffer('08:00', '09:00');
      const stranger = await signedInUser(t.app);
      const res = await call('POST', `/api/waitlist/offers/${offer.token}/decline`, stranger, {});
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect((await openOffersOf(offer.entryId)).map((row) => row.id)).toEqual([offer.id]);
      expect(
        (await call('POST', `/api/waitlist/offers/${offer.token}/decline`, client, {})).statusCode,
      ).toBe(204);
    });
  });

  it('takes an offer window of 5 and 240 minutes and refuses 4 and 241 clearly, changing nothing', async () => {
    const [min, max] = WAITLIST_OFFER_MINUTES_BOUNDS;
    const put = async (minutes: number) => {
      const current = await settings();
      return call('PUT', '/api/admin/scheduling', owner, {
        ...current,
        rules: { ...current.rules, waitlistOfferMinutes: minutes },
      });
    };
    for (const minutes of [min, max]) {
      expect((await put(minutes)).statusCode).toBe(200);
      expect((await settings()).rules.waitlistOfferMinutes).toBe(minutes);
    }
    const low = await put(min - 1);
    expect(low.statusCode).toBe(400);
    expect(low.headers['content-type']).toContain('application/problem+json');
    expect(low.json().errors).toEqual({
      'rules.waitlistOfferMinutes': [
        BOOKING_MESSAGES.atLeast('Waitlist offer window', min, 'minutes'),
      ],
    });
    const high = await put(max + 1);
    expect(high.statusCode).toBe(400);
    expect(high.json().errors).toEqual({
      'rules.waitlistOfferMinutes': [
        BOOKING_MESSAGES.atMost('Waitlist offer window', max, 'minutes'),
      ],
    });
    expect((await settings()).rules.waitlistOfferMinutes).toBe(max);
    await withRules({ waitlistOfferMinutes: 30 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import {
  adminBookingDetailSchema,
  adminBookingRecordSchema,
  adminBookingsPageSchema,
  AUTH_MESSAGES,
  BOOKING_MESSAGES,
  consultationServiceSchema,
  schedulingSettingsSchema,
  servicesListSchema,
  siteContentSchema,
  slotPreviewSchema,
  type BookingState,
  PAYMENT_MESSAGES,
} from '@consult/shared';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createUser, signedInUser, type SignedIn } from '../../../test/accounts';
import { insertTestBooking } from '../../../test/bookings';
import { auditLog } from '../../audit/schema';
import { payments } from '../../payments/schema';
import { demoSiteContent } from '../../site/demo-site-content';
import { bookings, services } from '../schema';
import { DEFAULT_SCHEDULING_SETTINGS } from '../scheduling-settings';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('owner bookings API', () => {
  let t: TestApp;
  let admin: SignedIn & { user: Awaited<ReturnType<typeof createUser>> };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, { name: 'Owner Person', role: 'admin' });
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, payload?: object, headers: object = admin.headers) =>
    t.app.inject({
      method,
      url,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });

  async function serviceBySlug(slug: string) {
    const [row] = await t.app.deps.db.select().from(services).where(eq(services.slug, slug));
    return row!;
  }

  /** A booking row straight in the database: the owner's views read what any path wrote. */
  async function insertBooking(options: {
    clientId: string;
    slug?: string;
    start: string;
    state?: BookingState;
    notes?: string;
  }) {
    const service = await serviceBySlug(options.slug ?? 'intro-call');
    return insertTestBooking(t.app.deps.db, {
      service,
      clientId: options.clientId,
      startAt: new Date(options.start),
      state: options.state ?? 'confirmed',
      paymentDue: service.priceMinor > 0,
      notes: options.notes ?? null,
    });
  }

  const newService = {
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
  };

  describe('authorization', () => {
    it('answers 401 without a token and 403 to a non-admin on every owner route', async () => {
      const client = await signedInUser(t.app);
      const id = '7d1b2c4e-0000-4000-8000-000000000000';
      const routes: [Method, string][] = [
        ['GET', '/api/admin/services'],
        ['POST', '/api/admin/services'],
        ['PUT', `/api/admin/services/${id}`],
        ['DELETE', `/api/admin/services/${id}`],
        ['GET', '/api/admin/scheduling'],
        ['GET', '/api/admin/owner-time-zone'],
        ['PUT', '/api/admin/scheduling'],
        ['POST', '/api/admin/scheduling/preview'],
        ['GET', '/api/admin/bookings'],
        ['GET', `/api/admin/bookings/${id}`],
        ['POST', '/api/admin/bookings'],
        ['POST', `/api/admin/bookings/${id}/cancel`],
        ['POST', `/api/admin/bookings/${id}/reschedule`],
        ['POST', `/api/admin/bookings/${id}/complete`],
        ['POST', `/api/admin/bookings/${id}/no-show`],
        ['POST', `/api/admin/bookings/${id}/paid`],
      ];
      for (const [method, url] of routes) {
        const body = method === 'POST' || method === 'PUT' ? {} : undefined;
        const anonymous = await call(method, url, body, {});
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        const res = await call(method, url, body, client.headers);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().detail).toBe(AUTH_MESSAGES.adminsOnly);
      }
    });
  });

  describe('services', () => {
    it('lists every service in order, starting with the demo ones', async () => {
      const res = await call('GET', '/api/admin/services');
      expect(res.statusCode).toBe(200);
      const list = servicesListSchema.parse(res.json());
      expect(list.services.map((s) => s.slug)).toEqual(demoSiteContent.services.map((s) => s.slug));
    });

    it('creates, replaces and deletes a service, writing the audit log', async () => {
      const created = await call('POST', '/api/admin/services', newService);
      expect(created.statusCode).toBe(201);
      const service = consultationServiceSchema.parse(created.json());
      expect(service).toMatchObject({ ...newService, address: null });

      const replaced = await call('PUT', `/api/admin/services/${service.id}`, {
        ...newService,
        title: 'Pricing check',
        meetingMode: 'in_person',
        address: '12 Mall Road, Lahore',
        active: false,
      });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({
        id: service.id,
        title: 'Pricing check',
        address: '12 Mall Road, Lahore',
        active: false,
      });

      const deleted = await call('DELETE', `/api/admin/services/${service.id}`);
      expect(deleted.statusCode).toBe(204);
      const again = await call('DELETE', `/api/admin/services/${service.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().detail).toBe(BOOKING_MESSAGES.serviceUnknown);

      const entries = await t.app.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, service.id))
        .orderBy(auditLog.id);
      expect(entries.map((e) => e.action)).toEqual([
        'service.create',
        'service.update',
        'service.delete',
      ]);
      expect(entries.every((e) => e.actorId === admin.user.id)).toBe(true);
      expect(entries[1]!.details).toMatchObject({
        // The currency is kept beside the diff, so a changed price reads as money.
        currency: newService.currency,
        before: { title: 'Pricing review' },
        after: { title: 'Pricing check' },
      });
    });

    it('refuses bad input with the shared messages, per field', async () => {
      const res = await call('POST', '/api/admin/services', {
        ...newService,
        slug: 'Bad Slug',
        title: ' ',
        durationMinutes: 10,
        priceMinor: -1,
        currency: 'XYZ',
        meetingMode: 'in_person',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const { errors, detail } = res.json();
      expect(errors).toMatchObject({
        slug: [BOOKING_MESSAGES.slugInvalid],
        title: [BOOKING_MESSAGES.titleRequired],
        durationMinutes: [BOOKING_MESSAGES.durationTooShort],
        priceMinor: [BOOKING_MESSAGES.priceNegative],
        currency: [BOOKING_MESSAGES.currencyUnknown],
      });
      expect(Object.values(errors).flat()).toContain(detail);

      const noAddress = await call('POST', '/api/admin/services', {
        ...newService,
        meetingMode: 'in_person',
      });
      expect(noAddress.statusCode).toBe(400);
      expect(noAddress.json().errors).toEqual({ address: [BOOKING_MESSAGES.addressRequired] });
    });

    it('answers 400, not 500, to an order beyond the column, and drops NUL characters', async () => {
      const tooHigh = await call('POST', '/api/admin/services', { ...newService, order: 2 ** 31 });
      expect(tooHigh.statusCode).toBe(400);
      expect(tooHigh.json().errors).toEqual({ order: [BOOKING_MESSAGES.orderTooHigh] });

      const res = await call('POST', '/api/admin/services', {
        ...newService,
        slug: 'nul-text',
        title: 'Nul\u0000 title',
        summary: '\u0000',
        description: 'A\u0000B',
        meetingMode: 'in_person',
        address: 'Main\u0000 Street',
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = consultationServiceSchema.parse(res.json());
      expect(created).toMatchObject({
        title: 'Nul title',
        summary: '',
        description: 'AB',
        address: 'Main Street',
      });
      const onlyNul = await call('POST', '/api/admin/services', {
        ...newService,
        slug: 'nul-only',
        title: '\u0000',
      });
      expect(onlyNul.json().errors).toEqual({ title: [BOOKING_MESSAGES.titleRequired] });
      await call('DELETE', `/api/admin/services/${created.id}`);
    });

    it('answers 409 with errors.slug when the slug is taken, on create and on replace', async () => {
      const taken = await call('POST', '/api/admin/services', {
        ...newService,
        slug: 'intro-call',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        detail: BOOKING_MESSAGES.serviceSlugTaken,
        errors: { slug: [BOOKING_MESSAGES.serviceSlugTaken] },
      });

      const own = consultationServiceSchema.parse(
        (await call('POST', '/api/admin/services', { ...newService, slug: 'slug-owner' })).json(),
      );
      const sameSlug = await call('PUT', `/api/admin/services/${own.id}`, {
        ...newService,
        slug: 'slug-owner',
        title: 'Kept slug',
      });
      expect(sameSlug.statusCode).toBe(200);
      const clash = await call('PUT', `/api/admin/services/${own.id}`, {
        ...newService,
        slug: 'strategy-session',
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().errors).toEqual({ slug: [BOOKING_MESSAGES.serviceSlugTaken] });
      await call('DELETE', `/api/admin/services/${own.id}`);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of ['7d1b2c4e-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await call('PUT', `/api/admin/services/${id}`, newService);
        expect(res.statusCode).toBe(404);
        expect(res.json().detail).toBe(BOOKING_MESSAGES.serviceUnknown);
      }
    });

    it('keeps a service that has bookings: 409 serviceHasBookings', async () => {
      const service = consultationServiceSchema.parse(
        (await call('POST', '/api/admin/services', { ...newService, slug: 'booked-once' })).json(),
      );
      const client = await createUser(t.app);
      await insertBooking({
        clientId: client.id,
        slug: 'booked-once',
        start: '2026-01-05T05:00:00Z',
        state: 'completed',
      });
      const res = await call('DELETE', `/api/admin/services/${service.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(BOOKING_MESSAGES.serviceHasBookings);
      expect(await serviceBySlug('booked-once')).toBeDefined();
      // Deactivating is the way out.
      const off = await call('PUT', `/api/admin/services/${service.id}`, {
        ...newService,
        slug: 'booked-once',
        active: false,
      });
      expect(off.statusCode).toBe(200);
    });
  });

  describe('the site shows the configured services', () => {
    it('takes GET /api/site services from the table: active ones, in order', async () => {
      const before = siteContentSchema.parse(
        (await call('GET', '/api/site', undefined, {})).json(),
      );
      expect(before.services.map((s) => s.slug)).toEqual(
        demoSiteContent.services.map((s) => s.slug),
      );

      const added = consultationServiceSchema.parse(
        (
          await call('POST', '/api/admin/services', {
            ...newService,
            slug: 'first-of-all',
            summary: '',
            description: '',
            meetingMode: 'phone',
            order: 0,
            title: 'A first look',
          })
        ).json(),
      );
      const intro = await serviceBySlug('intro-call');
      await call('PUT', `/api/admin/services/${intro.id}`, {
        slug: intro.slug,
        title: intro.title,
        summary: intro.summary,
        description: intro.description,
        durationMinutes: intro.durationMinutes,
        priceMinor: intro.priceMinor,
        currency: intro.currency,
        meetingMode: intro.meetingMode,
        active: false,
        order: intro.position,
      });

      const site = siteContentSchema.parse((await call('GET', '/api/site', undefined, {})).json());
      expect(site.services.map((s) => s.slug)).toEqual([
        'first-of-all',
        'strategy-session',
        'growth-plan-workshop',
      ]);
      expect(site.services[0]).toEqual({
        slug: 'first-of-all',
        title: 'A first look',
        summary: '',
        description: '',
        durationMinutes: 30,
        priceMinor: 5000,
        currency: 'USD',
        meetingMode: 'phone',
        questions: [],
      });

      // Everything inactive: the site still answers, with no services to offer.
      await t.app.deps.db.update(services).set({ active: false });
      const empty = await call('GET', '/api/site', undefined, {});
      expect(empty.statusCode).toBe(200);
      expect(empty.json().services).toEqual([]);

      await t.app.deps.db
        .update(services)
        .set({ active: true })
        .where(
          inArray(
            services.slug,
            demoSiteContent.services.map((s) => s.slug),
          ),
        );
      await call('DELETE', `/api/admin/services/${added.id}`);
    });
  });

  describe('scheduling settings', () => {
    const draft = {
      rules: { ...DEFAULT_SCHEDULING_SETTINGS.rules, timeZone: 'Europe/Berlin', bufferMinutes: 10 },
      weeklyHours: {
        ...DEFAULT_SCHEDULING_SETTINGS.weeklyHours,
        mon: [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '17:30' },
        ],
        sat: [],
      },
      dateOverrides: [{ date: '2026-12-24', closed: true, intervals: [] }],
      meetingLinks: { kind: 'fixed', url: 'https://meet.example.test/ayesha' },
    };

    it('starts with the defaults, saves a valid edit and logs it', async () => {
      const initial = await call('GET', '/api/admin/scheduling');
      expect(initial.statusCode).toBe(200);
      expect(schedulingSettingsSchema.parse(initial.json())).toEqual(DEFAULT_SCHEDULING_SETTINGS);
      expect((await call('GET', '/api/admin/owner-time-zone')).json()).toEqual({
        timeZone: 'Asia/Karachi',
      });

      const saved = await call('PUT', '/api/admin/scheduling', draft);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual(draft);
      expect((await call('GET', '/api/admin/scheduling')).json()).toEqual(draft);
      // The admin screens' clock follows the saved zone.
      expect((await call('GET', '/api/admin/owner-time-zone')).json()).toEqual({
        timeZone: 'Europe/Berlin',
      });

      const entries = await t.app.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'scheduling.update'));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorId: admin.user.id,
        details: {
          before: { rules: { timeZone: 'Asia/Karachi', bufferMinutes: 15 } },
          after: { rules: { timeZone: 'Europe/Berlin', bufferMinutes: 10 } },
        },
      });
      // Saving the same settings again changes nothing and logs nothing.
      await call('PUT', '/api/admin/scheduling', draft);
      expect(
        await t.app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'scheduling.update')),
      ).toHaveLength(1);
    });

    it('refuses overlapping intervals, an end before its start and an unknown zone, clearly', async () => {
      const res = await call('PUT', '/api/admin/scheduling', {
        ...draft,
        rules: { ...draft.rules, timeZone: 'Mars/Olympus_Mons', slotStepMinutes: 1 },
        weeklyHours: {
          ...draft.weeklyHours,
          mon: [
            { start: '09:00', end: '12:00' },
            { start: '11:00', end: '14:00' },
          ],
          tue: [{ start: '15:00', end: '10:00' }],
          wed: [{ start: '9am', end: '10:00' }],
        },
        meetingLinks: { kind: 'fixed', url: 'http://insecure.example.test' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const { errors, detail } = res.json();
      expect(errors).toEqual({
        'rules.timeZone': [BOOKING_MESSAGES.timeZoneUnknown],
        'rules.slotStepMinutes': [BOOKING_MESSAGES.atLeast('Slot step', 5, 'minutes')],
        'weeklyHours.mon': [BOOKING_MESSAGES.intervalsOverlap('Monday')],
        'weeklyHours.tue.0.end': [BOOKING_MESSAGES.intervalEndBeforeStart],
        'weeklyHours.wed.0.start': [BOOKING_MESSAGES.timeInvalid],
        'meetingLinks.url': [BOOKING_MESSAGES.meetingUrlInvalid],
      });
      expect(Object.values(errors).flat()).toContain(detail);

      const overrides = await call('PUT', '/api/admin/scheduling', {
        ...draft,
        dateOverrides: [
          { date: '2026-02-30', closed: true },
          { date: '2026-12-24', closed: false, intervals: [] },
          { date: '2026-12-24', closed: true },
        ],
      });
      expect(overrides.json().errors).toEqual({
        'dateOverrides.0.date': [BOOKING_MESSAGES.dateInvalid],
        'dateOverrides.1.intervals': [BOOKING_MESSAGES.overrideNeedsIntervals],
        'dateOverrides.2.date': [BOOKING_MESSAGES.overrideDuplicate('2026-12-24')],
      });
      // Nothing of the refused edits was stored.
      expect((await call('GET', '/api/admin/scheduling')).json()).toEqual(draft);
    });
  });

  describe('slot preview', () => {
    // Monday 2026-03-09 in Karachi (UTC+5): 09:00–11:00 with a 30-minute step gives four 20-minute
    // slots; a booking 09:30–09:50 takes the two around it once a 10-minute buffer applies.
    const settings = {
      rules: {
        ...DEFAULT_SCHEDULING_SETTINGS.rules,
        bufferMinutes: 0,
        slotStepMinutes: 30,
        minimumNoticeHours: 720,
        horizonDays: 1,
      },
      weeklyHours: {
        ...DEFAULT_SCHEDULING_SETTINGS.weeklyHours,
        mon: [{ start: '09:00', end: '11:00' }],
      },
      dateOverrides: [],
    };

    it('shows a draft’s slots for any day, ignoring notice and horizon', async () => {
      const res = await call('POST', '/api/admin/scheduling/preview', {
        settings,
        service: 'intro-call',
        date: '2026-03-09',
      });
      expect(res.statusCode).toBe(200);
      expect(slotPreviewSchema.parse(res.json())).toEqual({
        date: '2026-03-09',
        timeZone: 'Asia/Karachi',
        slots: [
          '2026-03-09T04:00:00.000Z',
          '2026-03-09T04:30:00.000Z',
          '2026-03-09T05:00:00.000Z',
          '2026-03-09T05:30:00.000Z',
        ],
        candidates: [
          ['04:00', '04:20'],
          ['04:30', '04:50'],
          ['05:00', '05:20'],
          ['05:30', '05:50'],
        ].map(([start, end]) => ({
          start: `2026-03-09T${start}:00.000Z`,
          end: `2026-03-09T${end}:00.000Z`,
          offered: true,
          reason: null,
        })),
      });
      const closed = await call('POST', '/api/admin/scheduling/preview', {
        settings: {
          ...settings,
          dateOverrides: [{ date: '2026-03-09', closed: true }],
        },
        service: 'intro-call',
        date: '2026-03-09',
      });
      expect(closed.json().slots).toEqual([]);
    });

    it('counts confirmed bookings (not cancelled ones), with the draft’s buffer', async () => {
      const client = await createUser(t.app);
      await insertBooking({ clientId: client.id, start: '2026-03-09T04:30:00Z' });
      await insertBooking({
        clientId: client.id,
        start: '2026-03-09T05:00:00Z',
        state: 'cancelled',
      });
      const preview = async (bufferMinutes: number) =>
        (
          await call('POST', '/api/admin/scheduling/preview', {
            settings: { ...settings, rules: { ...settings.rules, bufferMinutes } },
            service: 'intro-call',
            date: '2026-03-09',
          })
        ).json().slots;
      // The booking holds 09:30–09:50 Karachi time.
      expect(await preview(0)).toEqual([
        '2026-03-09T04:00:00.000Z',
        '2026-03-09T05:00:00.000Z',
        '2026-03-09T05:30:00.000Z',
      ]);
      // A 10-minute buffer also closes 09:00 (too near opening); 10:00 is exactly 10 minutes after.
      expect(await preview(10)).toEqual(['2026-03-09T05:00:00.000Z', '2026-03-09T05:30:00.000Z']);

      // Each start of the hours says why it is not offered.
      const reasons = await call('POST', '/api/admin/scheduling/preview', {
        settings: { ...settings, rules: { ...settings.rules, bufferMinutes: 10 } },
        service: 'intro-call',
        date: '2026-03-09',
      });
      expect(
        slotPreviewSchema
          .parse(reasons.json())
          .candidates.map((slot) => [slot.start.slice(11, 16), slot.offered, slot.reason?.text]),
      ).toEqual([
        ['04:30', false, 'booked'],
        ['05:00', true, undefined],
        ['05:30', true, undefined],
      ]);
      const full = await call('POST', '/api/admin/scheduling/preview', {
        settings: { ...settings, rules: { ...settings.rules, maxBookingsPerDay: 1 } },
        service: 'intro-call',
        date: '2026-03-09',
      });
      expect(
        slotPreviewSchema
          .parse(full.json())
          .candidates.map((slot) => [slot.start.slice(11, 16), slot.reason?.text]),
      ).toEqual([
        ['04:00', 'past the daily maximum'],
        ['04:30', 'booked'],
        ['05:00', 'past the daily maximum'],
        ['05:30', 'past the daily maximum'],
      ]);
    });

    it('refuses an unknown service and invalid settings with 400', async () => {
      // The last day the date format allows: its end is in the year 10000, no 500 for it.
      const lastDay = await call('POST', '/api/admin/scheduling/preview', {
        settings,
        service: 'intro-call',
        date: '9999-12-31',
      });
      expect(lastDay.statusCode, lastDay.body).toBe(200);

      const unknown = await call('POST', '/api/admin/scheduling/preview', {
        settings,
        service: 'no-such-service',
        date: '2026-03-09',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({
        detail: BOOKING_MESSAGES.serviceUnknown,
        errors: { service: [BOOKING_MESSAGES.serviceUnknown] },
      });
      const bad = await call('POST', '/api/admin/scheduling/preview', {
        settings: { ...settings, rules: { ...settings.rules, timeZone: 'Nowhere/Town' } },
        service: 'intro-call',
        date: '2026-13-01',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({
        'settings.rules.timeZone': [BOOKING_MESSAGES.timeZoneUnknown],
        date: [BOOKING_MESSAGES.dateInvalid],
      });
    });
  });
  describe('bookings', () => {
    const DAY_MS = 86_400_000;
    /** A start `days` from now at a whole UTC hour; 06:00 UTC is 11:00 in Karachi. */
    const future = (days: number, hourUtc = 6) => {
      const at = new Date(Date.now() + days * DAY_MS);
      at.setUTCHours(hourUtc, 0, 0, 0);
      return at.toISOString();
    };
    let zara: Awaited<ReturnType<typeof createUser>>;
    let imran: Awaited<ReturnType<typeof createUser>>;

    beforeAll(async () => {
      await call('PUT', '/api/admin/scheduling', DEFAULT_SCHEDULING_SETTINGS);
      zara = await createUser(t.app, { name: 'Zara Khan', email: 'zara@clients.test' });
      imran = await createUser(t.app, { name: 'Imran Qureshi', email: 'imran@clients.test' });
    });

    const book = (payload: object, headers: object = admin.headers) =>
      call('POST', '/api/admin/bookings', payload, headers);
    /** A booking the owner makes outside the weekly hours, as the API answers it. */
    const bookOutsideHours = async (clientId: string, service: string, start: string) =>
      adminBookingRecordSchema.parse(
        (await book({ clientId, service, start, outsideHours: true })).json(),
      );

    it('books on a client’s behalf, outside the weekly hours when asked, with idempotent retries', async () => {
      const request = {
        clientId: zara.id,
        service: 'strategy-session',
        start: future(10, 22),
        notes: 'Evening favour',
        outsideHours: true,
      };
      const headers = { ...admin.headers, 'idempotency-key': 'owner-booking-1' };
      const res = await book(request, headers);
      expect(res.statusCode).toBe(201);
      const booking = adminBookingRecordSchema.parse(res.json());
      expect(booking).toMatchObject({
        _id: booking.id,
        service: { slug: 'strategy-session', durationMinutes: 60, meetingMode: 'video' },
        start: request.start,
        state: 'confirmed',
        notes: 'Evening favour',
        paymentDue: true,
        paidAt: null,
        client: { id: zara.id, name: 'Zara Khan', email: 'zara@clients.test' },
      });
      expect(booking.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/consult-/);

      const retry = await book(request, headers);
      expect(retry.statusCode).toBe(201);
      expect(retry.json().id).toBe(booking.id);
      const [{ total }] = (await t.app.deps.db
        .select({ total: count() })
        .from(bookings)
        .where(eq(bookings.clientId, zara.id))) as [{ total: number }];
      expect(total).toBe(1);

      // The same time again overlaps: refused whoever asks.
      const overlap = await book({ ...request, clientId: imran.id });
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json().detail).toBe(BOOKING_MESSAGES.slotTaken);
      expect(Array.isArray(overlap.json().nearestSlots)).toBe(true);
    });

    it('refuses a time the hours do not offer, an unknown client or service, bad input', async () => {
      const notOffered = await book({
        clientId: zara.id,
        service: 'intro-call',
        start: future(11, 22),
      });
      expect(notOffered.statusCode).toBe(409);
      expect(notOffered.json()).toMatchObject({ detail: BOOKING_MESSAGES.slotTaken });

      const disabled = await createUser(t.app, { disabled: true });
      for (const clientId of [disabled.id, '7d1b2c4e-0000-4000-8000-000000000000']) {
        const res = await book({ clientId, service: 'intro-call', start: future(12) });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ clientId: [BOOKING_MESSAGES.clientUnknown] });
      }
      const unknownService = await book({ clientId: zara.id, service: 'nope', start: future(12) });
      expect(unknownService.statusCode).toBe(400);
      expect(unknownService.json().errors).toEqual({ service: [BOOKING_MESSAGES.serviceUnknown] });

      const bad = await book({ clientId: 'zara', service: 'intro-call', start: 'tomorrow' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toMatchObject({
        clientId: [BOOKING_MESSAGES.clientUnknown],
        start: [BOOKING_MESSAGES.startInvalid],
      });
    });

    it('refuses with 400, not 500, an outside-hours time beyond the longest horizon', async () => {
      const farAhead = future(366, 22);
      for (const start of [farAhead, '9999-12-31T23:00:00Z']) {
        const res = await book({
          clientId: zara.id,
          service: 'intro-call',
          start,
          outsideHours: true,
        });
        expect(res.statusCode, start).toBe(400);
        expect(res.json()).toMatchObject({
          detail: BOOKING_MESSAGES.startTooFar,
          errors: { start: [BOOKING_MESSAGES.startTooFar] },
        });
      }
      const booking = await bookOutsideHours(zara.id, 'intro-call', future(364, 22));
      const moved = await call('POST', `/api/admin/bookings/${booking.id}/reschedule`, {
        start: '9999-12-31T23:00:00Z',
        outsideHours: true,
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().detail).toBe(BOOKING_MESSAGES.startTooFar);
      await call('POST', `/api/admin/bookings/${booking.id}/cancel`, {});
    });

    it('reschedules, cancels and shows the history with the actors’ names', async () => {
      const created = await bookOutsideHours(imran.id, 'intro-call', future(14));
      const target = future(15);
      const moved = await call('POST', `/api/admin/bookings/${created.id}/reschedule`, {
        start: target,
        outsideHours: true,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ id: created.id, start: target, state: 'confirmed' });

      // Onto another booking's time: refused, the booking stays where it is.
      const other = await bookOutsideHours(zara.id, 'intro-call', future(16));
      const clash = await call('POST', `/api/admin/bookings/${created.id}/reschedule`, {
        start: other.start,
        outsideHours: true,
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().detail).toBe(BOOKING_MESSAGES.slotTaken);

      const cancelled = await call('POST', `/api/admin/bookings/${created.id}/cancel`, {
        reason: 'Owner is travelling',
      });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ state: 'cancelled', meetingUrl: null });
      const again = await call('POST', `/api/admin/bookings/${created.id}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toMatch(/cancelled/);
      const lateMove = await call('POST', `/api/admin/bookings/${created.id}/reschedule`, {
        start: future(17),
      });
      expect(lateMove.statusCode).toBe(409);

      const detail = await call('GET', `/api/admin/bookings/${created.id}`);
      expect(detail.statusCode).toBe(200);
      const body = adminBookingDetailSchema.parse(detail.json());
      expect(body.client).toMatchObject({ id: imran.id, name: 'Imran Qureshi' });
      expect(body.events.map((e) => [e.action, e.fromState, e.toState])).toEqual([
        ['created', null, 'confirmed'],
        ['rescheduled', 'confirmed', 'confirmed'],
        ['cancelled', 'confirmed', 'cancelled'],
      ]);
      expect(body.events.every((e) => e.actorType === 'owner')).toBe(true);
      expect(body.events.every((e) => e.actorName === 'Owner Person')).toBe(true);
      expect(body.events[1]!.details).toEqual({ previousStart: created.start, start: target });
      expect(body.events[2]!.details).toEqual({ reason: 'Owner is travelling' });
    });

    it('marks started bookings completed or no-show, corrects the mark, and refuses wrong states', async () => {
      const client = await createUser(t.app, { name: 'Past Client' });
      const started = await insertBooking({ clientId: client.id, start: '2026-02-02T06:00:00Z' });
      const url = (id: string, action: string) => `/api/admin/bookings/${id}/${action}`;

      const completed = await call('POST', url(started.id, 'complete'));
      expect(completed.statusCode).toBe(200);
      expect(completed.json().state).toBe('completed');
      const twice = await call('POST', url(started.id, 'complete'));
      expect(twice.statusCode).toBe(409);
      expect(twice.json().detail).toBe('A booking that is completed cannot become completed');
      const corrected = await call('POST', url(started.id, 'no-show'));
      expect(corrected.json().state).toBe('no_show');
      const cancel = await call('POST', url(started.id, 'cancel'), {});
      expect(cancel.statusCode).toBe(409);

      const upcoming = await bookOutsideHours(client.id, 'intro-call', future(18));
      for (const action of ['complete', 'no-show']) {
        const early = await call('POST', url(upcoming.id, action));
        expect(early.statusCode).toBe(409);
        expect(early.json().detail).toBe(
          'A booking can be marked completed or no-show only once it has started',
        );
      }
      for (const id of ['7d1b2c4e-0000-4000-8000-000000000000', 'not-a-uuid']) {
        for (const action of ['complete', 'paid', 'cancel']) {
          const body = action === 'paid' ? { method: 'cash' } : undefined;
          const missing = await call('POST', url(id, action), body);
          expect(missing.statusCode, `${action} ${id}`).toBe(404);
          expect(missing.json().detail).toBe(BOOKING_MESSAGES.bookingNotFound);
        }
        expect((await call('GET', `/api/admin/bookings/${id}`)).statusCode).toBe(404);
      }
    });

    it('sends with each booking what the owner may do with it now', async () => {
      const client = await createUser(t.app, { name: 'Actions Client' });
      const started = await insertBooking({ clientId: client.id, start: '2026-02-03T06:00:00Z' });
      const due = await bookOutsideHours(client.id, 'growth-plan-workshop', future(23));
      const detail = async (id: string) => (await call('GET', `/api/admin/bookings/${id}`)).json();

      expect((await detail(started.id)).ownerActions).toEqual({
        cancel: true,
        reschedule: true,
        complete: true,
        noShow: true,
        paid: false,
      });
      expect(due.ownerActions).toEqual({
        cancel: true,
        reschedule: true,
        complete: false,
        noShow: false,
        paid: true,
      });
      await call('POST', `/api/admin/bookings/${started.id}/complete`);
      expect((await detail(started.id)).ownerActions).toMatchObject({
        cancel: false,
        reschedule: false,
        complete: false,
        noShow: true,
      });
    });

    it('records a manual payment once, never for a cancelled booking', async () => {
      const paid = await bookOutsideHours(zara.id, 'growth-plan-workshop', future(20));
      expect(paid.paymentDue).toBe(true);
      const noMethod = await call('POST', `/api/admin/bookings/${paid.id}/paid`, {});
      expect(noMethod.statusCode).toBe(400);
      expect(noMethod.json().errors.method).toEqual([PAYMENT_MESSAGES.paymentMethodInvalid]);
      const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      const ahead = await call('POST', `/api/admin/bookings/${paid.id}/paid`, {
        method: 'cash',
        receivedOn: tomorrow,
      });
      expect(ahead.statusCode).toBe(400);
      expect(ahead.json().errors.receivedOn).toEqual([PAYMENT_MESSAGES.receivedOnFuture]);
      const res = await call('POST', `/api/admin/bookings/${paid.id}/paid`, {
        method: 'card_in_person',
        note: 'Paid at the door',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ paymentDue: false, state: 'confirmed' });
      expect(res.json().paidAt).not.toBeNull();
      const [stored] = await t.app.deps.db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, paid.id));
      expect(stored).toMatchObject({ paidMethod: 'card_in_person', note: 'Paid at the door' });
      expect(stored!.receivedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const again = await call('POST', `/api/admin/bookings/${paid.id}/paid`, { method: 'cash' });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(BOOKING_MESSAGES.paymentNotDue);

      const free = await bookOutsideHours(zara.id, 'intro-call', future(21));
      const freePaid = await call('POST', `/api/admin/bookings/${free.id}/paid`, {
        method: 'cash',
      });
      expect(freePaid.json().detail).toBe(BOOKING_MESSAGES.paymentNotDue);
      const unpaid = await bookOutsideHours(zara.id, 'strategy-session', future(22));
      await call('POST', `/api/admin/bookings/${unpaid.id}/cancel`);
      const closed = await call('POST', `/api/admin/bookings/${unpaid.id}/paid`, {
        method: 'cash',
      });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().detail).toBe(BOOKING_MESSAGES.paymentClosed);
    });

    it('lists with filters (state, owner-zone days, client, search) and pages', async () => {
      const listed = async (query: string) => {
        const res = await call('GET', `/api/admin/bookings${query}`);
        expect(res.statusCode, query).toBe(200);
        return adminBookingsPageSchema.parse(res.json());
      };
      const lena = await createUser(t.app, { name: 'Lena Day-Boundary', email: 'lena@x.test' });
      // Karachi is UTC+5: 2026-02-10 runs from 2026-02-09T19:00Z to 2026-02-10T19:00Z.
      const first = await insertBooking({ clientId: lena.id, start: '2026-02-09T19:30:00Z' });
      const last = await insertBooking({ clientId: lena.id, start: '2026-02-10T18:30:00Z' });
      const nextDay = await insertBooking({ clientId: lena.id, start: '2026-02-10T19:00:00Z' });
      const cancelled = await insertBooking({
        clientId: lena.id,
        start: '2026-02-12T06:00:00Z',
        state: 'cancelled',
        slug: 'strategy-session',
      });

      const day = await listed('?from=2026-02-10&to=2026-02-10');
      expect(day.bookings.map((b) => b.id)).toEqual([last.id, first.id]);
      const ascending = await listed(`?client=${lena.id}&order=asc`);
      expect(ascending.bookings.map((b) => b.id)).toEqual([
        first.id,
        last.id,
        nextDay.id,
        cancelled.id,
      ]);
      expect(ascending).toMatchObject({ currentPage: 1, totalPages: 1, totalBookings: 4 });
      expect((await listed('?from=2026-02-11')).bookings.map((b) => b.id)).toContain(nextDay.id);
      expect((await listed('?to=2026-02-09')).bookings.map((b) => b.id)).not.toContain(first.id);

      const byState = await listed(`?client=${lena.id}&state=cancelled`);
      expect(byState.bookings.map((b) => b.id)).toEqual([cancelled.id]);
      expect(byState.bookings[0]!.client).toEqual({
        id: lena.id,
        name: 'Lena Day-Boundary',
        email: 'lena@x.test',
        phone: null,
        timeZone: 'Europe/Berlin',
      });

      expect((await listed('?q=day-BOUNDARY')).totalBookings).toBe(4);
      expect((await listed('?q=lena@x')).totalBookings).toBe(4);
      expect((await listed(`?q=strategy&client=${lena.id}`)).bookings.map((b) => b.id)).toEqual([
        cancelled.id,
      ]);
      expect((await listed('?q=%25')).totalBookings).toBe(0);
      // LIKE wildcards and the escape character are searched for as written; NUL is ignored.
      expect((await listed('?q=_')).totalBookings).toBe(0);
      expect((await listed('?q=%5C')).totalBookings).toBe(0);
      expect((await listed('?q=lena%25x')).totalBookings).toBe(0);
      expect((await listed('?q=le_a')).totalBookings).toBe(0);
      expect((await listed('?q=lena%00@x')).totalBookings).toBe(4);
      // The far ends of the date format (the end of 9999-12-31 is in the year 10000).
      expect((await listed(`?client=${lena.id}&to=9999-12-31`)).totalBookings).toBe(4);
      expect((await listed(`?client=${lena.id}&from=9999-12-31`)).totalBookings).toBe(0);
      expect((await listed(`?client=${lena.id}&from=0100-01-01`)).totalBookings).toBe(4);

      const page2 = await listed(`?client=${lena.id}&pageSize=3&page=2`);
      expect(page2).toMatchObject({ currentPage: 2, totalPages: 2, totalBookings: 4 });
      expect(page2.bookings.map((b) => b.id)).toEqual([first.id]);
      const beyond = await listed(`?client=${lena.id}&pageSize=3&page=9`);
      expect(beyond.currentPage).toBe(2);

      const none = await listed(`?client=${lena.id}&state=expired`);
      expect(none).toEqual({ bookings: [], currentPage: 1, totalPages: 1, totalBookings: 0 });

      const all = await listed('');
      expect(all.totalBookings).toBeGreaterThan(4);
      const starts = all.bookings.map((b) => b.start);
      expect(starts).toEqual([...starts].sort().reverse());
    });

    it('refuses bad list queries with clear messages', async () => {
      const cases: [string, Record<string, string[]>][] = [
        ['?state=done', { state: [BOOKING_MESSAGES.stateInvalid] }],
        ['?from=2026-02-30', { from: [BOOKING_MESSAGES.dateInvalid] }],
        ['?from=2026-03-02&to=2026-03-01', { to: [BOOKING_MESSAGES.rangeReversed] }],
        ['?client=someone', { client: [BOOKING_MESSAGES.clientUnknown] }],
        ['?page=0', { page: [BOOKING_MESSAGES.pageInvalid] }],
      ];
      for (const [query, errors] of cases) {
        const res = await call('GET', `/api/admin/bookings${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().errors, query).toEqual(errors);
      }
      expect((await call('GET', '/api/admin/bookings?pageSize=101')).statusCode).toBe(400);
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  availabilityQuerySchema,
  bookingRulesSchema,
  bookingStateSchema,
  createBookingSchema,
  dateOverrideSchema,
  dateOverridesSchema,
  pastBookingsPageSchema,
  pastBookingsQuerySchema,
  schedulingConfigSchema,
  serviceInputSchema,
  weeklyHoursSchema,
  BOOKING_MESSAGES as M,
  DEFAULT_WEEKLY_HOURS,
} from './index';

/** Each failing field's path (dot-joined, '' for the root) → its messages. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

const strategy = {
  slug: 'strategy-session',
  title: 'Strategy session',
  description: 'An hour on your plan.',
  durationMinutes: 60,
  priceMinor: 12000,
  currency: 'USD',
  meetingMode: 'video',
};

describe('serviceInputSchema', () => {
  it('accepts a service and fills in the defaults', () => {
    expect(serviceInputSchema.parse(strategy)).toEqual({
      ...strategy,
      address: null,
      summary: '',
      active: true,
      order: 0,
      questions: [],
    });
  });

  it.each([
    [14, M.durationTooShort],
    [241, M.durationTooLong],
    [30.5, M.durationInvalid],
    ['60', M.durationInvalid],
  ])('refuses a duration of %j with “%s”', (durationMinutes, message) => {
    expect(errorsOf(serviceInputSchema, { ...strategy, durationMinutes })).toEqual({
      durationMinutes: [message],
    });
  });

  it('accepts the duration limits 15 and 240 minutes', () => {
    expect(serviceInputSchema.safeParse({ ...strategy, durationMinutes: 15 }).success).toBe(true);
    expect(serviceInputSchema.safeParse({ ...strategy, durationMinutes: 240 }).success).toBe(true);
  });

  it('refuses a negative or fractional price and accepts a free one', () => {
    expect(errorsOf(serviceInputSchema, { ...strategy, priceMinor: -1 })).toEqual({
      priceMinor: [M.priceNegative],
    });
    expect(errorsOf(serviceInputSchema, { ...strategy, priceMinor: 12.5 })).toEqual({
      priceMinor: [M.priceInvalid],
    });
    expect(serviceInputSchema.safeParse({ ...strategy, priceMinor: 0 }).success).toBe(true);
  });

  it('refuses a currency that is not an ISO 4217 code', () => {
    expect(errorsOf(serviceInputSchema, { ...strategy, currency: 'usd' })).toEqual({
      currency: [M.currencyInvalid],
    });
    expect(errorsOf(serviceInputSchema, { ...strategy, currency: 'US' })).toEqual({
      currency: [M.currencyInvalid],
    });
    expect(errorsOf(serviceInputSchema, { ...strategy, currency: 'QQQ' })).toEqual({
      currency: [M.currencyUnknown],
    });
    expect(serviceInputSchema.safeParse({ ...strategy, currency: 'PKR' }).success).toBe(true);
  });

  it('requires an address for in-person meetings only', () => {
    expect(errorsOf(serviceInputSchema, { ...strategy, meetingMode: 'in_person' })).toEqual({
      address: [M.addressRequired],
    });
    expect(
      errorsOf(serviceInputSchema, { ...strategy, meetingMode: 'in_person', address: '   ' }),
    ).toEqual({ address: [M.addressRequired] });
    expect(
      serviceInputSchema.safeParse({
        ...strategy,
        meetingMode: 'in_person',
        address: '12 Mall Road, Lahore',
      }).success,
    ).toBe(true);
  });

  it('refuses an unknown meeting mode, a bad slug and a blank title', () => {
    expect(
      errorsOf(serviceInputSchema, {
        ...strategy,
        meetingMode: 'carrier-pigeon',
        slug: 'Strategy Session',
        title: '  ',
      }),
    ).toEqual({
      meetingMode: [M.meetingModeInvalid],
      slug: [M.slugInvalid],
      title: [M.titleRequired],
    });
  });
});

describe('weeklyHoursSchema', () => {
  it('accepts the default week and fills missing days as closed', () => {
    expect(weeklyHoursSchema.parse(DEFAULT_WEEKLY_HOURS)).toEqual(DEFAULT_WEEKLY_HOURS);
    expect(weeklyHoursSchema.parse({ mon: [{ start: '09:00', end: '17:00' }] }).sun).toEqual([]);
  });

  it('refuses an interval that ends before or when it starts', () => {
    expect(errorsOf(weeklyHoursSchema, { tue: [{ start: '14:00', end: '09:00' }] })).toEqual({
      'tue.0.end': [M.intervalEndBeforeStart],
    });
    expect(errorsOf(weeklyHoursSchema, { tue: [{ start: '09:00', end: '09:00' }] })).toEqual({
      'tue.0.end': ['An interval must end after it starts'],
    });
  });

  it('refuses overlapping intervals, naming the day', () => {
    expect(
      errorsOf(weeklyHoursSchema, {
        mon: [
          { start: '09:00', end: '13:00' },
          { start: '12:30', end: '18:00' },
        ],
      }),
    ).toEqual({ mon: ['Intervals on Monday overlap'] });
  });

  it('accepts intervals that only touch, and an end of 24:00', () => {
    const result = weeklyHoursSchema.safeParse({
      fri: [
        { start: '09:00', end: '12:00' },
        { start: '12:00', end: '13:00' },
        { start: '20:00', end: '24:00' },
      ],
    });
    expect(result.success).toBe(true);
  });

  it('refuses badly written times', () => {
    expect(errorsOf(weeklyHoursSchema, { wed: [{ start: '9:00', end: '24:00' }] })).toEqual({
      'wed.0.start': [M.timeInvalid],
    });
    expect(errorsOf(weeklyHoursSchema, { wed: [{ start: '24:00', end: '24:30' }] })).toEqual({
      'wed.0.start': [M.timeInvalid],
      'wed.0.end': [M.endTimeInvalid],
    });
  });
});

describe('date overrides', () => {
  it('accepts a closed day and a day with its own intervals', () => {
    expect(dateOverrideSchema.parse({ date: '2026-12-25', closed: true })).toEqual({
      date: '2026-12-25',
      closed: true,
      intervals: [],
    });
    expect(
      dateOverrideSchema.safeParse({
        date: '2026-12-24',
        closed: false,
        intervals: [{ start: '10:00', end: '12:00' }],
      }).success,
    ).toBe(true);
  });

  it('refuses an open override without intervals, or with overlapping ones', () => {
    expect(errorsOf(dateOverrideSchema, { date: '2026-12-24', closed: false })).toEqual({
      intervals: [M.overrideNeedsIntervals],
    });
    expect(
      errorsOf(dateOverrideSchema, {
        date: '2026-03-08',
        closed: false,
        intervals: [
          { start: '10:00', end: '12:00' },
          { start: '11:00', end: '13:00' },
        ],
      }),
    ).toEqual({ intervals: ['Intervals on 2026-03-08 overlap'] });
  });

  it('refuses a date that does not exist and a date given twice', () => {
    expect(errorsOf(dateOverrideSchema, { date: '2026-02-30', closed: true })).toEqual({
      date: [M.dateInvalid],
    });
    expect(
      errorsOf(dateOverridesSchema, [
        { date: '2026-12-25', closed: true },
        { date: '2026-12-25', closed: true },
      ]),
    ).toEqual({ '1.date': ['There is more than one override for 2026-12-25'] });
  });
});

describe('bookingRulesSchema', () => {
  it('fills in the defaults, with the owner in Asia/Karachi', () => {
    expect(bookingRulesSchema.parse({})).toEqual({
      timeZone: 'Asia/Karachi',
      minimumNoticeHours: 12,
      horizonDays: 60,
      bufferMinutes: 15,
      slotStepMinutes: 15,
      maxBookingsPerDay: null,
      holdMinutes: 30,
      cancellationCutoffHours: 24,
      maxHeldBookingsPerClient: 3,
      maxUnpaidBookingsPerClient: null,
      waitlistOfferMinutes: 30,
    });
  });

  it.each(['Mars/Olympus_Mons', '+05:00', '', 'Asia/Karach'])(
    'refuses the time zone %j as unknown',
    (timeZone) => {
      expect(errorsOf(bookingRulesSchema, { timeZone })).toEqual({
        timeZone: ['Unknown time zone'],
      });
    },
  );

  it.each(['America/New_York', 'Europe/London', 'America/St_Johns', 'Asia/Kathmandu', 'UTC'])(
    'accepts the time zone %s',
    (timeZone) => {
      expect(bookingRulesSchema.parse({ timeZone }).timeZone).toBe(timeZone);
    },
  );

  it('refuses rules out of bounds with messages naming the rule and its unit', () => {
    expect(
      errorsOf(bookingRulesSchema, {
        minimumNoticeHours: -1,
        horizonDays: 0,
        bufferMinutes: 2.5,
        slotStepMinutes: 1,
        maxBookingsPerDay: 0,
        holdMinutes: 2000,
        maxHeldBookingsPerClient: 0,
        maxUnpaidBookingsPerClient: 101,
      }),
    ).toEqual({
      minimumNoticeHours: ['Minimum notice must be at least 0 hours'],
      horizonDays: ['Booking horizon must be at least 1 day'],
      bufferMinutes: ['Buffer must be a whole number'],
      slotStepMinutes: ['Slot step must be at least 5 minutes'],
      maxBookingsPerDay: [M.maxPerDayInvalid],
      holdMinutes: ['Payment hold must be at most 1440 minutes'],
      maxHeldBookingsPerClient: ['Bookings held for payment per client must be at least 1 booking'],
      maxUnpaidBookingsPerClient: ['Unpaid bookings per client must be at most 100 bookings'],
    });
  });
});

describe('schedulingConfigSchema', () => {
  it('parses a whole configuration', () => {
    const config = schedulingConfigSchema.parse({
      rules: { timeZone: 'Europe/London' },
      weeklyHours: DEFAULT_WEEKLY_HOURS,
    });
    expect(config.rules.timeZone).toBe('Europe/London');
    expect(config.dateOverrides).toEqual([]);
  });
});

describe('bookingStateSchema', () => {
  it('knows the six states and refuses others', () => {
    for (const state of [
      'pending_payment',
      'confirmed',
      'completed',
      'no_show',
      'cancelled',
      'expired',
    ]) {
      expect(bookingStateSchema.parse(state)).toBe(state);
    }
    expect(errorsOf(bookingStateSchema, 'held')).toEqual({ '': [M.stateInvalid] });
  });
});

describe('availabilityQuerySchema', () => {
  const query = {
    service: 'intro-call',
    from: '2026-03-01',
    to: '2026-03-31',
    timeZone: 'Australia/Sydney',
  };

  it('accepts a month in the visitor’s zone', () => {
    expect(availabilityQuerySchema.parse(query)).toEqual(query);
  });

  it('accepts a single day and a range of exactly 62 days', () => {
    expect(availabilityQuerySchema.safeParse({ ...query, to: '2026-03-01' }).success).toBe(true);
    expect(availabilityQuerySchema.safeParse({ ...query, to: '2026-05-01' }).success).toBe(true);
  });

  it('refuses a reversed range', () => {
    expect(errorsOf(availabilityQuerySchema, { ...query, to: '2026-02-28' })).toEqual({
      to: ['The end date must be on or after the start date'],
    });
  });

  it('refuses a range over 62 days', () => {
    expect(errorsOf(availabilityQuerySchema, { ...query, to: '2026-05-02' })).toEqual({
      to: ['The date range can cover at most 62 days'],
    });
  });

  it('refuses an unknown zone, a bad date and a missing service', () => {
    expect(
      errorsOf(availabilityQuerySchema, {
        from: '2026-03-01',
        to: '2026-13-01',
        timeZone: 'Sydney',
      }),
    ).toEqual({
      service: [M.serviceRequired],
      to: [M.dateInvalid],
      timeZone: ['Unknown time zone'],
    });
  });
});

describe('createBookingSchema', () => {
  it('accepts a start with its offset and turns blank notes into null', () => {
    expect(
      createBookingSchema.parse({
        service: 'intro-call',
        start: '2026-03-09T14:00:00Z',
        notes: '  ',
      }),
    ).toEqual({ service: 'intro-call', start: '2026-03-09T14:00:00Z', notes: null, answers: {} });
    expect(
      createBookingSchema.parse({ service: 'intro-call', start: '2026-03-09T19:00:00+05:00' })
        .notes,
    ).toBeNull();
  });

  it('refuses a start without an offset', () => {
    expect(
      errorsOf(createBookingSchema, { service: 'intro-call', start: '2026-03-09T14:00:00' }),
    ).toEqual({ start: [M.startInvalid] });
  });
});

describe('past bookings', () => {
  it('defaults to page 1 of 1 with 0 bookings', () => {
    expect(pastBookingsPageSchema.parse({})).toEqual({
      bookings: [],
      currentPage: 1,
      totalPages: 1,
      totalBookings: 0,
    });
  });

  it('carries records with _id and id', () => {
    const record = {
      _id: '7d3f6a52-6a55-4c1f-9b43-2f1f8e0e6c11',
      id: '7d3f6a52-6a55-4c1f-9b43-2f1f8e0e6c11',
      reference: 'N32HAP',
      service: {
        slug: 'intro-call',
        title: 'Intro call',
        durationMinutes: 20,
        meetingMode: 'video',
      },
      start: '2026-03-09T14:00:00.000Z',
      end: '2026-03-09T14:20:00.000Z',
      state: 'completed',
      notes: null,
      answers: [],
      priceMinor: 0,
      currency: 'USD',
      paymentDue: false,
      paidAt: null,
      holdUntil: null,
      meetingUrl: null,
      address: null,
      clientChange: {
        allowed: false,
        cutoffAt: '2026-03-01T09:00:00.000Z',
        reason: 'This booking can no longer be changed',
      },
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
    };
    const page = pastBookingsPageSchema.parse({
      bookings: [record],
      currentPage: 1,
      totalPages: 1,
      totalBookings: 1,
    });
    expect(page.bookings[0]).toEqual(record);
    expect(errorsOf(pastBookingsPageSchema, { bookings: [{ ...record, _id: undefined }] })).toEqual(
      {
        'bookings.0._id': ['Invalid input: expected string, received undefined'],
      },
    );
  });

  it('reads the page from the query string, page 1 by default', () => {
    expect(pastBookingsQuerySchema.parse({})).toEqual({ page: 1 });
    expect(pastBookingsQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
    for (const page of ['0', '-1', '1.5', 'two']) {
      expect(errorsOf(pastBookingsQuerySchema, { page })).toEqual({ page: [M.pageInvalid] });
    }
  });
});

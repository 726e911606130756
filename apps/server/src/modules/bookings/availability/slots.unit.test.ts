import { describe, expect, it } from 'vitest';
import { busyWindowFor, computeAvailableSlots, groupSlotsByDay, type BusyRange } from './slots';
import { rangeForDays } from '../../clock/zone-clock';
import { instants, range, schedulingConfig } from './test-factories';

const LONG_AGO = new Date('2026-01-01T00:00:00Z');
const NINE_TO_FIVE = [{ start: '09:00', end: '17:00' }];
const EVERY_DAY_NINE_TO_FIVE = {
  mon: NINE_TO_FIVE,
  tue: NINE_TO_FIVE,
  wed: NINE_TO_FIVE,
  thu: NINE_TO_FIVE,
  fri: NINE_TO_FIVE,
  sat: NINE_TO_FIVE,
  sun: NINE_TO_FIVE,
};

/** Instants from `first` to `last` inclusive, `stepMinutes` apart (for long, regular expectations). */
function series(first: string, last: string, stepMinutes: number): string[] {
  const out: string[] = [];
  for (let t = Date.parse(first); t <= Date.parse(last); t += stepMinutes * 60_000) {
    out.push(new Date(t).toISOString());
  }
  return out;
}

function busy(...spans: [string, string][]): BusyRange[] {
  return spans.map(([start, end]) => ({ start: new Date(start), end: new Date(end) }));
}

function expectUniqueAndAscending(slots: string[]): void {
  const times = slots.map((slot) => Date.parse(slot));
  for (let i = 1; i < times.length; i += 1) expect(times[i]).toBeGreaterThan(times[i - 1]!);
}

describe('computeAvailableSlots across DST changes of the owner zone', () => {
  describe('America/New_York springs forward on 2026-03-08 (a 23-hour day)', () => {
    const rules = { timeZone: 'America/New_York', slotStepMinutes: 60 };

    it('gives 09:00…16:00 local on the 23-hour day at their EDT instants, as on the EST day before', () => {
      const slots = computeAvailableSlots(
        { durationMinutes: 60 },
        range('2026-03-07T05:00:00Z', '2026-03-09T04:00:00Z'),
        LONG_AGO,
        schedulingConfig({ rules, weeklyHours: { sat: NINE_TO_FIVE, sun: NINE_TO_FIVE } }),
        [],
      );
      expect(slots).toEqual(
        instants(
          // Saturday, EST (UTC−5): 09:00 is 14:00Z.
          '2026-03-07T14:00:00Z',
          '2026-03-07T15:00:00Z',
          '2026-03-07T16:00:00Z',
          '2026-03-07T17:00:00Z',
          '2026-03-07T18:00:00Z',
          '2026-03-07T19:00:00Z',
          '2026-03-07T20:00:00Z',
          '2026-03-07T21:00:00Z',
          // Sunday, EDT (UTC−4): 09:00 is 13:00Z.
          '2026-03-08T13:00:00Z',
          '2026-03-08T14:00:00Z',
          '2026-03-08T15:00:00Z',
          '2026-03-08T16:00:00Z',
          '2026-03-08T17:00:00Z',
          '2026-03-08T18:00:00Z',
          '2026-03-08T19:00:00Z',
          '2026-03-08T20:00:00Z',
        ),
      );
    });

    it('skips the nonexistent 02:00–03:00 readings of an interval crossing the gap', () => {
      const slots = computeAvailableSlots(
        { durationMinutes: 30 },
        range('2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z'),
        LONG_AGO,
        schedulingConfig({
          rules: { timeZone: 'America/New_York', slotStepMinutes: 30 },
          weeklyHours: { sun: [{ start: '00:00', end: '05:00' }] },
        }),
        [],
      );
      expect(slots).toEqual(
        instants(
          '2026-03-08T05:00:00Z', // 00:00 EST
          '2026-03-08T05:30:00Z', // 00:30 EST
          '2026-03-08T06:00:00Z', // 01:00 EST
          '2026-03-08T06:30:00Z', // 01:30 EST, ends at the jump
          '2026-03-08T07:00:00Z', // 03:00 EDT
          '2026-03-08T07:30:00Z', // 03:30 EDT
          '2026-03-08T08:00:00Z', // 04:00 EDT
          '2026-03-08T08:30:00Z', // 04:30 EDT, ends at the 05:00 close
        ),
      );
    });

    it('keeps the wall-clock grid after the gap instead of shifting it (45-minute step)', () => {
      const slots = computeAvailableSlots(
        { durationMinutes: 30 },
        range('2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z'),
        LONG_AGO,
        schedulingConfig({
          rules: { timeZone: 'America/New_York', slotStepMinutes: 45 },
          weeklyHours: { sun: [{ start: '00:00', end: '05:00' }] },
        }),
        [],
      );
      // Grid 00:00, 00:45, 01:30, (02:15 does not exist), 03:00, 03:45, 04:30.
      expect(slots).toEqual(
        instants(
          '2026-03-08T05:00:00Z',
          '2026-03-08T05:45:00Z',
          '2026-03-08T06:30:00Z',
          '2026-03-08T07:00:00Z',
          '2026-03-08T07:45:00Z',
          '2026-03-08T08:30:00Z',
        ),
      );
    });

    it('closes an interval ending inside the gap at the jump, and opens one starting inside it there', () => {
      const dayRange = range('2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z');
      const closesInGap = computeAvailableSlots(
        { durationMinutes: 30 },
        dayRange,
        LONG_AGO,
        schedulingConfig({
          rules: { timeZone: 'America/New_York' },
          weeklyHours: { sun: [{ start: '00:00', end: '02:30' }] },
        }),
        [],
      );
      expect(closesInGap).toEqual(
        instants(
          '2026-03-08T05:00:00Z',
          '2026-03-08T05:30:00Z',
          '2026-03-08T06:00:00Z',
          '2026-03-08T06:30:00Z',
        ),
      );
      const opensInGap = computeAvailableSlots(
        { durationMinutes: 30 },
        dayRange,
        LONG_AGO,
        schedulingConfig({
          rules: { timeZone: 'America/New_York' },
          weeklyHours: { sun: [{ start: '02:30', end: '04:00' }] },
        }),
        [],
      );
      expect(opensInGap).toEqual(instants('2026-03-08T07:00:00Z', '2026-03-08T07:30:00Z'));
    });
  });

  describe('America/New_York falls back on 2026-11-01 (a 25-hour day)', () => {
    const dayRange = range('2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z');

    it('gives 09:00…16:00 local at their EST instants', () => {
      const slots = computeAvailableSlots(
        { durationMinutes: 60 },
        dayRange,
        LONG_AGO,
        schedulingConfig({
          rules: { timeZone: 'America/New_York', slotStepMinutes: 60 },
          weeklyHours: { sun: NINE_TO_FIVE },
        }),
        [],
      );
      expect(slots).toEqual(series('2026-11-01T14:00:00Z', '2026-11-01T21:00:00Z', 60));
    });

    it('offers each repeated 01:xx reading once, on its first (EDT) pass', () => {
      const slots = computeAvailableSlots(
        { durationMinutes: 30 },
        dayRange,
        LONG_AGO,
        schedulingConfig({
          rules: { timeZone: 'America/New_York', slotStepMinutes: 30 },
          weeklyHours: { sun: [{ start: '00:00', end: '03:00' }] },
        }),
        [],
      );
      expect(slots).toEqual(
        instants(
          '2026-11-01T04:00:00Z', // 00:00 EDT
          '2026-11-01T04:30:00Z', // 00:30 EDT
          '2026-11-01T05:00:00Z', // 01:00 EDT (first pass)
          '2026-11-01T05:30:00Z', // 01:30 EDT (first pass)
          '2026-11-01T07:00:00Z', // 02:00 EST
          '2026-11-01T07:30:00Z', // 02:30 EST, ends at the 03:00 EST close
        ),
      );
      expectUniqueAndAscending(slots);
    });

    it('counts durations in elapsed time across the repeated hour', () => {
      const slots = computeAvailableSlots(
        { durationMinutes: 60 },
        dayRange,
        LONG_AGO,
        schedulingConfig({
          rules: { timeZone: 'America/New_York', slotStepMinutes: 30 },
          weeklyHours: { sun: [{ start: '00:00', end: '03:00' }] },
        }),
        [],
      );
      // 02:30 EST would end at 03:30 EST, past the close.
      expect(slots).toEqual(
        instants(
          '2026-11-01T04:00:00Z',
          '2026-11-01T04:30:00Z',
          '2026-11-01T05:00:00Z',
          '2026-11-01T05:30:00Z',
          '2026-11-01T07:00:00Z',
        ),
      );
    });
  });

  describe('Europe/London', () => {
    it('springs forward on 2026-03-29: 09:00…16:00 BST, and 01:00–02:00 is skipped', () => {
      const config = schedulingConfig({
        rules: { timeZone: 'Europe/London', slotStepMinutes: 60 },
        weeklyHours: { sun: NINE_TO_FIVE },
      });
      const dayRange = range('2026-03-29T00:00:00Z', '2026-03-29T23:00:00Z');
      expect(
        computeAvailableSlots({ durationMinutes: 60 }, dayRange, LONG_AGO, config, []),
      ).toEqual(series('2026-03-29T08:00:00Z', '2026-03-29T15:00:00Z', 60));
      const night = schedulingConfig({
        rules: { timeZone: 'Europe/London', slotStepMinutes: 30 },
        weeklyHours: { sun: [{ start: '00:00', end: '03:00' }] },
      });
      expect(computeAvailableSlots({ durationMinutes: 30 }, dayRange, LONG_AGO, night, [])).toEqual(
        instants(
          '2026-03-29T00:00:00Z', // 00:00 GMT
          '2026-03-29T00:30:00Z', // 00:30 GMT
          '2026-03-29T01:00:00Z', // 02:00 BST
          '2026-03-29T01:30:00Z', // 02:30 BST
        ),
      );
    });

    it('falls back on 2026-10-25: 09:00…16:00 GMT, and the repeated 01:xx is offered once', () => {
      const dayRange = range('2026-10-24T23:00:00Z', '2026-10-26T00:00:00Z');
      const config = schedulingConfig({
        rules: { timeZone: 'Europe/London', slotStepMinutes: 60 },
        weeklyHours: { sun: NINE_TO_FIVE },
      });
      expect(
        computeAvailableSlots({ durationMinutes: 60 }, dayRange, LONG_AGO, config, []),
      ).toEqual(series('2026-10-25T09:00:00Z', '2026-10-25T16:00:00Z', 60));
      const night = schedulingConfig({
        rules: { timeZone: 'Europe/London', slotStepMinutes: 30 },
        weeklyHours: { sun: [{ start: '00:00', end: '03:00' }] },
      });
      expect(computeAvailableSlots({ durationMinutes: 30 }, dayRange, LONG_AGO, night, [])).toEqual(
        instants(
          '2026-10-24T23:00:00Z', // 00:00 BST
          '2026-10-24T23:30:00Z', // 00:30 BST
          '2026-10-25T00:00:00Z', // 01:00 BST (first pass)
          '2026-10-25T00:30:00Z', // 01:30 BST (first pass)
          '2026-10-25T02:00:00Z', // 02:00 GMT
          '2026-10-25T02:30:00Z', // 02:30 GMT
        ),
      );
    });
  });

  it('opens a day whose midnight does not exist at its first instant (America/Santiago, 2026-09-06)', () => {
    const slots = computeAvailableSlots(
      { durationMinutes: 30 },
      rangeForDays('2026-09-06', '2026-09-06', 'America/Santiago'),
      LONG_AGO,
      schedulingConfig({
        rules: { timeZone: 'America/Santiago' },
        weeklyHours: { sun: [{ start: '00:00', end: '02:00' }] },
      }),
      [],
    );
    // 00:00–01:00 is skipped; 01:00 −03 is 04:00Z.
    expect(slots).toEqual(instants('2026-09-06T04:00:00Z', '2026-09-06T04:30:00Z'));
  });
});

describe('groupSlotsByDay for clients in other zones', () => {
  function splitAt(
    slots: string[],
    dates: [string, number][],
  ): { date: string; slots: string[] }[] {
    let offset = 0;
    return dates.map(([date, count]) => {
      const day = { date, slots: slots.slice(offset, offset + count) };
      offset += count;
      return day;
    });
  }

  const nySpring = computeAvailableSlots(
    { durationMinutes: 30 },
    range('2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z'),
    LONG_AGO,
    schedulingConfig({
      rules: { timeZone: 'America/New_York', slotStepMinutes: 30 },
      weeklyHours: { sun: NINE_TO_FIVE },
    }),
    [],
  );
  const nyFall = computeAvailableSlots(
    { durationMinutes: 60 },
    range('2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z'),
    LONG_AGO,
    schedulingConfig({
      rules: { timeZone: 'America/New_York', slotStepMinutes: 60 },
      weeklyHours: { sun: NINE_TO_FIVE },
    }),
    [],
  );
  const londonSpring = computeAvailableSlots(
    { durationMinutes: 60 },
    range('2026-03-29T00:00:00Z', '2026-03-29T23:00:00Z'),
    LONG_AGO,
    schedulingConfig({
      rules: { timeZone: 'Europe/London', slotStepMinutes: 60 },
      weeklyHours: { sun: NINE_TO_FIVE },
    }),
    [],
  );
  const londonFall = computeAvailableSlots(
    { durationMinutes: 60 },
    range('2026-10-24T23:00:00Z', '2026-10-26T00:00:00Z'),
    LONG_AGO,
    schedulingConfig({
      rules: { timeZone: 'Europe/London', slotStepMinutes: 60 },
      weeklyHours: { sun: NINE_TO_FIVE },
    }),
    [],
  );

  it('computes the owner days the client views are built from', () => {
    expect(nySpring).toEqual(series('2026-03-08T13:00:00Z', '2026-03-08T20:30:00Z', 30));
    expect(nyFall).toEqual(series('2026-11-01T14:00:00Z', '2026-11-01T21:00:00Z', 60));
    expect(londonSpring).toEqual(series('2026-03-29T08:00:00Z', '2026-03-29T15:00:00Z', 60));
    expect(londonFall).toEqual(series('2026-10-25T09:00:00Z', '2026-10-25T16:00:00Z', 60));
  });

  // Day splits worked out from each client zone's offset at each instant:
  // Karachi +5; Kathmandu +5:45; Sydney +11 (AEDT, until 2026-04-05 and from 2026-10-04);
  // St John's −2:30 (NDT, 2026-03-08 05:30Z until 2026-11-01 04:30Z), else −3:30.
  const cases: [string, string[], string, [string, number][]][] = [
    // New York spring day, 13:00Z…20:30Z every 30 minutes.
    [
      'NY spring',
      nySpring,
      'Asia/Karachi',
      [
        ['2026-03-08', 12],
        ['2026-03-09', 4],
      ],
    ],
    // 18:30Z is 00:15 the next day in Kathmandu but 23:30 in Karachi.
    [
      'NY spring',
      nySpring,
      'Asia/Kathmandu',
      [
        ['2026-03-08', 11],
        ['2026-03-09', 5],
      ],
    ],
    ['NY spring', nySpring, 'Australia/Sydney', [['2026-03-09', 16]]],
    ['NY spring', nySpring, 'America/St_Johns', [['2026-03-08', 16]]],
    // New York fall-back day, 14:00Z…21:00Z hourly.
    [
      'NY fall',
      nyFall,
      'Asia/Karachi',
      [
        ['2026-11-01', 5],
        ['2026-11-02', 3],
      ],
    ],
    [
      'NY fall',
      nyFall,
      'Asia/Kathmandu',
      [
        ['2026-11-01', 5],
        ['2026-11-02', 3],
      ],
    ],
    ['NY fall', nyFall, 'Australia/Sydney', [['2026-11-02', 8]]],
    ['NY fall', nyFall, 'America/St_Johns', [['2026-11-01', 8]]],
    // London spring day, 08:00Z…15:00Z hourly.
    ['London spring', londonSpring, 'Asia/Karachi', [['2026-03-29', 8]]],
    ['London spring', londonSpring, 'Asia/Kathmandu', [['2026-03-29', 8]]],
    [
      'London spring',
      londonSpring,
      'Australia/Sydney',
      [
        ['2026-03-29', 5],
        ['2026-03-30', 3],
      ],
    ],
    ['London spring', londonSpring, 'America/St_Johns', [['2026-03-29', 8]]],
    // London fall-back day, 09:00Z…16:00Z hourly.
    ['London fall', londonFall, 'Asia/Karachi', [['2026-10-25', 8]]],
    ['London fall', londonFall, 'Asia/Kathmandu', [['2026-10-25', 8]]],
    [
      'London fall',
      londonFall,
      'Australia/Sydney',
      [
        ['2026-10-25', 4],
        ['2026-10-26', 4],
      ],
    ],
    ['London fall', londonFall, 'America/St_Johns', [['2026-10-25', 8]]],
  ];

  it.each(cases)('places the %s slots on the right %s days', (_label, slots, zone, split) => {
    expect(groupSlotsByDay(slots, zone)).toEqual(splitAt(slots, split));
  });

  it('follows southern-hemisphere DST ending in Sydney (2026-04-05, +11 → +10)', () => {
    expect(
      groupSlotsByDay(
        [
          '2026-04-04T12:30:00.000Z', // 23:30 AEDT, 4 April
          '2026-04-04T13:00:00.000Z', // 00:00 AEDT, 5 April
          '2026-04-04T15:30:00.000Z', // 02:30 AEDT (first pass)
          '2026-04-04T16:30:00.000Z', // 02:30 AEST (second pass)
          '2026-04-05T13:30:00.000Z', // 23:30 AEST, 5 April
          '2026-04-05T14:00:00.000Z', // 00:00 AEST, 6 April
        ],
        'Australia/Sydney',
      ),
    ).toEqual([
      { date: '2026-04-04', slots: ['2026-04-04T12:30:00.000Z'] },
      {
        date: '2026-04-05',
        slots: [
          '2026-04-04T13:00:00.000Z',
          '2026-04-04T15:30:00.000Z',
          '2026-04-04T16:30:00.000Z',
          '2026-04-05T13:30:00.000Z',
        ],
      },
      { date: '2026-04-06', slots: ['2026-04-05T14:00:00.000Z'] },
    ]);
  });

  it('follows southern-hemisphere DST starting in Sydney (2026-10-04, +10 → +11)', () => {
    expect(
      groupSlotsByDay(
        [
          '2026-10-03T13:59:00.000Z', // 23:59 AEST, 3 October
          '2026-10-03T14:00:00.000Z', // 00:00 AEST, 4 October
          '2026-10-04T12:59:00.000Z', // 23:59 AEDT, 4 October
          '2026-10-04T13:00:00.000Z', // 00:00 AEDT, 5 October
        ],
        'Australia/Sydney',
      ),
    ).toEqual([
      { date: '2026-10-03', slots: ['2026-10-03T13:59:00.000Z'] },
      { date: '2026-10-04', slots: ['2026-10-03T14:00:00.000Z', '2026-10-04T12:59:00.000Z'] },
      { date: '2026-10-05', slots: ['2026-10-04T13:00:00.000Z'] },
    ]);
  });

  it('places midnight correctly in the half-hour zone across its DST start (St John’s, 2026-03-08)', () => {
    expect(
      groupSlotsByDay(
        [
          '2026-03-08T03:29:00.000Z', // 23:59 NST, 7 March
          '2026-03-08T03:30:00.000Z', // 00:00 NST, 8 March
          '2026-03-09T02:29:00.000Z', // 23:59 NDT, 8 March
          '2026-03-09T02:30:00.000Z', // 00:00 NDT, 9 March
        ],
        'America/St_Johns',
      ),
    ).toEqual([
      { date: '2026-03-07', slots: ['2026-03-08T03:29:00.000Z'] },
      { date: '2026-03-08', slots: ['2026-03-08T03:30:00.000Z', '2026-03-09T02:29:00.000Z'] },
      { date: '2026-03-09', slots: ['2026-03-09T02:30:00.000Z'] },
    ]);
  });

  it('places midnight correctly in the 45-minute zone (Kathmandu)', () => {
    expect(
      groupSlotsByDay(['2026-06-01T18:15:00.000Z', '2026-06-01T18:14:00.000Z'], 'Asia/Kathmandu'),
    ).toEqual([
      { date: '2026-06-01', slots: ['2026-06-01T18:14:00.000Z'] },
      { date: '2026-06-02', slots: ['2026-06-01T18:15:00.000Z'] },
    ]);
  });

  it('returns nothing for no slots', () => {
    expect(groupSlotsByDay([], 'Asia/Karachi')).toEqual([]);
  });
});

// Rules in the owner's default zone, Asia/Karachi (UTC+5, no DST); 2026-06-01 is a Monday.
describe('computeAvailableSlots rules', () => {
  const monday = range('2026-05-31T19:00:00Z', '2026-06-01T19:00:00Z');

  it('keeps the buffer free around busy bookings and inside the open hours', () => {
    const slots = computeAvailableSlots(
      { durationMinutes: 60 },
      monday,
      LONG_AGO,
      schedulingConfig({
        rules: { bufferMinutes: 15, slotStepMinutes: 15 },
        weeklyHours: { mon: NINE_TO_FIVE },
      }),
      busy(['2026-06-01T07:00:00Z', '2026-06-01T08:00:00Z']), // 12:00–13:00 local
    );
    expect(slots).toEqual([
      // 09:15 (09:00 + buffer) … 10:45 (ends 11:45, buffer until 12:00).
      ...series('2026-06-01T04:15:00Z', '2026-06-01T05:45:00Z', 15),
      // 13:15 (13:00 + buffer) … 15:45 (ends 16:45, buffer until the 17:00 close).
      ...series('2026-06-01T08:15:00Z', '2026-06-01T10:45:00Z', 15),
    ]);
  });

  it('lets a slot touch a busy booking when there is no buffer', () => {
    const slots = computeAvailableSlots(
      { durationMinutes: 60 },
      monday,
      LONG_AGO,
      schedulingConfig({ rules: { slotStepMinutes: 15 }, weeklyHours: { mon: NINE_TO_FIVE } }),
      busy(['2026-06-01T07:00:00Z', '2026-06-01T08:00:00Z']),
    );
    expect(slots).toContain('2026-06-01T06:00:00.000Z');
    expect(slots).toContain('2026-06-01T08:00:00.000Z');
    expect(slots).not.toContain('2026-06-01T06:15:00.000Z');
    expect(slots).not.toContain('2026-06-01T07:45:00.000Z');
    expect(slots[0]).toBe('2026-06-01T04:00:00.000Z');
  });

  it('refuses slots overlapping a busy booking by a single minute', () => {
    const slots = computeAvailableSlots(
      { durationMinutes: 30 },
      monday,
      LONG_AGO,
      schedulingConfig({ weeklyHours: { mon: [{ start: '09:00', end: '10:00' }] } }),
      busy(['2026-06-01T04:29:00Z', '2026-06-01T04:30:00Z']),
    );
    expect(slots).toEqual(instants('2026-06-01T04:30:00Z'));
  });

  it('offers no slot starting before now plus the minimum notice, and one exactly at it', () => {
    const slots = computeAvailableSlots(
      { durationMinutes: 30 },
      monday,
      new Date('2026-06-01T04:00:00Z'),
      schedulingConfig({
        rules: { minimumNoticeHours: 2, slotStepMinutes: 15 },
        weeklyHours: { mon: NINE_TO_FIVE },
      }),
      [],
    );
    expect(slots[0]).toBe('2026-06-01T06:00:00.000Z');
  });

  it('never offers a slot in the past', () => {
    const slots = computeAvailableSlots(
      { durationMinutes: 30 },
      monday,
      new Date('2026-06-01T05:10:00Z'),
      schedulingConfig({ weeklyHours: { mon: NINE_TO_FIVE } }),
      [],
    );
    expect(slots[0]).toBe('2026-06-01T05:30:00.000Z');
  });

  it('offers no slot starting after now plus the horizon, and one exactly at it', () => {
    const slots = computeAvailableSlots(
      { durationMinutes: 30 },
      range('2026-06-01T00:00:00Z', '2026-06-10T00:00:00Z'),
      new Date('2026-06-01T04:00:00Z'),
      schedulingConfig({ rules: { horizonDays: 3 }, weeklyHours: EVERY_DAY_NINE_TO_FIVE }),
      [],
    );
    expect(slots.at(-1)).toBe('2026-06-04T04:00:00.000Z');
  });

  it('counts the horizon in calendar days of the owner zone across a DST change', () => {
    // Friday 10:00 EST + 2 days = Sunday 10:00 EDT, which is 14:00Z (not 15:00Z).
    const slots = computeAvailableSlots(
      { durationMinutes: 60 },
      range('2026-03-06T05:00:00Z', '2026-03-10T04:00:00Z'),
      new Date('2026-03-06T15:00:00Z'),
      schedulingConfig({
        rules: { timeZone: 'America/New_York', slotStepMinutes: 60, horizonDays: 2 },
        weeklyHours: EVERY_DAY_NINE_TO_FIVE,
      }),
      [],
    );
    expect(slots.at(-1)).toBe('2026-03-08T14:00:00.000Z');
  });

  it('offers nothing on a date closed by an override and the weekday hours on the next', () => {
    const slots = computeAvailableSlots(
      { durationMinutes: 60 },
      range('2026-05-31T19:00:00Z', '2026-06-02T19:00:00Z'),
      LONG_AGO,
      schedulingConfig({
        rules: { slotStepMinutes: 60 },
        weeklyHours: { mon: NINE_TO_FIVE, tue: NINE_TO_FIVE },
        dateOverrides: [{ date: '2026-06-01', closed: true, intervals: [] }],
      }),
      [],
    );
    expect(slots).toEqual(series('2026-06-02T04:00:00Z', '2026-06-02T11:00:00Z', 60));
  });

  it('uses an override’s own intervals instead of the weekday’s, even on a day off', () => {
    const slots = computeAvailableSlots(
      { durationMinutes: 60 },
      range('2026-06-01T19:00:00Z', '2026-06-06T19:00:00Z'),
      LONG_AGO,
      schedulingConfig({
        weeklyHours: { tue: NINE_TO_FIVE },
        dateOverrides: [
          { date: '2026-06-02', closed: false, intervals: [{ start: '14:00', end: '15:00' }] },
          { date: '2026-06-06', closed: false, intervals: [{ start: '10:00', end: '12:00' }] },
        ],
      }),
      [],
    );
    expect(slots).toEqual(
      instants(
        '2026-06-02T09:00:00Z', // Tuesday 14:00, not 09:00…16:00
        '2026-06-06T05:00:00Z', // Saturday 10:00
        '2026-06-06T05:30:00Z',
        '2026-06-06T06:00:00Z',
      ),
    );
  });

  it('offers nothing on a day that reached its maximum of bookings, counted by the owner’s day', () => {
    const config = schedulingConfig({
      rules: { maxBookingsPerDay: 2, slotStepMinutes: 60 },
      weeklyHours: { mon: NINE_TO_FIVE, tue: NINE_TO_FIVE },
    });
    const twoDays = range('2026-05-31T19:00:00Z', '2026-06-02T19:00:00Z');
    // Both start on Tuesday in Karachi, though the first is still Monday in UTC.
    const tuesdayFull = busy(
      ['2026-06-01T19:30:00Z', '2026-06-01T20:00:00Z'],
      ['2026-06-02T03:00:00Z', '2026-06-02T03:30:00Z'],
    );
    expect(
      computeAvailableSlots({ durationMinutes: 60 }, twoDays, LONG_AGO, config, tuesdayFull),
    ).toEqual(series('2026-06-01T04:00:00Z', '2026-06-01T11:00:00Z', 60));
    const oneOnTuesday = tuesdayFull.slice(0, 1);
    const slots = computeAvailableSlots(
      { durationMinutes: 60 },
      twoDays,
      LONG_AGO,
      config,
      oneOnTuesday,
    );
    expect(slots.filter((slot) => slot.startsWith('2026-06-02'))).toHaveLength(8);
  });

  it('aligns starts to the step counted from each interval’s start', () => {
    const slots = computeAvailableSlots(
      { durationMinutes: 30 },
      monday,
      LONG_AGO,
      schedulingConfig({
        rules: { slotStepMinutes: 20 },
        weeklyHours: { mon: [{ start: '09:10', end: '11:00' }] },
      }),
      [],
    );
    expect(slots).toEqual(
      instants(
        '2026-06-01T04:10:00Z',
        '2026-06-01T04:30:00Z',
        '2026-06-01T04:50:00Z',
        '2026-06-01T05:10:00Z',
        '2026-06-01T05:30:00Z',
      ),
    );
  });

  it('treats intervals that touch as one stretch of open hours', () => {
    const slots = computeAvailableSlots(
      { durationMinutes: 60 },
      monday,
      LONG_AGO,
      schedulingConfig({
        weeklyHours: {
          mon: [
            { start: '10:00', end: '11:00' },
            { start: '09:00', end: '10:00' },
          ],
        },
      }),
      [],
    );
    expect(slots).toEqual(
      instants('2026-06-01T04:00:00Z', '2026-06-01T04:30:00Z', '2026-06-01T05:00:00Z'),
    );
  });

  it('offers slots up to an interval ending at 24:00', () => {
    const slots = computeAvailableSlots(
      { durationMinutes: 60 },
      range('2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z'),
      LONG_AGO,
      schedulingConfig({
        rules: { slotStepMinutes: 60 },
        weeklyHours: { mon: [{ start: '22:00', end: '24:00' }] },
      }),
      [],
    );
    expect(slots).toEqual(instants('2026-06-01T17:00:00Z', '2026-06-01T18:00:00Z'));
  });

  it('returns starts inside the half-open range only', () => {
    const slots = computeAvailableSlots(
      { durationMinutes: 60 },
      range('2026-06-01T05:00:00Z', '2026-06-01T07:00:00Z'),
      LONG_AGO,
      schedulingConfig({ rules: { slotStepMinutes: 60 }, weeklyHours: { mon: NINE_TO_FIVE } }),
      [],
    );
    expect(slots).toEqual(instants('2026-06-01T05:00:00Z', '2026-06-01T06:00:00Z'));
  });

  it('returns nothing for a reversed range or a closed week', () => {
    const config = schedulingConfig({ weeklyHours: { mon: NINE_TO_FIVE } });
    expect(
      computeAvailableSlots(
        { durationMinutes: 30 },
        range('2026-06-02T00:00:00Z', '2026-06-01T00:00:00Z'),
        LONG_AGO,
        config,
        [],
      ),
    ).toEqual([]);
    expect(
      computeAvailableSlots({ durationMinutes: 30 }, monday, LONG_AGO, schedulingConfig(), []),
    ).toEqual([]);
  });
});

describe('busyWindowFor', () => {
  it('widens the range to whole owner days plus the buffer', () => {
    const config = schedulingConfig({ rules: { bufferMinutes: 15 } });
    expect(busyWindowFor(range('2026-06-01T10:00:00Z', '2026-06-01T12:00:00Z'), config)).toEqual(
      range('2026-05-31T18:45:00Z', '2026-06-01T19:15:00Z'),
    );
  });
});

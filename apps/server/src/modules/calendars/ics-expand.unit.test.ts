import { describe, expect, it } from 'vitest';
import { expandCalendarBusy, type ExpandOptions } from './ics-expand';

function calendar(...blocks: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...blocks, 'END:VCALENDAR'].join(
    '\r\n',
  );
}

function vevent(uid: string, ...lines: string[]): string {
  return ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join(
    '\r\n',
  );
}

const year2026: ExpandOptions = {
  window: { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') },
  ownerZone: 'Europe/London',
};

async function starts(text: string, options: ExpandOptions = year2026): Promise<string[]> {
  return (await expandCalendarBusy(text, options)).events.map((event) => event.start.toISOString());
}

describe('expandCalendarBusy', () => {
  it('keeps a weekly Europe/London meeting at 09:00 local across both DST changes', async () => {
    const text = calendar(
      vevent(
        'london',
        'SUMMARY:Standup',
        'DTSTART;TZID=Europe/London:20260322T090000',
        'DTEND;TZID=Europe/London:20260322T093000',
        'RRULE:FREQ=WEEKLY;UNTIL=20261101T000000Z',
      ),
    );
    const result = await expandCalendarBusy(text, year2026);
    const byDate = new Map(result.events.map((e) => [e.start.toISOString().slice(0, 10), e]));
    expect(byDate.get('2026-03-22')!.start.toISOString()).toBe('2026-03-22T09:00:00.000Z');
    expect(byDate.get('2026-03-29')!.start.toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(byDate.get('2026-10-18')!.start.toISOString()).toBe('2026-10-18T08:00:00.000Z');
    expect(byDate.get('2026-10-25')!.start.toISOString()).toBe('2026-10-25T09:00:00.000Z');
    expect(byDate.get('2026-10-25')!.end.toISOString()).toBe('2026-10-25T09:30:00.000Z');
    expect(result.events).toHaveLength(32);
    expect(result.events[0]!.summary).toBe('Standup');
  });

  it('keeps a daily America/New_York event at 09:00 local across both DST changes', async () => {
    const text = calendar(
      vevent(
        'ny',
        'DTSTART;TZID=America/New_York:20260306T090000',
        'DURATION:PT1H',
        'RRULE:FREQ=DAILY',
      ),
    );
    const options = {
      window: { start: new Date('2026-03-06T00:00:00Z'), end: new Date('2026-11-03T00:00:00Z') },
      ownerZone: 'America/New_York',
    };
    const all = await starts(text, options);
    expect(all).toContain('2026-03-07T14:00:00.000Z');
    expect(all).toContain('2026-03-08T13:00:00.000Z');
    expect(all).toContain('2026-10-31T13:00:00.000Z');
    expect(all).toContain('2026-11-01T14:00:00.000Z');
    expect(all).toHaveLength(242);
  });

  it('leaves out an EXDATE (written in UTC) and moves an overridden instance', async () => {
    const text = calendar(
      vevent(
        'weekly',
        'SUMMARY:Team',
        'DTSTART;TZID=Europe/Berlin:20260601T100000',
        'DTEND;TZID=Europe/Berlin:20260601T110000',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'EXDATE:20260608T080000Z',
      ),
      vevent(
        'weekly',
        'SUMMARY:Team (moved)',
        'RECURRENCE-ID;TZID=Europe/Berlin:20260615T100000',
        'DTSTART;TZID=Europe/Berlin:20260616T150000',
        'DTEND;TZID=Europe/Berlin:20260616T160000',
      ),
    );
    const result = await expandCalendarBusy(text, year2026);
    expect(result.events.map((e) => [e.start.toISOString(), e.summary])).toEqual([
      ['2026-06-01T08:00:00.000Z', 'Team'],
      ['2026-06-16T13:00:00.000Z', 'Team (moved)'],
      ['2026-06-22T08:00:00.000Z', 'Team'],
    ]);
    expect(result.eventsRead).toBe(2);
  });

  it('adds RDATE instances', async () => {
    const text = calendar(
      vevent(
        'rdate',
        'DTSTART:20260601T100000Z',
        'DTEND:20260601T110000Z',
        'RRULE:FREQ=WEEKLY;COUNT=2',
        'RDATE:20260603T120000Z',
      ),
    );
    expect(await starts(text)).toEqual([
      '2026-06-01T10:00:00.000Z',
      '2026-06-03T12:00:00.000Z',
      '2026-06-08T10:00:00.000Z',
    ]);
  });

  it("blocks an all-day event for the whole day in the owner's zone ahead of UTC", async () => {
    const text = calendar(
      vevent(
        'holiday',
        'SUMMARY:Holiday',
        'DTSTART;VALUE=DATE:20261225',
        'DTEND;VALUE=DATE:20261227',
      ),
    );
    const options = { ...year2026, ownerZone: 'Pacific/Auckland' };
    const [event] = (await expandCalendarBusy(text, options)).events;
    expect(event!.start.toISOString()).toBe('2026-12-24T11:00:00.000Z');
    expect(event!.end.toISOString()).toBe('2026-12-26T11:00:00.000Z');
    expect(event!.allDay).toBe(true);
    const off = { ...options, feed: { blockAllDay: false, blockEverything: false } };
    expect((await expandCalendarBusy(text, off)).events).toEqual([]);
  });

  it('reads Windows zone names as Outlook writes them, with and without a VTIMEZONE', async () => {
    const outlookZone = [
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ].join('\r\n');
    const text = calendar(
      outlookZone,
      vevent(
        'outlook',
        'DTSTART;TZID=W. Europe Standard Time:20260715T100000',
        'DTEND;TZID=W. Europe Standard Time:20260715T110000',
      ),
      vevent(
        'eastern',
        'DTSTART;TZID="Eastern Standard Time":20260115T090000',
        'DTEND;TZID="Eastern Standard Time":20260115T100000',
      ),
    );
    const result = await expandCalendarBusy(text, year2026);
    expect(result.events.map((e) => e.start.toISOString())).toEqual([
      '2026-01-15T14:00:00.000Z',
      '2026-07-15T08:00:00.000Z',
    ]);
    expect(result.unknownZones).toEqual([]);
  });

  it("reads a floating time in the owner's zone", async () => {
    const text = calendar(vevent('floating', 'DTSTART:20260601T090000', 'DTEND:20260601T100000'));
    expect(await starts(text, { ...year2026, ownerZone: 'Asia/Tokyo' })).toEqual([
      '2026-06-01T00:00:00.000Z',
    ]);
  });

  it('does not block transparent or cancelled events unless the feed blocks everything', async () => {
    const text = calendar(
      vevent('free', 'DTSTART:20260601T090000Z', 'DTEND:20260601T100000Z', 'TRANSP:TRANSPARENT'),
      vevent('gone', 'DTSTART:20260602T090000Z', 'DTEND:20260602T100000Z', 'STATUS:CANCELLED'),
      vevent('busy', 'DTSTART:20260603T090000Z', 'DTEND:20260603T100000Z', 'TRANSP:OPAQUE'),
    );
    expect(await starts(text)).toEqual(['2026-06-03T09:00:00.000Z']);
    const everything = { ...year2026, feed: { blockAllDay: true, blockEverything: true } };
    expect(await starts(text, everything)).toHaveLength(3);
  });

  it('keeps only occurrences overlapping the window and stops at the instance cap', async () => {
    const text = calendar(
      vevent('daily', 'DTSTART:20200101T120000Z', 'DTEND:20200101T130000Z', 'RRULE:FREQ=DAILY'),
    );
    const june = {
      window: { start: new Date('2026-06-01T12:30:00Z'), end: new Date('2026-06-04T00:00:00Z') },
      ownerZone: 'UTC',
    };
    expect(await starts(text, june)).toEqual([
      '2026-06-01T12:00:00.000Z',
      '2026-06-02T12:00:00.000Z',
      '2026-06-03T12:00:00.000Z',
    ]);
    const capped = await expandCalendarBusy(text, { ...year2026, limits: { maxInstances: 10 } });
    expect(capped.events).toHaveLength(10);
    expect(capped.truncated).toBe(true);
    const walked = await expandCalendarBusy(text, { ...year2026, limits: { maxIterations: 100 } });
    expect(walked.events).toEqual([]);
    expect(walked.truncated).toBe(true);
  });

  it('refuses a text that is not iCalendar', async () => {
    await expect(expandCalendarBusy('<html></html>', year2026)).rejects.toThrow(
      /iCalendar|VCALENDAR/,
    );
  });
});

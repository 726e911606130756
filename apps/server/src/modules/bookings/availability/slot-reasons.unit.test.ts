import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearOfCalendars } from './availability-service';
import type { CalendarBusy } from './calendar-busy';
import { explainSlots } from './slot-reasons';
import { slotStartsIn, type InstantRange } from './slots';
import { range, schedulingConfig } from './test-factories';

const MINUTE = 60_000;
const DAY = range('2026-03-09T00:00:00Z', '2026-03-10T00:00:00Z');

/** A plain reading of busy times, one range at a time, sharing no code with the calendars module. */
function naiveCalendar(times: (InstantRange & { label: string; summary: string })[]): CalendarBusy {
  const near = (slot: InstantRange, bufferMs: number) =>
    times
      .filter(
        (time) =>
          time.start.getTime() < slot.end.getTime() + bufferMs &&
          time.end.getTime() > slot.start.getTime() - bufferMs,
      )
      .sort((a, b) => a.start.getTime() - b.start.getTime())
      .map((time) => ({
        start: time.start,
        end: time.end,
        reasons: [{ label: time.label, summary: time.summary }],
      }));
  return {
    near,
    withoutBusy: (candidates, bufferMs) =>
      candidates.filter((slot) => near(slot, bufferMs).length === 0),
  };
}

const at = (time: string) => new Date(`2026-03-09T${time}:00Z`);

describe('explainSlots', () => {
  // Monday in UTC, 09:00–13:00, one-hour slots every 30 minutes, a 15-minute buffer.
  const config = schedulingConfig({
    rules: { timeZone: 'UTC', bufferMinutes: 15, maxBookingsPerDay: 2 },
    weeklyHours: { mon: [{ start: '09:00', end: '13:00' }] },
  });
  const service = { durationMinutes: 60 };

  it('names the booking, its buffers, the owner’s event and the daily maximum', () => {
    const calendar = naiveCalendar([
      { start: at('11:45'), end: at('12:00'), label: 'Personal', summary: 'Dentist' },
    ]);
    const bookings = [{ start: at('09:30'), end: at('10:00') }];
    const reasons = explainSlots(service, DAY, config, bookings, calendar).map((slot) => [
      slot.start.slice(11, 16),
      slot.reason?.text ?? 'offered',
    ]);
    expect(reasons).toEqual([
      ['09:30', 'booked'],
      ['10:00', 'buffer after a booking'],
      ['10:30', 'offered'],
      ['11:00', 'busy in Personal: Dentist'],
      ['11:30', 'busy in Personal: Dentist'],
    ]);
    const full = explainSlots(
      service,
      DAY,
      config,
      [...bookings, { start: at('12:00'), end: at('12:30') }],
      naiveCalendar([]),
    );
    expect(full.map((slot) => slot.reason?.text ?? 'offered')).toEqual([
      'booked',
      'past the daily maximum',
      'past the daily maximum',
      'past the daily maximum',
      'booked',
    ]);
  });

  it('offers exactly the slots availability offers, and gives every other one a reason', () => {
    const quarterHour = fc.integer({ min: 28, max: 56 }).map((quarter) => quarter * 15 * MINUTE);
    const span = fc.tuple(quarterHour, fc.integer({ min: 1, max: 8 })).map(([from, quarters]) => {
      const start = new Date(DAY.start.getTime() + from);
      return { start, end: new Date(start.getTime() + quarters * 15 * MINUTE) };
    });
    fc.assert(
      fc.property(
        fc.array(span, { maxLength: 3 }),
        fc.array(span, { maxLength: 3 }),
        fc.constantFrom(0, 15, 30),
        fc.constantFrom(null, 1, 2),
        (bookings, busy, bufferMinutes, maxBookingsPerDay) => {
          const rules = { ...config.rules, bufferMinutes, maxBookingsPerDay };
          const draft = { ...config, rules };
          const calendar = naiveCalendar(
            busy.map((time, index) => ({ ...time, label: 'Work', summary: `Event ${index}` })),
          );
          const offered = clearOfCalendars(
            slotStartsIn(service, DAY, draft, bookings),
            service,
            draft,
            calendar,
          );
          const candidates = explainSlots(service, DAY, draft, bookings, calendar);
          expect(candidates.filter((slot) => slot.offered).map((slot) => slot.start)).toEqual(
            offered,
          );
          for (const slot of candidates) expect(slot.offered).toBe(slot.reason === null);
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { JOIN_LINK_OPENS_MINUTES, type BookingRecord } from '@consult/shared';
import { joinLinkOpen } from './booking-timing';

const booking = {
  start: '2026-03-09T14:00:00.000Z',
  end: '2026-03-09T14:20:00.000Z',
  state: 'confirmed',
  meetingUrl: 'https://meet.jit.si/consult-abc',
} as BookingRecord;
const at = (iso: string) => Date.parse(iso);

describe('the join link', () => {
  it(`shows from ${JOIN_LINK_OPENS_MINUTES} minutes before the start until the end`, () => {
    expect(joinLinkOpen(booking, at('2026-03-09T13:44:59Z'))).toBe(false);
    expect(joinLinkOpen(booking, at('2026-03-09T13:45:00Z'))).toBe(true);
    expect(joinLinkOpen(booking, at('2026-03-09T14:19:59Z'))).toBe(true);
    expect(joinLinkOpen(booking, at('2026-03-09T14:20:00Z'))).toBe(false);
  });

  it('never shows for a booking without a link or not confirmed', () => {
    const now = at('2026-03-09T14:00:00Z');
    expect(joinLinkOpen({ ...booking, meetingUrl: null }, now)).toBe(false);
    expect(joinLinkOpen({ ...booking, state: 'cancelled' }, now)).toBe(false);
  });
});

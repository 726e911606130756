import { describe, expect, it } from 'vitest';
import { JOIN_LINK_OPENS_MINUTES, type BookingRecord } from '@consult/shared';
import { holdEndText, joinLinkOpen } from './booking-timing';

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

describe('the end of a payment hold', () => {
  const zone = 'Asia/Karachi'; // UTC+5 all year

  it('reads as a time of the client’s clock when it ends today', () => {
    expect(holdEndText('2026-03-09T09:32:00.000Z', zone, at('2026-03-09T09:02:00Z'))).toBe(
      'We hold this time for you until 14:32.',
    );
  });

  it('names the day when it ends on another day of the client’s clock', () => {
    // 23:50 on the 9th in Karachi; the hold ends at 00:10 on the 10th there.
    expect(holdEndText('2026-03-09T19:10:00.000Z', zone, at('2026-03-09T18:50:00Z'))).toBe(
      'We hold this time for you until Tuesday, 10 March 2026, 00:10.',
    );
  });

  it('says so once it has ended', () => {
    expect(holdEndText('2026-03-09T09:32:00.000Z', zone, at('2026-03-09T09:32:00Z'))).toBe(
      'The hold on this time has ended.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { bookingRow } from '../../../test/bookings';
import { parseInvite } from '../../../test/ical';
import {
  calendarFile,
  calendarInvite,
  calendarInviteUid,
  inviteMethodFor,
  type CalendarInviteInput,
} from './calendar-invite';

const people = {
  client: { name: 'Bilal Khan', email: 'bilal@example.test' },
  owner: { name: 'Ayesha Siddiqui', email: 'owner@example.test' },
};

function invite(overrides: Partial<CalendarInviteInput> = {}) {
  return parseInvite(
    calendarInvite({
      booking: bookingRow(),
      method: 'REQUEST',
      appUrl: 'https://consult.example.com',
      ...people,
      ...overrides,
    }),
  );
}

describe('calendar invite', () => {
  it('keeps names with quotes or line breaks inside their CN parameter', () => {
    const sneaky =
      'Eve "x"; ROLE=CHAIR:mailto:evil@example.test\r\nATTENDEE:mailto:evil@example.test';
    const parsed = invite({
      client: { name: sneaky, email: 'bilal@example.test' },
      owner: { name: sneaky, email: 'owner@example.test' },
    });
    expect(parsed.attendees).toEqual(['mailto:bilal@example.test']);
    expect(parsed.organizer).toBe('mailto:owner@example.test');
    expect(parsed.organizerName).toBe(
      "Eve 'x'; ROLE=CHAIR:mailto:evil@example.test ATTENDEE:mailto:evil@example.test",
    );
  });

  it('is a REQUEST with the booking in UTC, its service, consultant, link, organizer and attendee', () => {
    const booking = bookingRow({
      startAt: new Date('2026-03-10T09:00:00Z'),
      endAt: new Date('2026-03-10T10:00:00Z'),
      icsSequence: 0,
    });
    const parsed = invite({ booking });
    expect(parsed).toMatchObject({
      method: 'REQUEST',
      uid: `${booking.id}@consult.example.com`,
      sequence: 0,
      start: new Date('2026-03-10T09:00:00Z'),
      end: new Date('2026-03-10T10:00:00Z'),
      startIsUtc: true,
      summary: 'Strategy session with Ayesha Siddiqui',
      status: 'CONFIRMED',
      location: booking.meetingUrl,
      url: booking.meetingUrl,
      organizer: 'mailto:owner@example.test',
      organizerName: 'Ayesha Siddiqui',
      attendees: ['mailto:bilal@example.test'],
    });
    expect(parsed.description).toContain(booking.meetingUrl);
    expect(parsed.description).toContain('https://consult.example.com/dash');
  });

  it('writes DTSTART and DTEND as UTC instants', () => {
    const ics = calendarInvite({
      booking: bookingRow({ startAt: new Date('2026-07-01T13:30:00Z'), durationMinutes: 45 }),
      method: 'REQUEST',
      appUrl: undefined,
      ...people,
    });
    expect(ics).toMatch(/^DTSTART:20260701T133000Z\r?$/m);
    expect(ics).toMatch(/^DTEND:20260701T141500Z\r?$/m);
  });

  it('keeps the UID of a booking and carries its sequence when it is rescheduled', () => {
    const booking = bookingRow();
    const first = invite({ booking });
    const moved = invite({
      booking: {
        ...booking,
        startAt: new Date('2026-03-12T11:00:00Z'),
        endAt: new Date('2026-03-12T12:00:00Z'),
        icsSequence: booking.icsSequence + 1,
      },
    });
    expect(moved.uid).toBe(first.uid);
    expect(moved.sequence).toBe(first.sequence + 1);
    expect(moved.start).toEqual(new Date('2026-03-12T11:00:00Z'));
  });

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED under the same UID', () => {
    const booking = bookingRow({ state: 'cancelled', icsSequence: 2 });
    const parsed = invite({ booking, method: inviteMethodFor(booking) });
    expect(parsed).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      sequence: 2,
      uid: `${booking.id}@consult.example.com`,
    });
  });

  it('takes the UID host from APP_URL, or consult.local without one', () => {
    expect(calendarInviteUid('b1', 'http://localhost:3000')).toBe('b1@localhost');
    expect(calendarInviteUid('b1', undefined)).toBe('b1@consult.local');
    expect(calendarInviteUid('b1', 'not a url')).toBe('b1@consult.local');
  });

  it('names the phone number or the address for phone and in-person sessions', () => {
    const phone = invite({
      booking: bookingRow({ meetingMode: 'phone', meetingUrl: null }),
      clientPhone: '+92 300 1234567',
    });
    expect(phone.location).toBe('Phone call (+92 300 1234567)');
    expect(phone.description).toContain('+92 300 1234567');
    expect(phone.url).toBe('https://consult.example.com/dash');

    const office = invite({
      booking: bookingRow({
        meetingMode: 'in_person',
        meetingUrl: null,
        address: '12 Mall Road, Lahore',
      }),
    });
    expect(office.location).toBe('12 Mall Road, Lahore');
    expect(office.description).toContain('12 Mall Road, Lahore');
  });

  it('leaves the organizer out when the owner has no address', () => {
    const ics = calendarInvite({
      booking: bookingRow(),
      method: 'REQUEST',
      appUrl: undefined,
      client: people.client,
      owner: { name: 'Ayesha Siddiqui', email: null },
    });
    expect(ics).not.toContain('ORGANIZER');
    expect(parseInvite(ics).attendees).toEqual(['mailto:bilal@example.test']);
  });

  it('is named invite.ics or cancel.ics with the method in its content type', () => {
    const input = { booking: bookingRow(), appUrl: undefined, ...people };
    expect(calendarFile({ ...input, method: 'REQUEST' })).toMatchObject({
      filename: 'invite.ics',
      contentType: 'text/calendar; method=REQUEST',
    });
    expect(calendarFile({ ...input, method: 'CANCEL' })).toMatchObject({
      filename: 'cancel.ics',
      contentType: 'text/calendar; method=CANCEL',
    });
  });
});

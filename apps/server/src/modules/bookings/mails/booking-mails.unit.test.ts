import { describe, expect, it } from 'vitest';
import { bookingRow } from '../../../test/bookings';
import { parseInvite } from '../../../test/ical';
import { clientBookingMail, ownerBookingMail, type BookingMailInput } from './booking-mails';
import { calendarFile } from './calendar-invite';

const client = {
  name: 'Bilal <b>Khan</b>',
  email: 'bilal@example.test',
  timeZone: 'Europe/Berlin',
};
const owner = { name: 'Ayesha Siddiqui', email: 'owner@example.test', timeZone: 'Asia/Karachi' };

function input(overrides: Partial<BookingMailInput> = {}): BookingMailInput {
  return {
    kind: 'confirmed',
    booking: bookingRow({ startAt: new Date('2026-03-10T09:00:00Z') }),
    client,
    owner,
    appUrl: 'https://consult.example.com',
    ...overrides,
  };
}

function attachmentFor(mail: BookingMailInput) {
  return calendarFile({
    booking: mail.booking,
    method: mail.kind === 'cancelled' ? 'CANCEL' : 'REQUEST',
    client: mail.client,
    owner: mail.owner,
    appUrl: mail.appUrl,
  });
}

function clientMail(mail: BookingMailInput) {
  return clientBookingMail(mail, attachmentFor(mail), null);
}

describe('booking mails', () => {
  it('confirms to the client in their zone with the meeting link, manage link and invite', () => {
    const mail = input();
    const out = clientMail(mail);
    expect(out.to).toBe('bilal@example.test');
    expect(out.subject).toBe('Booking confirmed: Strategy session, 10 March 2026, 10:00');
    expect(out.text).toContain('When: Tuesday, 10 March 2026, 10:00 (Europe/Berlin)');
    expect(out.text).toContain('Where: Video call (link below)');
    expect(out.text).toContain(`Meeting link: ${mail.booking.meetingUrl}`);
    expect(out.text).toContain('Manage your bookings: https://consult.example.com/dash');
    expect(out.html).toContain(`<a href="${mail.booking.meetingUrl}">`);
    expect(out.attachments).toEqual([
      expect.objectContaining({
        filename: 'invite.ics',
        contentType: 'text/calendar; method=REQUEST',
      }),
    ]);
    expect(parseInvite(out.attachments![0]!.content).method).toBe('REQUEST');
  });

  it('escapes everything people typed in the HTML part', () => {
    const out = clientMail(
      input({
        booking: bookingRow({ notes: '<script>alert("x")</script> & more' }),
        kind: 'cancelled',
        reason: '<img src=x onerror=alert(1)>',
      }),
    );
    expect(out.html).not.toContain('<script>');
    expect(out.html).not.toContain('<img');
    expect(out.html).not.toContain('<b>');
    expect(out.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(out.html).toContain('Bilal &lt;b&gt;Khan&lt;/b&gt;');
    // The text part is plain text: it keeps what was typed.
    expect(out.text).toContain('Reason: <img src=x onerror=alert(1)>');
  });

  it('names the old and the new time of a rescheduled booking', () => {
    const out = clientMail(
      input({
        kind: 'rescheduled',
        booking: bookingRow({ startAt: new Date('2026-03-12T13:00:00Z'), icsSequence: 1 }),
        previousStart: new Date('2026-03-10T09:00:00Z'),
      }),
    );
    expect(out.subject).toMatch(/^Booking moved: /);
    expect(out.text).toContain('New time: Thursday, 12 March 2026, 14:00 (Europe/Berlin)');
    expect(out.text).toContain('Previous time: Tuesday, 10 March 2026, 10:00 (Europe/Berlin)');
    expect(parseInvite(out.attachments![0]!.content).sequence).toBe(1);
  });

  it('sends a cancellation with its reason, a cancel.ics and a link to book again', () => {
    const out = clientMail(
      input({
        kind: 'cancelled',
        booking: bookingRow({ state: 'cancelled', icsSequence: 1 }),
        reason: 'Travelling that week',
      }),
    );
    expect(out.subject).toMatch(/^Booking cancelled: /);
    expect(out.text).toContain('Reason: Travelling that week');
    expect(out.text).toContain('Book another time: https://consult.example.com/consultation');
    expect(out.text).not.toContain('Meeting link');
    expect(out.attachments![0]).toMatchObject({
      filename: 'cancel.ics',
      contentType: 'text/calendar; method=CANCEL',
    });
    expect(parseInvite(out.attachments![0]!.content)).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
    });
  });

  it('leaves the manage link out without APP_URL', () => {
    const out = clientMail(input({ appUrl: undefined }));
    expect(out.text).not.toContain('/dash');
  });

  it('gives the owner a copy in the owner zone naming the client and the amount due', () => {
    const mail = input({
      booking: bookingRow({ priceMinor: 15000, currency: 'USD', paymentDue: true }),
    });
    const out = ownerBookingMail(mail, 'owner@example.test', attachmentFor(mail), null);
    expect(out.to).toBe('owner@example.test');
    expect(out.subject).toBe(
      'New booking: Strategy session with Bilal <b>Khan</b>, 10 March 2026, 14:00',
    );
    expect(out.text).toContain('Client: Bilal <b>Khan</b> (bilal@example.test)');
    expect(out.text).toContain('When: Tuesday, 10 March 2026, 14:00 (Asia/Karachi)');
    expect(out.text).toContain('Payment: $150 due');
    expect(out.text).toContain(
      `Open the booking: https://consult.example.com/admin/bookings?booking=${mail.booking.id}`,
    );
    expect(out.html).not.toContain('<b>');
    expect(out.attachments).toHaveLength(1);
  });

  it('reminds the client of the session with its link', () => {
    const out = clientMail(input({ kind: 'reminder' }));
    expect(out.subject).toMatch(/^Reminder: Strategy session, /);
    expect(out.text).toContain('a reminder of your upcoming session with Ayesha Siddiqui');
    expect(parseInvite(out.attachments![0]!.content).method).toBe('REQUEST');
  });
});

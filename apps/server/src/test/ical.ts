/**
 * Reads an .ics the way calendar programs do (ical.js), for assertions on invites; writes the
 * simple calendars a test serves as one of the owner's own.
 */
import ICAL from 'ical.js';

/** What an invite and a feed's event share. */
function readEvent(vevent: ICAL.Component) {
  const event = new ICAL.Event(vevent);
  return {
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    startIsUtc: event.startDate.zone?.tzid === 'UTC',
    summary: event.summary,
    description: event.description,
    location: event.location,
    status: vevent.getFirstPropertyValue('status'),
  };
}

export function parseInvite(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    ...readEvent(vevent),
    url: vevent.getFirstPropertyValue('url'),
    organizer: String(vevent.getFirstPropertyValue('organizer')).replace(/^mailto:/i, 'mailto:'),
    organizerName: vevent.getFirstProperty('organizer')?.getParameter('cn'),
    attendees: vevent
      .getAllProperties('attendee')
      .map((p) => String(p.getFirstValue()).replace(/^mailto:/i, 'mailto:')),
  };
}

/** Every event of a published calendar (a feed), read by ical.js. */
export function parseFeed(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return {
    method: calendar.getFirstPropertyValue('method'),
    timeZone: calendar.getFirstPropertyValue('x-wr-timezone'),
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => ({
      ...readEvent(vevent),
      attendees: vevent.getAllProperties('attendee').length,
    })),
  };
}

/** iCalendar text with these events (UTC times, ISO strings), as a calendar app publishes it. */
export function calendarWith(...events: { start: string; end: string; summary: string }[]): string {
  const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//consult//test//EN',
    ...events.flatMap((event, index) => [
      'BEGIN:VEVENT',
      `UID:event-${index}-${event.start}@test`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${stamp(event.start)}`,
      `DTEND:${stamp(event.end)}`,
      `SUMMARY:${event.summary}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

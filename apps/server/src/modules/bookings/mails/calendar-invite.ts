/**
 * A booking as an iCalendar invite (RFC 5545 / iTIP): the mails attach it and GET
 * /api/bookings/:id/ics serves it. One booking keeps one UID for life and its SEQUENCE grows with
 * every reschedule or cancellation, so calendars update the event they already hold instead of
 * adding a second one.
 */
import ical, {
  type ICalCalendar,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { MEETING_MODE_LABELS, paths } from '@consult/shared';
import type { AppDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { findUserContact } from '../../users';
import { bookingMailOwner } from './booking-owner';
import type { bookings } from '../schema';

export type BookingRow = typeof bookings.$inferSelect;

export type InviteMethod = 'REQUEST' | 'CANCEL';

/** Used in the UID when APP_URL is not set (or unparsable), so UIDs stay stable either way. */
export const FALLBACK_UID_HOST = 'consult.local';

export interface InvitePerson {
  name: string;
  email: string | null;
}

export interface CalendarInviteInput {
  booking: BookingRow;
  method: InviteMethod;
  client: InvitePerson;
  /** The consultant; without any address the invite has no ORGANIZER. */
  owner: InvitePerson;
  appUrl: string | undefined;
  /** The number a phone consultation calls (the client's profile phone). */
  clientPhone?: string | null;
  /** DTSTAMP; tests pin it. */
  now?: Date;
}

export interface CalendarFile {
  filename: 'invite.ics' | 'cancel.ics';
  contentType: string;
  content: string;
}

function uidHost(appUrl: string | undefined): string {
  if (!appUrl) return FALLBACK_UID_HOST;
  try {
    return new URL(appUrl).hostname || FALLBACK_UID_HOST;
  } catch {
    return FALLBACK_UID_HOST;
  }
}

export function calendarInviteUid(bookingId: string, appUrl: string | undefined): string {
  return `${bookingId}@${uidHost(appUrl)}`;
}

/** Cancelled and expired bookings are withdrawn from calendars; every other state is an invite. */
export function inviteMethodFor(booking: Pick<BookingRow, 'state'>): InviteMethod {
  return booking.state === 'cancelled' || booking.state === 'expired' ? 'CANCEL' : 'REQUEST';
}

/** Where the meeting happens, one line: the link, the phone number, or the address. */
export function meetingPlace(
  booking: Pick<BookingRow, 'meetingMode' | 'meetingUrl' | 'address'>,
  clientPhone?: string | null,
): string {
  switch (booking.meetingMode) {
    case 'video':
      return booking.meetingUrl
        ? `${MEETING_MODE_LABELS.video}: ${booking.meetingUrl}`
        : `${MEETING_MODE_LABELS.video} (the link is sent before the session)`;
    case 'phone':
      return clientPhone
        ? `${MEETING_MODE_LABELS.phone}: the consultant calls ${clientPhone}`
        : `${MEETING_MODE_LABELS.phone}: the consultant calls the number in your profile`;
    case 'in_person':
      return `${MEETING_MODE_LABELS.in_person}: ${booking.address ?? 'the address follows by e-mail'}`;
  }
}

function locationOf(
  booking: Pick<BookingRow, 'meetingMode' | 'meetingUrl' | 'address'>,
  clientPhone?: string | null,
): string {
  switch (booking.meetingMode) {
    case 'video':
      return booking.meetingUrl ?? MEETING_MODE_LABELS.video;
    case 'phone':
      return clientPhone
        ? `${MEETING_MODE_LABELS.phone} (${clientPhone})`
        : MEETING_MODE_LABELS.phone;
    case 'in_person':
      return booking.address ?? MEETING_MODE_LABELS.in_person;
  }
}

/**
 * A name as a CN parameter. Parameter values are quoted and RFC 5545 has no escape for a double
 * quote inside them: ical-generator writes \" and readers end the value there, so a name such as
 * `x"; ROLE=CHAIR:mailto:someone@else` would rewrite the attendee. Line breaks have no place either.
 */
export function calendarName(name: string): string {
  return name.replace(/\s+/g, ' ').replaceAll('"', "'").trim();
}

/** The booking's event, with its stable UID and SEQUENCE, added to `calendar`. */
function addBookingEvent(calendar: ICalCalendar, input: CalendarInviteInput): void {
  const { booking, method, client, owner, appUrl, clientPhone } = input;
  const manageUrl = appUrl ? `${appUrl}${paths.dashboard}` : null;
  const description = [
    `${booking.serviceTitle} with ${owner.name}`,
    meetingPlace(booking, clientPhone),
    ...(booking.notes ? [`Notes: ${booking.notes}`] : []),
    ...(manageUrl ? [`Manage your booking: ${manageUrl}`] : []),
  ].join('\n');
  calendar.createEvent({
    id: calendarInviteUid(booking.id, appUrl),
    sequence: booking.icsSequence,
    stamp: input.now ?? new Date(),
    // Date objects without a zone: ical-generator writes them as UTC (…Z), which every client reads.
    start: booking.startAt,
    end: booking.endAt,
    summary: `${booking.serviceTitle} with ${owner.name}`,
    description,
    location: locationOf(booking, clientPhone),
    url: booking.meetingMode === 'video' && booking.meetingUrl ? booking.meetingUrl : manageUrl,
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: owner.email ? { name: calendarName(owner.name), email: owner.email } : null,
    attendees: client.email
      ? [
          {
            name: calendarName(client.name),
            email: client.email,
            role: ICalAttendeeRole.REQ,
            // The client chose the time themselves: nothing to answer.
            status: ICalAttendeeStatus.ACCEPTED,
            rsvp: false,
          },
        ]
      : [],
  });
}

function newCalendar(method: InviteMethod): ICalCalendar {
  return ical({
    prodId: { company: 'consult', product: 'bookings', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
}

export function calendarInvite(input: CalendarInviteInput): string {
  const calendar = newCalendar(input.method);
  addBookingEvent(calendar, input);
  return calendar.toString();
}

/**
 * One invite holding a series' sessions (issue 25), each its own event with the UID and SEQUENCE
 * of that booking's own invite: a later change of one session updates that event only.
 */
export function seriesCalendarFile(
  sessions: readonly BookingRow[],
  common: Omit<CalendarInviteInput, 'booking' | 'method'>,
): CalendarFile {
  const calendar = newCalendar('REQUEST');
  for (const booking of sessions) {
    addBookingEvent(calendar, { ...common, booking, method: 'REQUEST' });
  }
  return {
    filename: 'invite.ics',
    contentType: 'text/calendar; method=REQUEST',
    content: calendar.toString(),
  };
}

/** The invite as a mail attachment or a download. */
export function calendarFile(input: CalendarInviteInput): CalendarFile {
  const cancel = input.method === 'CANCEL';
  return {
    filename: cancel ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; method=${input.method}`,
    content: calendarInvite(input),
  };
}

/**
 * The invite of a booking as it stands now (GET /api/bookings/:id/ics): the same file the last mail
 * carried, or the cancellation for a cancelled or expired booking.
 */
export async function bookingCalendarFile(
  deps: Pick<AppDeps, 'log' | 'config'>,
  db: Db,
  booking: BookingRow,
): Promise<CalendarFile> {
  const client = await findUserContact(db, booking.clientId);
  const owner = await bookingMailOwner(deps, db);
  const organizerEmail = owner.email ?? owner.copyTo?.[0] ?? null;
  return calendarFile({
    booking,
    method: inviteMethodFor(booking),
    client: { name: client?.name ?? 'Client', email: client?.email ?? null },
    owner: { name: owner.name, email: organizerEmail },
    appUrl: deps.config.APP_URL,
    clientPhone: client?.phone ?? null,
  });
}

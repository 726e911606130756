/**
 * A calendar feed's iCalendar text (RFC 5545, a published calendar: no METHOD, no attendees, so no
 * calendar app reads it as an invitation). Each booking keeps the UID and SEQUENCE of its invite
 * mail (calendar-invite.ts), so a calendar holding both the invite and the feed shows one event.
 * Times are in UTC; the owner's zone is named for apps that show the calendar in it.
 */
import ical, { ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import {
  adminBookingPath,
  clientBookingPath,
  formatIntakeAnswer,
  MEETING_MODE_LABELS,
} from '@consult/shared';
import { calendarInviteUid, meetingPlace } from '../bookings';
import type { FeedBooking } from './feed-repository';

/** How often a calendar app should read the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 15 * 60;

export interface FeedCalendarInput {
  /** The owner's feed names the client in each event; a client's feed names the consultant. */
  audience: 'owner' | 'client';
  bookings: FeedBooking[];
  /** The consultant's name, as the site shows it. */
  ownerName: string;
  /** The owner's zone (the scheduling rules'). */
  timeZone: string;
  appUrl: string | undefined;
}

function statusOf(state: FeedBooking['booking']['state']): ICalEventStatus {
  switch (state) {
    case 'pending_payment':
      return ICalEventStatus.TENTATIVE;
    case 'cancelled':
    case 'expired':
      return ICalEventStatus.CANCELLED;
    default:
      return ICalEventStatus.CONFIRMED;
  }
}

function locationOf({ booking, client }: FeedBooking): string {
  switch (booking.meetingMode) {
    case 'video':
      return booking.meetingUrl ?? MEETING_MODE_LABELS.video;
    case 'phone':
      return client.phone
        ? `${MEETING_MODE_LABELS.phone} (${client.phone})`
        : MEETING_MODE_LABELS.phone;
    case 'in_person':
      return booking.address ?? MEETING_MODE_LABELS.in_person;
  }
}

function descriptionOf(item: FeedBooking, input: FeedCalendarInput): string {
  const { booking, client } = item;
  const withdrawn = booking.state === 'cancelled' || booking.state === 'expired';
  const link =
    input.audience === 'owner' ? adminBookingPath(booking.id) : clientBookingPath(booking.id);
  const lines = [
    input.audience === 'owner'
      ? `Client: ${client.name} (${client.email})`
      : `With: ${input.ownerName}`,
    `Service: ${booking.serviceTitle}`,
    `Reference: ${booking.reference}`,
    // A withdrawn booking's link no longer leads anywhere (booking-view.ts hides it too).
    ...(withdrawn ? [] : [meetingPlace(booking, client.phone)]),
    ...(booking.state === 'pending_payment' ? ['Held until it is paid'] : []),
  ];
  if (booking.answers.length > 0) {
    lines.push('', 'Intake answers:');
    for (const answer of booking.answers) {
      lines.push(`${answer.label}: ${formatIntakeAnswer(answer)}`);
    }
  }
  if (booking.notes) lines.push('', `Notes: ${booking.notes}`);
  if (input.appUrl) lines.push('', `${input.appUrl}${link}`);
  return lines.join('\n');
}

export function feedCalendar(input: FeedCalendarInput): string {
  const calendar = ical({
    prodId: { company: 'consult', product: 'bookings', language: 'EN' },
    name:
      input.audience === 'owner'
        ? `Bookings · ${input.ownerName}`
        : `Sessions with ${input.ownerName}`,
    ttl: FEED_REFRESH_SECONDS,
  });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: input.timeZone }]);
  for (const item of input.bookings) {
    const { booking, client } = item;
    const withdrawn = booking.state === 'cancelled' || booking.state === 'expired';
    calendar.createEvent({
      id: calendarInviteUid(booking.id, input.appUrl),
      sequence: booking.icsSequence,
      // The row's last change, not the time of the request: the same bookings give the same text,
      // which is what the ETag relies on.
      stamp: booking.updatedAt,
      created: booking.createdAt,
      lastModified: booking.updatedAt,
      start: booking.startAt,
      end: booking.endAt,
      summary:
        input.audience === 'owner'
          ? `${booking.serviceTitle}: ${client.name}`
          : `${booking.serviceTitle} with ${input.ownerName}`,
      description: descriptionOf(item, input),
      location: withdrawn ? null : locationOf(item),
      url: !withdrawn && booking.meetingMode === 'video' ? booking.meetingUrl : null,
      status: statusOf(booking.state),
      // A withdrawn booking no longer makes the owner busy, in any app that reads the feed.
      transparency: withdrawn ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
    });
  }
  return calendar.toString();
}

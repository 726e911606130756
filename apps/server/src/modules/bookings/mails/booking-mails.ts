/**
 * The booking e-mails: confirmed, rescheduled, cancelled and the reminder,
 * to the client with a copy to the owner, each with the calendar invite attached. They are queued
 * in the caller's transaction, so a mail exists exactly when the change it announces does.
 */
import {
  formatDuration,
  formatIntakeAnswer,
  formatMoney,
  formatPrice,
  MEETING_MODE_LABELS,
  NO_PAYMENT_INSTRUCTIONS_TEXT,
  paths,
  paymentReferenceLine,
} from '@consult/shared';
import type { Tx } from '../../../db/client';
import { escapeHtml } from '../../../plugins/escape-html';
import { formatMailTime, localTime, type Mailer, type OutgoingMail } from '../../mail';
import { ownerMailAddresses } from '../../users';
import { clientPhone, type BookingMailOwner } from './booking-owner';
import { calendarFile, meetingPlace, type BookingRow, type CalendarFile } from './calendar-invite';
import { queueOwnerCancellation, type OwnerCopySection } from './owner-cancellation-digest';

export { bookingMailOwner, type BookingMailOwner } from './booking-owner';

export type BookingMailKind = 'confirmed' | 'rescheduled' | 'cancelled' | 'reminder';

export interface BookingMailClient {
  name: string;
  email: string;
  timeZone: string;
  /** The profile phone a phone consultation calls, when the caller has the row already. */
  phone?: string | null;
}

export interface BookingMailInput {
  kind: BookingMailKind;
  /** The row as it is after the change (its ics_sequence already raised for a change). */
  booking: BookingRow;
  client: BookingMailClient;
  owner: BookingMailOwner;
  appUrl: string | undefined;
  /** Rescheduled: the start before the move. */
  previousStart?: Date;
  /** Cancelled: the reason given, if any. */
  reason?: string | null;
  /**
   * While a manual payment is due: the owner's instructions ('' when they wrote none); null or
   * absent when nothing is due by hand (free, paid, Stripe).
   */
  paymentInstructions?: string | null;
  /**
   * Cancelled: the refund the cancellation gave; `owed` when the business sends it by hand
   * (nothing has been sent yet), else on its way through the card provider.
   */
  refund?: { amountMinor: number; currency: string; owed: boolean } | null;
}

/** The date in subjects, short: "10 March 2026, 14:00". */
export function subjectTime(instant: Date, timeZone: string): string {
  return localTime(instant, timeZone).toFormat('d LLLL yyyy, HH:mm');
}

/** Subjects are one line even when a name has line breaks. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export interface MailParts {
  to: string;
  subject: string;
  intro: string;
  rows: [string, string][];
  links: { label: string; href: string }[];
  closing: string[];
  attachment: CalendarFile;
}

export function renderMail(parts: MailParts): OutgoingMail {
  const text = [
    parts.intro,
    '',
    ...parts.rows.map(([label, value]) => `${label}: ${value}`),
    ...(parts.links.length > 0 ? ['', ...parts.links.map((l) => `${l.label}: ${l.href}`)] : []),
    ...(parts.closing.length > 0 ? ['', ...parts.closing] : []),
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#111111">',
    `<p>${escapeHtml(parts.intro)}</p>`,
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...parts.rows.map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    ...parts.links.map(
      (link) =>
        `<p>${escapeHtml(link.label)}: <a href="${escapeHtml(link.href)}">${escapeHtml(link.href)}</a></p>`,
    ),
    ...parts.closing.map((line) => `<p>${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('\n');
  return {
    to: parts.to,
    subject: oneLine(parts.subject),
    text: `${text}\n`,
    html,
    attachments: [parts.attachment],
  };
}

const CLIENT_SUBJECTS: Record<BookingMailKind, string> = {
  confirmed: 'Booking confirmed',
  rescheduled: 'Booking moved',
  cancelled: 'Booking cancelled',
  reminder: 'Reminder',
};

const OWNER_SUBJECTS: Record<BookingMailKind, string> = {
  confirmed: 'New booking',
  rescheduled: 'Booking moved',
  cancelled: 'Booking cancelled',
  reminder: 'Reminder',
};

function calendarLine(kind: BookingMailKind): string {
  return kind === 'cancelled'
    ? 'The attached cancel.ics removes the session from your calendar.'
    : 'The attached invite.ics adds the session to your calendar (or updates it there).';
}

/** The rows both copies share, with times in `timeZone`. */
function bookingRows(
  mail: BookingMailInput,
  timeZone: string,
  phone: string | null,
): [string, string][] {
  const { booking } = mail;
  const rows: [string, string][] = [
    ['Booking reference', booking.reference],
    ['Service', `${booking.serviceTitle} (${formatDuration(booking.durationMinutes)})`],
    [mail.kind === 'rescheduled' ? 'New time' : 'When', formatMailTime(booking.startAt, timeZone)],
  ];
  if (mail.kind === 'rescheduled' && mail.previousStart) {
    rows.push(['Previous time', formatMailTime(mail.previousStart, timeZone)]);
  }
  if (mail.kind !== 'cancelled') {
    // The video link has its own clickable line below.
    const where =
      booking.meetingMode === 'video' && booking.meetingUrl
        ? `${MEETING_MODE_LABELS.video} (link below)`
        : meetingPlace(booking, phone);
    rows.push(['Where', where]);
  }
  if (booking.paymentDue && mail.kind !== 'cancelled') {
    rows.push(['Payment', `${formatPrice(booking)} due`]);
  }
  if (booking.notes) rows.push(['Notes', booking.notes]);
  if (mail.kind === 'cancelled' && mail.reason) rows.push(['Reason', mail.reason]);
  return rows;
}

/** The client's line on the refund a cancellation gave: owed is never written as sent. */
function clientRefundRows(mail: BookingMailInput): [string, string][] {
  const { refund } = mail;
  if (mail.kind !== 'cancelled' || !refund) return [];
  const amount = formatMoney(refund.amountMinor, refund.currency);
  return [
    [
      'Refund',
      refund.owed
        ? `${amount} will be sent to you by ${mail.owner.name}. It has not been sent yet: you will get an e-mail when it has.`
        : `${amount} is being returned to the card you paid with.`,
    ],
  ];
}

/** The owner's line on it: what they owe and where to confirm sending it. */
function ownerRefundRows(mail: BookingMailInput): [string, string][] {
  const { refund } = mail;
  if (mail.kind !== 'cancelled' || !refund) return [];
  const amount = formatMoney(refund.amountMinor, refund.currency);
  return [
    refund.owed
      ? [
          'Refund owed',
          `${amount}: send it to the client, then confirm it on the payments screen (Refunds owed).`,
        ]
      : ['Refund', `${amount}, returned through Stripe.`],
  ];
}

function joinLink(mail: BookingMailInput): { label: string; href: string }[] {
  const { booking } = mail;
  return mail.kind !== 'cancelled' && booking.meetingMode === 'video' && booking.meetingUrl
    ? [{ label: 'Meeting link', href: booking.meetingUrl }]
    : [];
}

export function clientBookingMail(
  mail: BookingMailInput,
  attachment: CalendarFile,
  phone: string | null,
): OutgoingMail {
  const { booking, client, owner, appUrl } = mail;
  const intros: Record<BookingMailKind, string> = {
    confirmed: `Hello ${client.name}, your booking with ${owner.name} is confirmed.`,
    rescheduled: `Hello ${client.name}, your booking with ${owner.name} has moved to a new time.`,
    cancelled: `Hello ${client.name}, your booking with ${owner.name} has been cancelled.`,
    reminder: `Hello ${client.name}, a reminder of your upcoming session with ${owner.name}.`,
  };
  const links = joinLink(mail);
  if (appUrl) {
    links.push(
      mail.kind === 'cancelled'
        ? { label: 'Book another time', href: `${appUrl}${paths.consultation}` }
        : { label: 'Manage your bookings', href: `${appUrl}${paths.dashboard}` },
    );
  }
  return renderMail({
    to: client.email,
    subject: `${CLIENT_SUBJECTS[mail.kind]}: ${booking.serviceTitle}, ${subjectTime(booking.startAt, client.timeZone)}`,
    intro: intros[mail.kind],
    rows: [
      ...bookingRows(mail, client.timeZone, phone),
      ...clientRefundRows(mail),
      ...(mail.booking.paymentDue &&
      mail.kind !== 'cancelled' &&
      typeof mail.paymentInstructions === 'string'
        ? ([
            ['How to pay', mail.paymentInstructions || NO_PAYMENT_INSTRUCTIONS_TEXT],
            ['Payment reference', paymentReferenceLine(booking.reference)],
          ] as [string, string][])
        : []),
    ],
    links,
    closing: [calendarLine(mail.kind)],
    attachment,
  });
}

/** The client's intake answers, for the owner's copy of the confirmation only. */
function intakeRows(mail: BookingMailInput): [string, string][] {
  if (mail.kind !== 'confirmed') return [];
  return mail.booking.answers.map((answer) => [answer.label, formatIntakeAnswer(answer)]);
}

/** The owner's copy without its envelope (the digest of cancellations lists these). */
export function ownerCopySection(mail: BookingMailInput, phone: string | null): OwnerCopySection {
  const { booking, client, owner, appUrl } = mail;
  const who = `${client.name} (${client.email})`;
  const intros: Record<BookingMailKind, string> = {
    confirmed: `${who} booked ${booking.serviceTitle}.`,
    rescheduled: `A booking has moved to a new time: ${booking.serviceTitle} with ${who}.`,
    cancelled: `A booking has been cancelled: ${booking.serviceTitle} with ${who}.`,
    reminder: `Coming up: ${booking.serviceTitle} with ${who}.`,
  };

  const links = joinLink(mail);
  if (appUrl) {
    // The admin bookings list opens a booking's detail from its `booking` query parameter.
    const href = `${appUrl}${paths.admin.bookings}?booking=${encodeURIComponent(booking.id)}`;
    links.push({ label: 'Open the booking', href });
    if (mail.kind === 'cancelled' && mail.refund?.owed) {
      links.push({ label: 'Refunds owed', href: `${appUrl}${paths.admin.payments}?refunds=owed` });
    }
  }
  return {
    subject: oneLine(
      `${OWNER_SUBJECTS[mail.kind]}: ${booking.serviceTitle} with ${client.name}, ${subjectTime(booking.startAt, owner.timeZone)}`,
    ),
    intro: intros[mail.kind],
    rows: [
      ['Client', who],
      ...bookingRows(mail, owner.timeZone, phone),
      ...ownerRefundRows(mail),
      ...intakeRows(mail),
    ],
    links,
  };
}

export function ownerBookingMail(
  mail: BookingMailInput,
  to: string,
  attachment: CalendarFile,
  phone: string | null,
): OutgoingMail {
  return renderMail({
    to,
    ...ownerCopySection(mail, phone),
    closing: ['This is the owner’s copy of the message sent to the client.'],
    attachment,
  });
}

/**
 * Queues the client's mail and the owner's copies in `tx`. Call it inside the transaction that
 * makes the change, with the row as updated (SEQUENCE comes from its ics_sequence).
 */
export async function queueBookingMails(
  tx: Tx,
  mailer: Mailer,
  mail: BookingMailInput,
): Promise<void> {
  const { booking } = mail;
  const phone =
    booking.meetingMode !== 'phone'
      ? null
      : mail.client.phone !== undefined
        ? mail.client.phone
        : await clientPhone(tx, booking.clientId);
  const ownerTo = mail.owner.copyTo ?? (await ownerMailAddresses(tx, mail.owner.email));
  const attachment = calendarFile({
    booking,
    method: mail.kind === 'cancelled' ? 'CANCEL' : 'REQUEST',
    client: { name: mail.client.name, email: mail.client.email },
    owner: { name: mail.owner.name, email: mail.owner.email ?? ownerTo[0] ?? null },
    appUrl: mail.appUrl,
    clientPhone: phone,
  });
  await mailer.queueMail(clientBookingMail(mail, attachment, phone), tx);
  for (const to of ownerTo) {
    const copy = ownerBookingMail(mail, to, attachment, phone);
    // Cancellations that come in bursts reach the owner as one digest (decision 045).
    if (mail.kind === 'cancelled') {
      await queueOwnerCancellation(tx, mailer, {
        copy,
        section: ownerCopySection(mail, phone),
        reference: booking.reference,
        attachment,
      });
    } else {
      await mailer.queueMail(copy, tx);
    }
  }
}

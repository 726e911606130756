/**
 * The confirmation of a series (issue 25): one mail listing every session booked, with one .ics
 * holding one event per session, each with the UID of that booking's own invite, instead of one
 * confirmation per session. Reminders, changes and cancellations stay per session (booking-mails).
 */
import {
  formatDuration,
  formatPrice,
  MEETING_MODE_LABELS,
  NO_PAYMENT_INSTRUCTIONS_TEXT,
  paths,
  paymentReferenceLine,
  SERIES_MESSAGES,
} from '@consult/shared';
import type { Tx } from '../../../db/client';
import { formatMailTime, type Mailer } from '../../mail';
import { ownerMailAddresses } from '../../users';
import { clientPhone, type BookingMailOwner } from './booking-owner';
import { renderMail, subjectTime } from './booking-mails';
import { meetingPlace, seriesCalendarFile, type BookingRow } from './calendar-invite';

export interface SeriesMailInput {
  /** The series' sessions booked, soonest first (at least one). */
  sessions: BookingRow[];
  client: { name: string; email: string; timeZone: string; phone?: string | null };
  owner: BookingMailOwner;
  appUrl: string | undefined;
  /** While a manual payment is due: the owner's instructions ('' when none); null otherwise. */
  paymentInstructions: string | null;
}

/** One line per session: "10 March 2026, 14:00 (B7K3QX)", with what is due. */
function sessionLines(sessions: readonly BookingRow[], timeZone: string): string {
  return sessions
    .map((session) => {
      const due = session.paymentDue ? `, ${formatPrice(session)} due` : '';
      return `${formatMailTime(session.startAt, timeZone)} (${session.reference}${due})`;
    })
    .join('\n');
}

function where(first: BookingRow, phone: string | null): string {
  return first.meetingMode === 'video' && first.meetingUrl
    ? `${MEETING_MODE_LABELS.video} (each session’s link is in its calendar event and reminder)`
    : meetingPlace(first, phone);
}

/** Queues the client's confirmation and the owner's copies in `tx`, the series' transaction. */
export async function queueSeriesConfirmation(
  tx: Tx,
  mailer: Mailer,
  mail: SeriesMailInput,
): Promise<void> {
  const { sessions, client, owner, appUrl } = mail;
  const first = sessions[0]!;
  const phone =
    first.meetingMode !== 'phone'
      ? null
      : client.phone !== undefined
        ? client.phone
        : await clientPhone(tx, first.clientId);
  const ownerTo = owner.copyTo ?? (await ownerMailAddresses(tx, owner.email));
  const attachment = seriesCalendarFile(sessions, {
    client: { name: client.name, email: client.email },
    owner: { name: owner.name, email: owner.email ?? ownerTo[0] ?? null },
    appUrl,
    clientPhone: phone,
  });
  const service = `${first.serviceTitle} (${formatDuration(first.durationMinutes)})`;
  const count = `${sessions.length} sessions`;
  const anyDue = sessions.some((session) => session.paymentDue);
  const payRows: [string, string][] =
    anyDue && mail.paymentInstructions !== null
      ? [
          ['How to pay', mail.paymentInstructions || NO_PAYMENT_INSTRUCTIONS_TEXT],
          ['Payment reference', paymentReferenceLine(first.reference)],
        ]
      : [];
  const calendarLine = 'The attached invite.ics adds every session to your calendar.';

  await mailer.queueMail(
    renderMail({
      to: client.email,
      subject: `Sessions booked: ${first.serviceTitle}, ${count} from ${subjectTime(first.startAt, client.timeZone)}`,
      intro: `Hello ${client.name}, your ${count} with ${owner.name} are confirmed.`,
      rows: [
        ['Service', service],
        ['Sessions', sessionLines(sessions, client.timeZone)],
        ['Time zone', SERIES_MESSAGES.sameLocalTime(client.timeZone)],
        ['Where', where(first, phone)],
        ...(first.notes ? ([['Notes', first.notes]] as [string, string][]) : []),
        ...payRows,
      ],
      links: appUrl ? [{ label: 'Manage your bookings', href: `${appUrl}${paths.dashboard}` }] : [],
      closing: [calendarLine],
      attachment,
    }),
    tx,
  );
  for (const to of ownerTo) {
    await mailer.queueMail(
      renderMail({
        to,
        subject: `New series: ${first.serviceTitle} with ${client.name}, ${count} from ${subjectTime(first.startAt, owner.timeZone)}`,
        intro: `${client.name} (${client.email}) booked ${count} of ${first.serviceTitle}.`,
        rows: [
          ['Client', `${client.name} (${client.email})`],
          ['Service', service],
          ['Sessions', sessionLines(sessions, owner.timeZone)],
          ['Where', where(first, phone)],
          ...(first.notes ? ([['Notes', first.notes]] as [string, string][]) : []),
        ],
        links: appUrl
          ? [
              {
                label: 'Open the first booking',
                href: `${appUrl}${paths.admin.bookings}?booking=${encodeURIComponent(first.id)}`,
              },
            ]
          : [],
        closing: ['This is the owner’s copy of the message sent to the client.'],
        attachment,
      }),
      tx,
    );
  }
}

/**
 * The owner's copies of cancellations fold into one digest when they come in bursts (decision
 * 045): the first goes out as it always did; the next within ten minutes opens a digest that waits
 * five minutes and lists every cancellation that joins it, each with its own cancel.ics. A client
 * cancelling a dozen bookings in a row costs the owner two mails, not twelve.
 */
import { MINUTE_MS } from '@consult/shared';
import type { Tx } from '../../../db/client';
import { escapeHtml } from '../../../plugins/escape-html';
import { digestAddresses, type Mailer, type OutgoingMail } from '../../mail';
import type { CalendarFile } from './calendar-invite';

/** A cancellation queued this soon after another one to the same owner address joins a digest. */
export const OWNER_CANCELLATION_WINDOW_MS = 10 * MINUTE_MS;
/** How long a digest gathers cancellations before it is sent. */
export const OWNER_CANCELLATION_DIGEST_DELAY_MS = 5 * MINUTE_MS;

/** The owner's copy without its envelope, as the single mail and the digest both show it. */
export interface OwnerCopySection {
  subject: string;
  intro: string;
  rows: [string, string][];
  links: { label: string; href: string }[];
}

interface CancellationItem {
  section: OwnerCopySection;
  attachment: { filename: string; contentType: string; content: string };
}

const CLOSING = [
  'Each attached cancel file removes its session from your calendar.',
  'These are the owner’s copies of the messages sent to each client.',
];

function itemText({ section }: CancellationItem, heading: string): string[] {
  return [
    heading,
    ...section.rows.map(([label, value]) => `${label}: ${value}`),
    ...section.links.map((link) => `${link.label}: ${link.href}`),
  ];
}

function itemHtml({ section }: CancellationItem, heading: string): string[] {
  return [
    `<h2 style="font-size:16px;margin:24px 0 4px">${escapeHtml(heading)}</h2>`,
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...section.rows.map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    ...section.links.map(
      (link) =>
        `<p>${escapeHtml(link.label)}: <a href="${escapeHtml(link.href)}">${escapeHtml(link.href)}</a></p>`,
    ),
  ];
}

/** One mail listing every cancellation of the digest, oldest first. */
export function cancellationDigest(to: string, items: CancellationItem[]): OutgoingMail {
  const count = items.length;
  const intro =
    count === 1
      ? 'A booking was cancelled shortly after another one you were told about.'
      : `${count} bookings were cancelled within a few minutes of each other, so they come in one message instead of ${count}.`;
  const headings = items.map((item, index) => `${index + 1}. ${item.section.intro}`);
  const text = [
    intro,
    ...items.flatMap((item, index) => ['', ...itemText(item, headings[index]!)]),
    '',
    ...CLOSING,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#111111">',
    `<p>${escapeHtml(intro)}</p>`,
    ...items.flatMap((item, index) => itemHtml(item, headings[index]!)),
    ...CLOSING.map((line) => `<p>${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('\n');
  return {
    to,
    subject: count === 1 ? items[0]!.section.subject : `${count} bookings cancelled`,
    text: `${text}\n`,
    html,
    attachments: items.map((item) => item.attachment),
  };
}

/**
 * Queues the owner's copy of a cancellation in `tx`: alone, or into the digest of its burst. In a
 * digest each invite is named after its booking, so the files stay apart.
 */
export async function queueOwnerCancellation(
  tx: Tx,
  mailer: Mailer,
  cancellation: {
    copy: OutgoingMail;
    section: OwnerCopySection;
    reference: string;
    attachment: CalendarFile;
  },
): Promise<void> {
  const { copy } = cancellation;
  const item: CancellationItem = {
    section: cancellation.section,
    attachment: { ...cancellation.attachment, filename: `cancel-${cancellation.reference}.ics` },
  };
  await mailer.queueFoldedMail(
    {
      key: `${KEY_PREFIX}${copy.to.toLowerCase()}`,
      windowMs: OWNER_CANCELLATION_WINDOW_MS,
      delayMs: OWNER_CANCELLATION_DIGEST_DELAY_MS,
      item,
      single: copy,
      digest: (items) => cancellationDigest(copy.to, items),
    },
    tx,
  );
}

const KEY_PREFIX = 'owner-cancellations:';

/**
 * An erased client leaves the owner's cancellation digests that have not gone yet: the lines that
 * name their address are taken out, the other clients' lines stay and go as planned, and a digest
 * left with none is withdrawn. Digests already sent are erased with the client's other mails.
 */
export async function withdrawFromOwnerCancellationDigests(
  tx: Tx,
  mailer: Mailer,
  clientAddress: string,
): Promise<void> {
  const address = clientAddress.toLowerCase();
  for (const to of await digestAddresses(tx, KEY_PREFIX)) {
    await mailer.reviseFoldedMail<CancellationItem>(
      {
        key: `${KEY_PREFIX}${to.toLowerCase()}`,
        revise: (items) =>
          items.filter((item) => !JSON.stringify(item).toLowerCase().includes(address)),
        digest: (items) => cancellationDigest(to, items),
      },
      tx,
    );
  }
}

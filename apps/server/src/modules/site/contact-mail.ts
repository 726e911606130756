/** The owner's copy of a contact message. Everything the visitor typed is escaped in the HTML part. */
import { CONTACT_REQUEST_TYPE_LABELS, type ContactMessage } from '@consult/shared';
import { escapeHtml } from '../../plugins/escape-html';
import type { OutgoingMail } from '../mail';

export function contactMail(to: string, message: ContactMessage): OutgoingMail {
  const typeLabel = CONTACT_REQUEST_TYPE_LABELS[message.type];
  // Header injection is impossible (nodemailer encodes), but a one-line subject reads better.
  const subject = `New contact message (${typeLabel}) from ${message.name.replace(/\s+/g, ' ')}`;
  const rows: [string, string][] = [
    ['Name', message.name],
    ['Phone', message.phone],
    ['E-mail', message.email],
    ['Type of request', typeLabel],
  ];
  const text = [
    'A visitor sent a message through the contact form.',
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    message.message,
    '',
    `Reply by writing to ${message.email}.`,
  ].join('\n');
  const html = [
    '<p>A visitor sent a message through the contact form.</p>',
    '<table>',
    ...rows.map(
      ([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

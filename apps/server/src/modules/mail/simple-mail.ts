/** A plain message: paragraphs and an optional button link, as text and as simple HTML. */
import type { OutgoingMail } from './outbox-repository';
import { escapeHtml } from '../../plugins/escape-html';

export interface MailLink {
  href: string;
  label: string;
}

function htmlOf(paragraphs: string[], link?: MailLink): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>\n<p style="font-size:13px;color:#555555">${escapeHtml(link.href)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#111111">\n${body}\n${button}\n</body></html>`;
}

/** The link's address follows the first paragraph in the text version. */
export function simpleMail(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: MailLink,
): OutgoingMail {
  const text = [...paragraphs.slice(0, 1), ...(link ? [link.href] : []), ...paragraphs.slice(1)];
  return { to, subject, text: `${text.join('\n\n')}\n`, html: htmlOf(paragraphs, link) };
}

/**
 * Reads the mails the e2e server's SMTP peer received (scripts/e2e-server.mjs writes each one to
 * .test-output/mail/*.json). Tests run in parallel, so every lookup filters by recipient.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

const mailDir =
  process.env.E2E_MAIL_DIR ?? join(import.meta.dirname, '..', '..', '.test-output', 'mail');

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Attached files, their content as UTF-8 text (calendar invites). */
  attachments?: { filename?: string; contentType: string; content: string }[];
  receivedAt: string;
}

/** Mails read so far, by file name: a file is written once (renamed into place), never changed. */
const readMails = new Map<string, CapturedMail>();

function mailsTo(address: string): CapturedMail[] {
  let files: string[];
  try {
    files = readdirSync(mailDir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const wanted = address.toLowerCase();
  return files
    .sort()
    .map((name) => {
      let mail = readMails.get(name);
      if (!mail) {
        mail = JSON.parse(readFileSync(join(mailDir, name), 'utf8')) as CapturedMail;
        readMails.set(name, mail);
      }
      return mail;
    })
    .filter((mail) => mail.to.some((to) => to.toLowerCase() === wanted));
}

/** Waits for the `nth` mail (1-based) to `address` whose subject matches, and returns it. */
export async function waitForMail(
  address: string,
  subject: RegExp,
  { nth = 1, timeout = 20_000 }: { nth?: number; timeout?: number } = {},
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(address).filter((mail) => subject.test(mail.subject))[nth - 1];
        return Boolean(found);
      },
      // Every 100 ms: reading the folder costs about a millisecond, and a journey waits for a mail
      // some fifty times a run (Playwright's default steps out to a second).
      { timeout, intervals: [100], message: `a mail to ${address} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in the mail's text to the given path of the site, as a path with its query. */
export function linkIn(mail: CapturedMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s"<>]+${path}\\?token=[^\\s"<>]+`));
  if (!match) throw new Error(`No ${path} link in the mail "${mail.subject}":\n${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

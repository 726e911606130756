/**
 * Outgoing mail. `queueMail` writes to the outbox (inside the caller's transaction when given one);
 * the outbox job delivers through SMTP when SMTP_URL is set. Without it a mail goes nowhere: it is
 * written to the log and marked `not_delivered`, never `sent` (decision 038).
 */
import { HOUR_MS } from '@consult/shared';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import type { Job } from '../../jobs/job-runner';
import {
  queueFoldedMail,
  reviseFoldedMail,
  type FoldedMail,
  type FoldedMailRevision,
} from './mail-folding';
import {
  claimDueMails,
  insertOutboxMail,
  markMailAttemptFailed,
  deleteOutboxMail,
  markMailNotDelivered,
  markMailSent,
  releaseMailClaims,
  type OutboxRow,
  type OutgoingMail,
} from './outbox-repository';

export const MAX_MAIL_ATTEMPTS = 8;
const LEASE_MS = 120_000;
const BATCH_SIZE = 20;
/** Mails sent at once: nodemailer's pool opens up to five connections (its default). */
const SMTP_CONNECTIONS = 5;

/** 30 s, 1 min, 2 min … capped at 1 h: a mail server that is down for a while loses nothing. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), HOUR_MS);
}

/**
 * SMTP_URL with nodemailer's connection pool unless it says otherwise (`?pool=false`): one
 * connection carries a run's mails instead of a connection and handshake per mail (128 ms a mail
 * against 15 ms on the stress runs' machine, decision 060).
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

/** The Message-ID of an outbox mail: its id at the sender's domain (RFC 5322 §3.6.4). */
export function messageIdOf(mailId: string, from: string): string {
  const domain = /@([^\s>]+)/.exec(from)?.[1] ?? 'localhost';
  return `<${mailId}@${domain}>`;
}

export function extractLinks(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
}

/** Whether mail leaves the server: through SMTP, or not at all (no SMTP_URL). */
export type MailDelivery = 'smtp' | 'none';

export interface Mailer {
  readonly delivery: MailDelivery;
  queueMail(mail: OutgoingMail, db?: Db): Promise<string>;
  /** A mail that folds into a digest when others of its key are recent (mail-folding.ts). */
  queueFoldedMail<Item>(fold: FoldedMail<Item>, tx: Tx): Promise<string>;
  /** Changes what the key's digests still waiting say, or withdraws them (mail-folding.ts). */
  reviseFoldedMail<Item>(revision: FoldedMailRevision<Item>, tx: Tx): Promise<void>;
  /**
   * Delivers what is due; returns how many mails were sent (none without SMTP). Once `stopping`
   * is aborted it ends after the mail in hand and hands the rest of its batch back.
   */
  deliverDue(stopping?: AbortSignal): Promise<number>;
  outboxJob(intervalMs: number): Job;
  close(): void;
}

export function createMailer(options: {
  db: Db;
  log: FastifyBaseLogger;
  from: string;
  smtpUrl?: string;
}): Mailer {
  const { db, log, from, smtpUrl } = options;
  // The SMTP client is loaded with the first mail to deliver, not at start.
  let transport: Promise<Transporter> | null = null;
  const smtpTransport = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(pooledSmtpUrl(smtpUrl!)),
    ));

  async function deliver(mail: OutboxRow, smtp: Transporter) {
    await smtp.sendMail({
      // The outbox row's id: a mail sent again after a crash between the peer's acceptance and
      // markMailSent is the same message to the receiver (decision 060).
      messageId: messageIdOf(mail.id, from),
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      attachments: mail.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
      })),
    });
  }

  /**
   * No SMTP configured: the log is the only reader (development and the embedded default), and the
   * outbox says so. An erased account's last mail is deleted all the same: it keeps no address behind.
   */
  async function logNotDelivered(mail: OutboxRow) {
    log.info(
      { mailId: mail.id, to: mail.to, subject: mail.subject, links: extractLinks(mail.text) },
      'mail not delivered (no SMTP_URL set), written to the log instead',
    );
    await (mail.eraseAfterSend ? deleteOutboxMail(db, mail.id) : markMailNotDelivered(db, mail.id));
  }

  /** One claimed mail: sent (or logged), or its failure counted for a later attempt. */
  async function deliverOne(mail: OutboxRow): Promise<boolean> {
    if (!smtpUrl) {
      await logNotDelivered(mail);
      return false;
    }
    try {
      await deliver(mail, await smtpTransport());
      await (mail.eraseAfterSend ? deleteOutboxMail(db, mail.id) : markMailSent(db, mail.id));
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retry = mail.attempts < MAX_MAIL_ATTEMPTS ? retryDelayMs(mail.attempts) : null;
      await markMailAttemptFailed(db, mail.id, message, retry);
      log.warn(
        { mailId: mail.id, attempts: mail.attempts, willRetry: retry !== null, err: message },
        'mail delivery failed',
      );
      return false;
    }
  }

  /**
   * A batch over SMTP_CONNECTIONS connections at once, the mails of one address one after
   * another in the outbox's order (a confirmation never overtaken by its cancellation).
   * Once `stopping` is aborted each lane ends after the mail in hand; the untried are handed back.
   */
  async function deliverBatch(batch: OutboxRow[], stopping?: AbortSignal): Promise<number> {
    const lanes = new Map<string, OutboxRow[]>();
    // In the order they were queued (an UPDATE … RETURNING keeps no order).
    const queued = [...batch].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const mail of queued) lanes.set(mail.to, [...(lanes.get(mail.to) ?? []), mail]);
    const waiting = [...lanes.values()];
    const untried: OutboxRow[] = [];
    let sent = 0;
    async function worker() {
      for (let lane = waiting.shift(); lane; lane = waiting.shift()) {
        for (const [index, mail] of lane.entries()) {
          if (stopping?.aborted) {
            untried.push(...lane.slice(index));
            break;
          }
          if (await deliverOne(mail)) sent += 1;
        }
      }
    }
    await Promise.all(Array.from({ length: SMTP_CONNECTIONS }, worker));
    // Not tried: due again at once for the next start or another node, not after the lease.
    await releaseMailClaims(
      db,
      untried.map((mail) => mail.id),
    );
    return sent;
  }

  async function deliverDue(stopping?: AbortSignal): Promise<number> {
    let sent = 0;
    for (;;) {
      if (stopping?.aborted) return sent;
      const batch = await claimDueMails(db, BATCH_SIZE, LEASE_MS);
      sent += await deliverBatch(batch, stopping);
      if (batch.length < BATCH_SIZE || stopping?.aborted) return sent;
    }
  }

  return {
    delivery: smtpUrl ? 'smtp' : 'none',
    queueMail: (mail, tx) => insertOutboxMail(tx ?? db, mail),
    queueFoldedMail: (fold, tx) => queueFoldedMail(tx, fold),
    reviseFoldedMail: (revision, tx) => reviseFoldedMail(tx, revision),
    deliverDue,
    outboxJob: (intervalMs) => ({
      name: 'mail-outbox',
      intervalMs,
      run: async (stopping) => {
        await deliverDue(stopping);
      },
    }),
    close: () => void transport?.then((smtp) => smtp.close()),
  };
}

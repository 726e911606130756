/** A real SMTP server on a loopback port for tests: it accepts (or refuses) mail and parses what it gets. */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename?: string; contentType: string; content: string }[];
  links: string[];
  /** The Message-ID header as sent (the outbox id at the sender's domain). */
  messageId: string;
}

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  /** When set, every message is refused with a 451 (temporary failure). */
  refuse: boolean;
  /** Connections opened to the peer so far. */
  connections: number;
  waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((address) => address.address ?? ''));
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const waiters = new Set<() => void>();
  const peer: SmtpPeer = {
    url: '',
    received: [],
    refuse: false,
    connections: 0,
    waitForMail(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = peer.received.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching mail within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = new SMTPServer({
    onConnect(_session, callback) {
      peer.connections += 1;
      callback();
    },
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (peer.refuse) {
        stream.resume();
        stream.on('end', () => {
          const error = new Error('Mailbox temporarily unavailable') as Error & {
            responseCode: number;
          };
          error.responseCode = 451;
          callback(error);
        });
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          peer.received.push({
            to: addressesOf(parsed),
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: a.content.toString('utf8'),
            })),
            links: text.match(/https?:\/\/[^\s<>"')]+/g) ?? [],
            messageId: parsed.messageId ?? '',
          });
          for (const waiter of [...waiters]) waiter();
          callback();
        })
        .catch(callback);
    },
  });

  // A client that drops its connection (a server stopped mid-conversation) ends that conversation
  // only: without a listener the reset would end the test run.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  peer.url = `smtp://127.0.0.1:${port}`;
  return peer;
}

// The server the browser tests run against: the built app on a fresh data folder, with a real
// SMTP peer in front whose received mails are written to .test-output/mail/ for the tests to read.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { buildIfStale } from './build-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const port = process.env.E2E_PORT ?? '4173';
// E2E_MAIL_DIR lets several test runs share the machine without sharing a mailbox.
const mailDir = process.env.E2E_MAIL_DIR ?? join(root, '.test-output', 'mail');
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

buildIfStale();

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received += 1;
        const to = [mail.to].flat().flatMap((group) => group?.value.map((a) => a.address) ?? []);
        const record = {
          to,
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content.toString('utf8'),
          })),
          receivedAt: new Date().toISOString(),
        };
        // Written beside, then renamed into place: a reader never sees half a mail.
        const file = join(mailDir, `${String(received).padStart(5, '0')}.json`);
        writeFileSync(`${file}.part`, JSON.stringify(record, null, 2));
        renameSync(`${file}.part`, file);
        callback();
      })
      .catch(callback);
  },
});

// A connection a stopped server drops ends that conversation only, not the test server.
smtp.on('error', () => {});
smtp.listen(0, '127.0.0.1', () => {
  const smtpPort = smtp.server.address().port;
  const dataDir = mkdtempSync(join(tmpdir(), 'consult-e2e-'));
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: port,
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OWNER_EMAIL: 'owner@e2e.test',
      ADMIN_EMAIL: 'admin@e2e.test',
      ADMIN_PASSWORD: 'e2e-admin-password-42',
      LOG_LEVEL: 'warn',
      // The browser tests send X-Forwarded-For per test (e2e/support/fixtures.ts): each test is its
      // own visitor for the per-IP rate limits.
      TRUST_PROXY: '1',
    },
  });
  const stop = () => server.kill('SIGTERM');
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  server.on('exit', (code) => {
    smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code ?? 0);
  });
});

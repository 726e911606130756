// The site under stress: the built server as `npm start` runs it, on the embedded default (a
// DATA_DIR of its own) or on a fresh PostgreSQL database (DATABASE_URL), with a test SMTP peer and
// the Stripe double in front, all on loopback ports from STRESS_PORT. It can be killed with SIGKILL
// and started again on the same data, and stopped with SIGTERM.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { StripeDouble } from '../../apps/server/src/test/stripe-double.ts';
import { scratchDatabase } from '../bench/bookings.mjs';
import { sleep } from './figures.mjs';
import { treeMemory } from '../bench/memory.mjs';
import { embeddedDatabaseUrl } from '../bench/metrics.mjs';
import { freePort, waitForOk } from '../bench/server-process.mjs';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';

const root = new URL('../..', import.meta.url).pathname;
const serverScript = join(root, 'apps/server/dist/server.js');

export const OWNER = { email: 'stress-owner@example.com', password: 'stress-owner-password-42' };
/** The paid service of the checkouts and storms (Stripe), and a free one for plain bookings. */
export const PAID = 'stress-paid';
export const FREE = 'stress-free';

/**
 * Loopback ports: STRESS_PORT and the ones after it when set (a machine shared by several runs
 * gives each its range), else free ones.
 */
let nextPort = process.env.STRESS_PORT ? Number(process.env.STRESS_PORT) : null;
/** Ports fetch refuses to reach (the Fetch standard's "bad ports" in this part of the range). */
const FETCH_BAD_PORTS = new Set([
  5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6697, 10080,
]);
async function takePort() {
  if (nextPort === null) return freePort();
  while (FETCH_BAD_PORTS.has(nextPort)) nextPort += 1;
  return nextPort++;
}

/** A test SMTP peer that keeps every message it accepts (the outbox id travels in Message-ID). */
async function startSmtpPeer(port) {
  const received = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ messageId: mail.messageId ?? '', subject: mail.subject ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  // A connection the server drops (the crash scenario kills it mid-conversation) ends that
  // conversation only: without a listener the reset would end this whole process.
  smtp.on('error', () => {});
  await new Promise((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => smtp.close(resolve)),
  };
}

/** One open/closing day every day in UTC, no notice: any hour ahead offers a slot. */
const ALL_DAY = [{ start: '00:00', end: '24:00' }];
const SCHEDULING = {
  rules: {
    timeZone: 'UTC',
    minimumNoticeHours: 0,
    horizonDays: 365,
    bufferMinutes: 0,
    slotStepMinutes: 15,
    maxBookingsPerDay: null,
    holdMinutes: 30,
    cancellationCutoffHours: 0,
  },
  weeklyHours: Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, ALL_DAY]),
  ),
  dateOverrides: [],
};

/**
 * The embedded cluster a killed server left running (a run that broke after a SIGKILL): stopped,
 * so no PostgreSQL of these runs outlives them.
 */
async function stopLeftCluster(dir) {
  let pid;
  try {
    pid = Number(readFileSync(join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    return; // not running
  }
  for (let i = 0; i < 100; i += 1) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts a site on `database` ('embedded' or 'postgres'). `start()` runs the server (again, on the
 * same data after a kill); `kill()` is SIGKILL; `terminate()` is SIGTERM and resolves with the
 * exit code and how long the exit took.
 */
export async function openSite(database, { logName = 'server.log' } = {}) {
  const dir = mkdtempSync(join(tmpdir(), `consult-stress-${database}-`));
  const scratch =
    database === 'postgres'
      ? await scratchDatabase(
          process.env.STRESS_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
          'consult_stress',
        )
      : null;
  const port = await takePort();
  const smtp = await startSmtpPeer(await takePort());
  const stripe = new StripeDouble();
  await stripe.start(await takePort());
  const url = `http://127.0.0.1:${port}`;
  stripe.webhookUrl = `${url}/api/payments/stripe/webhook`;
  const logFile = join(dir, logName);
  const env = {
    ...process.env,
    ...stripe.env(),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATA_DIR: dir,
    DATABASE_URL: scratch?.url ?? '',
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    OWNER_EMAIL: OWNER.email,
    LOG_LEVEL: process.env.STRESS_LOG_LEVEL ?? 'warn',
    LOG_FORMAT: 'json',
    // Each virtual visitor sends its own X-Forwarded-For: the per-IP limits see many visitors.
    TRUST_PROXY: '1',
  };
  const sqlUrl = scratch?.url ?? embeddedDatabaseUrl(dir);
  let child = null;
  let exited = null;

  const site = {
    database,
    url,
    dir,
    smtp,
    stripe,
    logFile,
    get pid() {
      return child?.pid;
    },
    async start() {
      const log = openSync(logFile, 'a');
      const started = performance.now();
      child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverScript], {
        env,
        stdio: ['ignore', log, log],
      });
      exited = new Promise((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );
      await Promise.race([
        waitForOk(`${url}/api/health`, 90_000).catch((error) => {
          child.kill('SIGKILL');
          throw new Error(`${error.message}; the server's last lines:\n${site.logTail(10)}`);
        }),
        exited.then(({ code }) => {
          throw new Error(`the server exited with ${code} at start; see ${logFile}`);
        }),
      ]);
      return performance.now() - started;
    },
    /** kill -9: the server alone; its embedded PostgreSQL is left as a crash leaves it. */
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async terminate() {
      const sent = performance.now();
      child.kill('SIGTERM');
      const { code, signal } = await exited;
      return { code, signal, ms: performance.now() - sent };
    },
    memory: () => treeMemory(child.pid),
    /** One query on the site's database (the embedded cluster over its socket). */
    async sql(text, params = []) {
      const client = new pg.Client({ connectionString: sqlUrl });
      await client.connect();
      try {
        return (await client.query(text, params)).rows;
      } finally {
        await client.end();
      }
    },
    logTail: (lines = 20) =>
      readFileSync(logFile, 'utf8').trim().split('\n').slice(-lines).join('\n'),
    async close() {
      if (child && child.exitCode === null && child.signalCode === null) await site.terminate();
      await stopLeftCluster(dir);
      await smtp.close();
      await stripe.close();
      await scratch?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return site;
}

/**
 * What every scenario needs once the site is up (written underneath the running server: the
 * database's notifications drop what it caches of settings and services): every day open in UTC, a paid service paid by
 * card (Stripe) and a free one, and `clients` client accounts that sign in with the owner's
 * password (its hash copied: accounts made through sign-up pay a proof of work).
 */
export async function prepareSite(site, clients) {
  await site.sql(
    `insert into settings (key, value) values ('scheduling', $1)
     on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(SCHEDULING)],
  );
  await site.sql(
    `insert into services (slug, title, description, duration_minutes, price_minor, currency, meeting_mode, position)
     select s.slug, s.title, 'A service of the stress runs.', 30, s.price, 'USD', 'video', 100 + s.n
     from (values ($1, 'Stress paid', 5000, 1), ($2, 'Stress free', 0, 2)) as s(slug, title, price, n)
     on conflict do nothing`,
    [PAID, FREE],
  );
  await site.sql(
    `insert into users (email, name, password_hash, email_verified_at)
     select 'stress-client-' || n || '@example.com', 'Stress Client ' || n, owner.password_hash, now()
     from generate_series(1, $1::int) n, (select password_hash from users where email = $2) owner
     on conflict do nothing`,
    [clients, OWNER.email],
  );
  await untilRulesServed(site);
  return Array.from({ length: clients }, (_, i) => ({
    email: `stress-client-${i + 1}@example.com`,
    password: OWNER.password,
    // A visitor address of its own: each client has its own per-address budgets.
    address: `10.23.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  }));
}

/**
 * Waits (at most 40 s: past the availability cache's 30 s) until the site offers the free service
 * at midnight UTC two days ahead, which only the 24-hour rules above do; a site still serving other
 * rules fails here, with what it offers, rather than as a run of refused bookings.
 */
async function untilRulesServed(site) {
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const midnight = `${day}T00:00:00.000Z`;
  const deadline = performance.now() + 40_000;
  for (;;) {
    const res = await call(
      site,
      'GET',
      `/api/availability?service=${FREE}&from=${day}&to=${day}&timeZone=UTC`,
    );
    const slots = res.json?.days?.flatMap((d) => d.slots) ?? [];
    if (slots.includes(midnight)) return;
    if (performance.now() > deadline) {
      throw new Error(
        `the site does not offer ${midnight} after the stress rules were written: ${res.status}, first slots ${slots.slice(0, 4).join(', ') || 'none'}`,
      );
    }
    await sleep(500);
  }
}

/** A request with a visitor address and optional bearer token; answers status, body and ms. */
export async function call(
  site,
  method,
  path,
  { token, body, address, headers = {}, timeoutMs = 30_000 } = {},
) {
  const started = performance.now();
  const res = await fetch(`${site.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-forwarded-for': address ?? '10.99.0.1',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, headers: res.headers, ms: performance.now() - started };
}

export async function signInAs(site, account) {
  const res = await call(site, 'POST', '/api/auth', {
    body: { email: account.email, password: account.password },
    address: account.address,
  });
  if (res.status !== 200) throw new Error(`sign-in of ${account.email} answered ${res.status}`);
  return res.json.accessToken;
}

/** `count` free slot starts of `service`, an hour apart, from `afterDays` days ahead on. */
export function slotsAhead(count, afterDays, stepMinutes = 60) {
  const first = new Date(Date.now() + afterDays * 86_400_000);
  first.setUTCMinutes(0, 0, 0);
  return Array.from({ length: count }, (_, i) =>
    new Date(first.getTime() + i * stepMinutes * 60_000).toISOString(),
  );
}

export const idempotencyKey = () => randomUUID();

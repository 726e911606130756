// `npm run bench` (node --import tsx, to reach the server's own TypeScript): measures the built server on this machine and prints the figures with their targets.
// See docs/BENCHMARKS.md for what each figure means.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildIfStale } from './build-if-stale.mjs';
import {
  availableSlots,
  dayRange,
  bookingStorm,
  fillBookings,
  independentSlots,
  measureSeriesPreview,
  scratchDatabase,
  signIn,
} from './bench/bookings.mjs';
import {
  addBenchCalendars,
  BENCH_CALENDARS,
  BENCH_EVENTS_PER_CALENDAR,
  serveBenchCalendars,
} from './bench/calendars.mjs';
import { startProcess } from './bench/server-process.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';
import { toMb } from './bench/memory.mjs';
import { heldStripeBookings, webhookOutcome, webhookStorm } from './bench/webhooks.mjs';
import { measureWaitlistOffers, WAITLIST_ENTRIES } from './bench/waitlist.mjs';
import {
  METRICS_BOOKINGS,
  METRICS_PAYMENTS,
  embeddedDatabaseUrl,
  measureMetrics,
  seedHistoryOnPostgres,
} from './bench/metrics.mjs';

const root = new URL('..', import.meta.url).pathname;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
/**
 * BENCH_ONLY=memory, requests, metrics, calendars, series or waitlist runs that section alone (requests: the cost per request);
 * unset, every section runs.
 */
const ONLY = process.env.BENCH_ONLY;
/** Above this one-minute load average at the start, other work shared the machine: repeat the run. */
const QUIET_LOAD = 1.5;
const METRICS_REQUESTS = Number(process.env.BENCH_METRICS_REQUESTS ?? 200);
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-for-measuring-1' };

buildIfStale();
const dataDir = mkdtempSync(join(tmpdir(), 'consult-bench-'));
const logFile = join(dataDir, 'server.log');
const serverEnv = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SMTP_URL: '',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  // JSON lines to a file, as a production node writes them for a log collector.
  LOG_FORMAT: 'json',
};
const serverScript = join(root, 'apps/server/dist/server.js');
/** The server as `npm start` runs it. */
const startServer = (env) =>
  startProcess(serverScript, env, '/api/health', logFile, SERVER_NODE_FLAGS);
const MIXED_REQUESTS = 10_000;

function load(url, headers = {}, requests = undefined) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION_S, headers, requests },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** How long each target of the cost per request is loaded before it is measured. */
const WARM_UP_S = 2;

/** `load` after WARM_UP_S seconds of the same load, untimed: compiled code on both sides. */
async function warmedLoad(url, headers = {}, requests = undefined) {
  await new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: WARM_UP_S, headers, requests },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  return load(url, headers, requests);
}

const rows = [];
function report(name, value, target, pass) {
  rows.push({ name, value, target, verdict: pass === undefined ? '' : pass ? 'met' : 'NOT MET' });
}
const fmt = (n, digits = 1) => Number(n).toFixed(digits);

function summarise(result) {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Resident memory of the server's processes (scripts/bench/memory.mjs), against a target in MB. */
function reportMemory(when, memory, targetMb) {
  const once = toMb(memory.once);
  report(`memory ${when}, all processes (MB)`, fmt(once), `<= ${targetMb}`, once <= targetMb);
  report(`memory ${when}: Node alone (MB)`, fmt(toMb(memory.node)), 'info');
  report(
    `memory ${when}: RSS added up / PSS (MB)`,
    `${fmt(toMb(memory.rssSum))} / ${fmt(toMb(memory.pss))}`,
    `info (${memory.processes} processes)`,
  );
}

/**
 * MIXED_REQUESTS requests over 10 connections, each connection going round what a day of visitors
 * and the owner ask: the public pages, site content, services, availability in random zones, the
 * signed-in user and the owner's booking list.
 */
async function mixedLoad(url, token) {
  const auth = { authorization: `Bearer ${token}` };
  const zones = Intl.supportedValuesOf('timeZone');
  const availability = (request) => {
    const zone = zones[Math.floor(Math.random() * zones.length)];
    const { from, to } = dayRange(60);
    return {
      ...request,
      path: `/api/availability?service=strategy-session&from=${from}&to=${to}&timeZone=${encodeURIComponent(zone)}`,
    };
  };
  const result = await new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        amount: MIXED_REQUESTS,
        requests: [
          { method: 'GET', path: '/' },
          { method: 'GET', path: '/api/site' },
          { method: 'GET', path: '/api/services' },
          { method: 'GET', setupRequest: availability },
          { method: 'GET', path: '/consultation' },
          { method: 'GET', path: '/api/user', headers: auth },
          { method: 'GET', path: '/api/admin/bookings', headers: auth },
          { method: 'GET', path: '/api/health' },
          { method: 'GET', path: '/terms-and-conditions' },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
  const failed = result.errors + result.non2xx;
  if (failed) report('mixed requests: failed answers', failed, '0', false);
}

/**
 * Resident memory: the embedded default 3 s after start and after MIXED_REQUESTS requests, and
 * the Node process alone on a PostgreSQL server (DATABASE_URL) 3 s after start.
 */
async function memorySection() {
  // First start on an empty DATA_DIR: the embedded PostgreSQL creates its cluster, migrations run,
  // demo content is seeded.
  let server = await startServer(serverEnv);
  report('first start, empty DATA_DIR (ms)', fmt(server.startMs, 0), 'info');
  await server.stop();
  server = await startServer(serverEnv);
  try {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    reportMemory('idle, 3 s after start', server.memory(), 160);
    await mixedLoad(server.url, await signIn(server.url, ADMIN));
    // As after start: what the site holds 3 s after the last request, not during the load.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    reportMemory(`3 s after ${MIXED_REQUESTS} mixed requests`, server.memory(), 200);
  } finally {
    await server.stop();
  }

  const database = await scratchDatabase(
    process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  try {
    const pgServer = await startServer({ ...serverEnv, DATABASE_URL: database.url });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const nodeRss = toMb(pgServer.memory().node);
    await pgServer.stop();
    report('DATABASE_URL: Node idle RSS (MB)', fmt(nodeRss), '<= 110', nodeRss <= 110);
  } finally {
    await database.drop();
  }
}

const loadAtStart = loadavg()[0];
try {
  if (!ONLY || ONLY === 'memory') await memorySection();
  if (ONLY === 'requests') await requestsOnly();
  else if (!ONLY) await coreSections();
  if (!ONLY || ONLY === 'metrics') await metricsSection();
  if (!ONLY || ONLY === 'calendars') await calendarsSection();
  if (!ONLY || ONLY === 'series') await seriesSection();
  if (!ONLY || ONLY === 'waitlist') await waitlistSection();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

/** The cost per request alone, on a freshly started embedded default. */
async function requestsOnly() {
  const server = await startServer(serverEnv);
  try {
    await requestSections(server);
  } finally {
    await server.stop();
  }
}

/** Start, memory, throughput, availability, the booking storm, webhooks and hashing. */
async function coreSections() {
  // Cold start proper: process start to first healthy answer on existing data.
  const server = await startServer(serverEnv);
  report('cold start (ms)', fmt(server.startMs, 0), '<= 3000', server.startMs <= 3000);

  await requestSections(server);
  await server.stop();

  // The booking storm on PostgreSQL: 200 attempts at once over 100 free slots.
  const database = await scratchDatabase(
    process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  try {
    const pgServer = await startServer({ ...serverEnv, DATABASE_URL: database.url });
    try {
      const token = await signIn(pgServer.url, ADMIN);
      // 60-minute sessions with a 15-minute buffer: starts 90 minutes apart never touch.
      const slots = independentSlots(
        await availableSlots(pgServer.url, 'strategy-session', 60),
        90 * 60_000,
        100,
      );
      const storm = await bookingStorm(pgServer.url, token, 'strategy-session', slots, 2);
      const created = storm.counts[201] ?? 0;
      const otherErrors = Object.entries(storm.counts)
        .filter(([status]) => status !== '201' && status !== '409')
        .reduce((sum, [, n]) => sum + n, 0);
      report('storm: slots attempted (2 requests each)', slots.length, '100', slots.length === 100);
      report('storm: bookings made', created, '100', created === 100);
      report('storm: answers other than 201/409', otherErrors, '0', otherErrors === 0);
      report('storm: p99 (ms)', fmt(storm.p99, 0), 'info');
    } finally {
      await pgServer.stop();
    }
  } finally {
    await database.drop();
  }

  // Stripe webhooks on PostgreSQL: 500 signed checkout.session.completed events for distinct
  // bookings held for payment, 20 at a time. The server talks to no Stripe: a paid session needs
  // no API call, so STRIPE_API_BASE points nowhere it would have to reach.
  const webhookDb = await scratchDatabase(
    process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  try {
    const webhookSecret = 'whsec_bench_0123456789';
    const pgServer = await startServer({
      ...serverEnv,
      DATABASE_URL: webhookDb.url,
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      LOG_LEVEL: 'warn',
    });
    try {
      const bookingIds = await heldStripeBookings(webhookDb.url, 'strategy-session', 500);
      const storm = await webhookStorm(pgServer.url, webhookSecret, bookingIds, 20);
      const outcome = await webhookOutcome(webhookDb.url);
      const failures = Object.entries(storm.counts)
        .filter(([status]) => status !== '200')
        .reduce((sum, [, n]) => sum + n, 0);
      report(
        'webhooks: events sent (20 at a time)',
        bookingIds.length,
        '500',
        bookingIds.length === 500,
      );
      report('webhooks: answers other than 200', failures, '0', failures === 0);
      report(
        'webhooks: payments paid, once each',
        outcome.paid,
        '500',
        outcome.paid === 500 && outcome.events === 500,
      );
      report(
        'webhooks: distinct receipt numbers',
        outcome.receipts,
        '500',
        outcome.receipts === 500,
      );
      report('webhooks: bookings confirmed', outcome.confirmed, '500', outcome.confirmed === 500);
      report('webhooks: p50 (ms)', fmt(storm.p50, 0), 'info');
      report('webhooks: p99 (ms)', fmt(storm.p99, 0), 'info');
    } finally {
      await pgServer.stop();
    }
  } finally {
    await webhookDb.drop();
  }

  // The server's own hashing function and parameters (argon2id, 32 MiB, 4 passes), median of 15.
  const { hashPassword } = await import('../apps/server/src/modules/auth/passwords.ts');
  const times = [];
  for (let i = 0; i < 15; i += 1) {
    const start = performance.now();
    await hashPassword(`bench-password-${i}`);
    times.push(performance.now() - start);
  }
  const hashMs = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  report('one password hash, argon2id (ms)', fmt(hashMs), '20-100', hashMs >= 20 && hashMs <= 100);
}

/**
 * Cost per request (issue #20), as ratios to a bare Fastify hello-world measured in the same run:
 * `/api/health`, `GET /api/user` with a valid token on the embedded default and on PostgreSQL,
 * and availability, repeated (cached) and mostly uncached. `server` is the embedded default, running.
 */
async function requestSections(server) {
  const hello = await startProcess(join(root, 'scripts/bench/hello-world.mjs'), {}, '/', logFile);
  const helloResult = summarise(await warmedLoad(`${hello.url}/`));
  await hello.stop();
  report('hello-world req/s', fmt(helloResult.rps, 0), 'baseline');
  report('hello-world p99 (ms)', helloResult.p99, 'baseline');

  const health = summarise(await warmedLoad(`${server.url}/api/health`));
  report('GET /api/health req/s', fmt(health.rps, 0), 'info');
  report('GET /api/health p99 (ms)', health.p99, 'info');
  const healthRatio = health.rps / helloResult.rps;
  report('health / hello-world', fmt(healthRatio, 2), '>= 0.6', healthRatio >= 0.6);
  if (health.errors) report('GET /api/health errors', health.errors, '0', false);

  await measureUser(server, 'embedded', helloResult);
  const database = await scratchDatabase(
    process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  try {
    const pgServer = await startServer({ ...serverEnv, DATABASE_URL: database.url });
    try {
      await measureUser(pgServer, 'PostgreSQL', helloResult);
    } finally {
      await pgServer.stop();
    }
  } finally {
    await database.drop();
  }

  // Availability for 60 days with 200 bookings in them, against /api/health in the same run.
  const ownerToken = await signIn(server.url, ADMIN);
  const made = await fillBookings(server.url, ownerToken, 'intro-call', 60, 200);
  report('bookings in the 60 days measured', made, '200', made === 200);
  await measureAvailability(server, '');
}

/**
 * GET /api/availability for 60 days, the same query again and again (answered from the cache),
 * then each request one of ~3,300 zone and start-day pairs at random (the cache holds 500, so
 * about 85 % are computed). `label` names the case in the figures' names.
 */
async function measureAvailability(server, label) {
  const { from, to } = dayRange(60);
  const availability = summarise(
    await warmedLoad(
      `${server.url}/api/availability?service=strategy-session&from=${from}&to=${to}&timeZone=Europe/London`,
    ),
  );
  const healthAgain = summarise(await warmedLoad(`${server.url}/api/health`));
  report(`GET /api/availability (60 days${label}) req/s`, fmt(availability.rps, 0), 'info');
  report(`GET /api/availability${label} p50 (ms)`, availability.p50, 'info');
  report(
    `GET /api/availability${label} p99 (ms)`,
    availability.p99,
    '<= 25',
    availability.p99 <= 25,
  );
  const availabilityRatio = availability.rps / healthAgain.rps;
  report(
    `availability${label} / health`,
    fmt(availabilityRatio, 2),
    '>= 0.3',
    availabilityRatio >= 0.3,
  );
  if (availability.errors)
    report(`GET /api/availability${label} errors`, availability.errors, '0', false);
  const zones = Intl.supportedValuesOf('timeZone');
  const paths = zones.flatMap((zone) =>
    Array.from({ length: 8 }, (_, shift) => {
      const from = new Date(Date.now() - shift * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.now() + (59 - shift) * 86_400_000).toISOString().slice(0, 10);
      return `/api/availability?service=strategy-session&from=${from}&to=${to}&timeZone=${encodeURIComponent(zone)}`;
    }),
  );
  const misses = [
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: paths[Math.floor(Math.random() * paths.length)],
      }),
    },
  ];
  const uncached = summarise(await warmedLoad(`${server.url}/api/availability`, {}, misses));
  report(`availability${label}, ~85% uncached, req/s`, fmt(uncached.rps, 0), 'info');
  report(
    `availability${label}, ~85% uncached, p99 (ms)`,
    uncached.p99,
    '<= 25',
    uncached.p99 <= 25,
  );
  if (uncached.errors) report(`uncached availability${label} errors`, uncached.errors, '0', false);
}

/**
 * The owner's calendars (issue #22): three of 2,000 events each, read by the embedded default
 * over loopback (CALENDAR_FETCH_ALLOW_PRIVATE), then availability with their busy times in it.
 */
async function calendarsSection() {
  const calendars = await serveBenchCalendars();
  const server = await startServer({ ...serverEnv, CALENDAR_FETCH_ALLOW_PRIVATE: 'true' });
  try {
    const token = await signIn(server.url, ADMIN);
    const read = await addBenchCalendars(server.url, token, calendars.urls);
    report(
      `calendars: ${BENCH_CALENDARS} × ${BENCH_EVENTS_PER_CALENDAR} events (MB)`,
      fmt(calendars.bytes / 1e6, 1),
      'info',
    );
    report('calendars: events read', read.eventsRead, 'info');
    report('calendars: busy ranges kept', read.busyRanges, 'info');
    report('calendars: first read of the three (ms)', fmt(read.firstReadMs, 0), 'info');
    report('calendars: unchanged re-read of the three (ms)', fmt(read.unchangedReadMs, 0), 'info');
    report(
      'calendars: re-reads answered unchanged',
      read.unchanged,
      String(BENCH_CALENDARS),
      read.unchanged === BENCH_CALENDARS,
    );
    await measureAvailability(server, ', 3 calendars');
  } finally {
    await server.stop();
    await calendars.close();
  }
}

/**
 * Recurring sessions (issue 25): the preview of a 12-week series with 200 bookings in the range,
 * on the embedded default (target p99 <= 25 ms).
 */
async function seriesSection() {
  const server = await startServer(serverEnv);
  try {
    const token = await signIn(server.url, ADMIN);
    const booked = await fillBookings(server.url, token, 'intro-call', 60, 200);
    report('series: bookings in the range', booked, '200', booked === 200);
    const preview = await measureSeriesPreview(server.url, token, 'intro-call', 200);
    report('series: 12-week preview, p50 (ms)', fmt(preview.p50, 1), 'info');
    report('series: 12-week preview, p99 (ms)', fmt(preview.p99, 1), '<= 25', preview.p99 <= 25);
  } finally {
    await server.stop();
  }
}

/**
 * The waitlist (issue 25): with 500 entries waiting for one hour, the time from a cancellation's
 * answer to the offer's mail in the outbox, on the embedded default (target p99 <= 2 s).
 */
async function waitlistSection() {
  const server = await startServer(serverEnv);
  try {
    const rounds = Number(process.env.BENCH_WAITLIST_ROUNDS ?? 30);
    const offers = await measureWaitlistOffers(
      server.url,
      embeddedDatabaseUrl(dataDir),
      ADMIN,
      rounds,
    );
    report(`waitlist: ${WAITLIST_ENTRIES} entries, cancellations measured`, offers.rounds, 'info');
    report('waitlist: cancel to offer in the outbox, p50 (ms)', fmt(offers.p50, 0), 'info');
    report(
      'waitlist: cancel to offer in the outbox, p99 (ms)',
      fmt(offers.p99, 0),
      '<= 2000',
      offers.p99 <= 2000,
    );
  } finally {
    await server.stop();
  }
}

/** `GET /api/user` with a valid token on `server`, over the hello-world's req/s. */
async function measureUser(server, engine, helloResult) {
  const accessToken = await signIn(server.url, ADMIN);
  const user = summarise(
    await warmedLoad(`${server.url}/api/user`, { authorization: `Bearer ${accessToken}` }),
  );
  report(`GET /api/user (${engine}) req/s`, fmt(user.rps, 0), 'info');
  report(`GET /api/user (${engine}) p99 (ms)`, user.p99, 'info');
  const ratio = user.rps / helloResult.rps;
  report(`user (${engine}) / hello-world`, fmt(ratio, 3), '>= 0.15', ratio >= 0.15);
  if (user.errors) report(`GET /api/user (${engine}) errors`, user.errors, '0', false);
}

/**
 * GET /api/admin/metrics for one year holding 20,000 bookings and 10,000 payments, read one
 * request at a time: on PostgreSQL (target p99 <= 150 ms) and on the embedded default.
 */
async function metricsSection() {
  const reportMetrics = (engine, figures) => {
    report(
      `metrics (${engine}): bookings in the year`,
      figures.bookings,
      `~${METRICS_BOOKINGS}`,
      figures.bookings >= METRICS_BOOKINGS * 0.99,
    );
    report(`metrics (${engine}) p50 (ms)`, fmt(figures.p50, 0), 'info');
    report(
      `metrics (${engine}) p99 (ms)`,
      fmt(figures.p99, 0),
      engine === 'PostgreSQL' ? '<= 150' : 'info',
      engine === 'PostgreSQL' ? figures.p99 <= 150 : undefined,
    );
  };

  const database = await scratchDatabase(
    process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  try {
    const env = { ...serverEnv, DATABASE_URL: database.url, LOG_LEVEL: 'warn' };
    const pgServer = await startServer(env);
    try {
      await seedHistoryOnPostgres(database.url);
      const token = await signIn(pgServer.url, ADMIN);
      reportMetrics('PostgreSQL', await measureMetrics(pgServer.url, token, METRICS_REQUESTS));
    } finally {
      await pgServer.stop();
    }
  } finally {
    await database.drop();
  }

  // The embedded default: a data folder of its own, filled over the cluster's socket while it runs.
  const embeddedDir = mkdtempSync(join(tmpdir(), 'consult-bench-metrics-'));
  try {
    const server = await startServer({ ...serverEnv, DATA_DIR: embeddedDir, LOG_LEVEL: 'warn' });
    try {
      await seedHistoryOnPostgres(embeddedDatabaseUrl(embeddedDir));
      const token = await signIn(server.url, ADMIN);
      reportMetrics('embedded', await measureMetrics(server.url, token, METRICS_REQUESTS));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(embeddedDir, { recursive: true, force: true });
  }
  report('metrics: payments in the history', METRICS_PAYMENTS, 'info');
}

const loadAtEnd = loadavg()[0];
const width = Math.max(...rows.map((r) => r.name.length));
console.log(`\nBenchmarks (${CONNECTIONS} connections, ${DURATION_S} s per load run)`);
console.log(
  `load average (1 min): ${fmt(loadAtStart, 2)} at the start, ${fmt(loadAtEnd, 2)} at the end`,
);
// The run itself keeps two processes busy (the server and autocannon), which lifts the average
// towards 2 by its end: the start tells whether other work shared the machine.
if (loadAtStart > QUIET_LOAD) {
  console.log(
    `LOAD ABOVE ${QUIET_LOAD} AT THE START: other work shared the machine, repeat this run`,
  );
}
console.log('');
for (const row of rows) {
  console.log(
    `${row.name.padEnd(width)}  ${String(row.value).padStart(10)}  target ${row.target}  ${row.verdict}`,
  );
}

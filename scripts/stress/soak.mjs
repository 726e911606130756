// Soak: mixed traffic at a steady rate for a bounded time, the site's memory sampled throughout.
// Pass: every answer in the expected set, resident memory flat over the last part, the job
// runner's lag (a due mail's wait for delivery) under 5 s (30 s in the short run of `npm test`).
import { toMb } from '../bench/memory.mjs';
import { linearFit, routeBook, sleep, verdictLine } from './figures.mjs';
import { FREE, OWNER, PAID, call, openSite, prepareSite, signInAs } from './site.mjs';

/** Memory growth below this over the judged window is noise whatever the fit says. */
const MEMORY_FLOOR_MB = 4;
const MEMORY_JUDGED_WINDOW_S = 300;
/** The server's idle collection runs after 2 s without a request, checked each second. */
const IDLE_COLLECTION_WAIT_MS = 4000;
/** A signed-in client or owner keeps its access token this long (it lives 15 minutes). */
const TOKEN_REUSE_MS = 5 * 60_000;

/** The refresh-token cookie of an answer, to send back as a browser would. */
function refreshCookie(headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('refreshToken='));
  return cookie?.split(';')[0];
}

export async function soak(database, { durationS, rate, clients: clientCount, lagLimitS, log }) {
  const site = await openSite(database);
  const failures = [];
  const book = routeBook();
  const unexpected = [];
  /** The problem detail of the first unexpected answer of each route and status. */
  const details = new Map();
  try {
    await site.start();
    const clients = await prepareSite(site, clientCount);

    const tokens = new Map();
    async function tokenOf(account) {
      const held = tokens.get(account.email);
      if (held && Date.now() - held.at < TOKEN_REUSE_MS) return held.token;
      const started = performance.now();
      const token = await signInAs(site, account);
      book.add('POST /api/auth', 200, performance.now() - started);
      tokens.set(account.email, { token, at: Date.now() });
      return token;
    }
    const owner = { ...OWNER, address: '10.22.0.1' };
    const expect = (route, res, allowed, asked = '') => {
      book.add(route, res.status, res.ms);
      if (!allowed.includes(res.status)) {
        unexpected.push(`${route} answered ${res.status}`);
        // The first of each kind says why (its problem's detail, and for a time refused the one
        // asked and the free ones offered instead), so a failed run explains itself.
        const nearest = res.json?.nearestSlots;
        const why = [
          res.json?.detail,
          asked && `asked ${asked}`,
          nearest && `offered instead: ${nearest.slice(0, 4).join(', ') || 'none'}`,
        ]
          .filter(Boolean)
          .join('; ');
        if (why && !details.has(`${route} ${res.status}`))
          details.set(`${route} ${res.status}`, why);
        return false;
      }
      return true;
    };
    let slotIndex = 0;
    // Slots 30 minutes apart from two days ahead on: each booking its own.
    const base = Date.now() + 2 * 86_400_000 - (Date.now() % 3_600_000);
    const nextSlot = () => new Date(base + slotIndex++ * 30 * 60_000).toISOString();
    let clientIndex = 0;
    const nextClient = () => clients[clientIndex++ % clients.length];
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const inWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

    const [
      landing,
      siteContent,
      availability,
      signInAndRefresh,
      bookAndCancel,
      checkout,
      contact,
      ...ownerLists
    ] = [
      async () => expect('GET /', await call(site, 'GET', '/'), [200]),
      async () => expect('GET /api/site', await call(site, 'GET', '/api/site'), [200]),
      async () =>
        expect(
          'GET /api/availability',
          await call(
            site,
            'GET',
            `/api/availability?service=${FREE}&from=${today}&to=${inWeek}&timeZone=Europe%2FBerlin`,
          ),
          [200],
        ),
      async () => {
        const account = nextClient();
        const res = await call(site, 'POST', '/api/auth', {
          body: { email: account.email, password: account.password },
          address: account.address,
        });
        if (!expect('POST /api/auth', res, [200])) return;
        const refreshed = await call(site, 'POST', '/api/auth/refresh', {
          address: account.address,
          headers: { cookie: refreshCookie(res.headers) ?? '' },
        });
        expect('POST /api/auth/refresh', refreshed, [200]);
      },
      async () => {
        const account = nextClient();
        const token = await tokenOf(account);
        const start = nextSlot();
        const made = await call(site, 'POST', '/api/bookings', {
          token,
          address: account.address,
          body: { service: FREE, start },
        });
        if (!expect('POST /api/bookings', made, [201], start)) return;
        expect(
          'POST /api/bookings/:id/cancel',
          await call(site, 'POST', `/api/bookings/${made.json.id}/cancel`, {
            token,
            address: account.address,
            body: { reason: 'The soak cancels what it books.' },
          }),
          [200],
        );
      },
      async () => {
        const account = nextClient();
        const token = await tokenOf(account);
        const start = nextSlot();
        const made = await call(site, 'POST', '/api/bookings', {
          token,
          address: account.address,
          body: { service: PAID, start },
        });
        if (!expect('POST /api/bookings (card)', made, [201], start)) return;
        const sessionId = /\/pay\/(cs_[a-z0-9_]+)/.exec(made.json.checkoutUrl ?? '')?.[1];
        if (!sessionId) {
          unexpected.push('a card booking came without a checkout address');
          return;
        }
        const started = performance.now();
        const status = await site.stripe.deliver(site.stripe.pay(sessionId));
        expect(
          'POST /api/payments/stripe/webhook',
          { status, ms: performance.now() - started },
          [200],
        );
      },
      async () => {
        const n = slotIndex + clientIndex;
        expect(
          'POST /api/contactMe',
          await call(site, 'POST', '/api/contactMe', {
            address: `10.24.${n % 250}.${(n >> 8) % 250}`,
            body: {
              name: 'Soak Visitor',
              phone: '+923001234567',
              email: `visitor-${n}@example.com`,
              message: 'A question the soak asks, to be answered by mail.',
              type: 'General',
            },
          }),
          [201],
        );
      },
      async () => {
        const token = await tokenOf(owner);
        expect(
          'GET /api/admin/bookings',
          await call(site, 'GET', '/api/admin/bookings', { token, address: owner.address }),
          [200],
        );
      },
      async () => {
        const token = await tokenOf(owner);
        expect(
          'GET /api/admin/payments',
          await call(site, 'GET', '/api/admin/payments', { token, address: owner.address }),
          [200],
        );
      },
      async () => {
        const token = await tokenOf(owner);
        expect(
          'GET /api/admin/messages',
          await call(site, 'GET', '/api/admin/messages', { token, address: owner.address }),
          [200],
        );
      },
      async () => {
        const token = await tokenOf(owner);
        expect(
          'GET /api/admin/metrics',
          await call(site, 'GET', `/api/admin/metrics?from=${monthAgo}&to=${today}`, {
            token,
            address: owner.address,
          }),
          [200],
        );
      },
    ];

    // What a day brings, per 20 requests: mostly reading, a few sign-ins, bookings and payments.
    const actions = [
      landing,
      siteContent,
      availability,
      landing,
      siteContent,
      availability,
      landing,
      availability,
      signInAndRefresh,
      bookAndCancel,
      checkout,
      contact,
      siteContent,
      availability,
      ...ownerLists,
    ];
    while (actions.length < 20) actions.push(availability);
    // Every client signs in once before the clock starts; the traffic reuses their tokens.
    for (const account of [...clients, owner]) await tokenOf(account);

    // The server's own heap (V8's live objects) before and after: a heap back where it started
    // while the process keeps more pages is memory kept by the allocator, not a leak.
    const heapUsedMb = async () =>
      toMb(
        (await call(site, 'GET', '/api/admin/system', { token: await tokenOf(owner) })).json.memory
          .heapUsedBytes,
      );
    const heapBeforeMb = await heapUsedMb();

    // The steady rate: one request started every 1/rate s, at most `limit` in flight.
    const total = Math.round(durationS * rate);
    const limit = 32;
    let inFlight = 0;
    let skipped = 0;
    const memory = [];
    const lagSamples = [];
    const started = Date.now();
    const sampler = setInterval(
      () => {
        const at = (Date.now() - started) / 1000;
        try {
          const { once, node } = site.memory();
          memory.push({ x: at, y: toMb(once), node: toMb(node), database: toMb(once - node) });
        } catch {
          // the process ended under the sampler
        }
      },
      Math.min(10_000, Math.max(500, (durationS * 1000) / 300)),
    );
    const lagProbe = setInterval(() => {
      site
        .sql(
          `select coalesce(extract(epoch from now() - min(next_attempt_at)), 0)::float as lag
           from mail_outbox where status = 'pending' and next_attempt_at <= now()`,
        )
        .then(([row]) => lagSamples.push(row.lag))
        .catch(() => {});
    }, 2000);
    const running = new Set();
    for (let i = 0; i < total; i += 1) {
      const due = started + (i * 1000) / rate;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      if (Date.now() - started > durationS * 1000 + 5000) break;
      if (inFlight >= limit) {
        skipped += 1;
        continue;
      }
      inFlight += 1;
      const action = actions[i % actions.length];
      const run = action()
        .catch((error) => unexpected.push(`request failed: ${error.message}`))
        .finally(() => {
          inFlight -= 1;
          running.delete(run);
        });
      running.add(run);
    }
    await Promise.all(running);
    clearInterval(sampler);
    clearInterval(lagProbe);
    // Mail queued near the end is given its chance to leave before the lag is read; the quiet
    // also lets the server's idle collection run (2 s without a request), so the memory read then
    // says what the run kept rather than what V8 had not yet collected.
    await sleep(IDLE_COLLECTION_WAIT_MS);
    let quiet = null;
    try {
      quiet = site.memory();
    } catch {
      // the process ended
    }
    const heapAfterMb = await heapUsedMb();
    const [sent] = await site.sql(
      `select count(*)::int as sent,
              coalesce(max(extract(epoch from sent_at - greatest(next_attempt_at, created_at))), 0)::float as lag
       from mail_outbox where status = 'sent' and attempts = 1`,
    );
    const lagS = Math.max(sent.lag, ...lagSamples);

    // Memory: the last third of the run (the last 10 minutes of a 30-minute one).
    const windowS = Math.min(600, durationS / 3);
    const last = memory.filter((p) => p.x >= (Date.now() - started) / 1000 - windowS);
    const fit = linearFit(last);
    const growthMb = fit.slope * windowS;
    const mbPerHour = fit.slope * 3600;
    const allowedMb = Math.max(MEMORY_FLOOR_MB, 3 * fit.noise);
    const first = memory[0]?.y ?? 0;
    const end = memory.at(-1)?.y ?? 0;

    log(
      `soak ${database}: ${total} requests planned at ${rate}/s over ${durationS} s; ${skipped} skipped (${limit} in flight)`,
    );
    book.print(log);
    log(
      `  memory (all processes): ${first.toFixed(1)} MB → ${end.toFixed(1)} MB; last ${windowS.toFixed(0)} s: ${mbPerHour.toFixed(1)} MB/hour (growth ${growthMb.toFixed(1)} MB, noise ±${fit.noise.toFixed(1)} MB)`,
    );
    if (quiet !== null) {
      const quietMb = toMb(quiet.once);
      log(
        `  memory once quiet (after the server's idle collection): ${quietMb.toFixed(1)} MB, ${(quietMb - first).toFixed(1)} MB above the first sample`,
      );
    }
    // Which process holds it: Node (the server) or, on the embedded default, PostgreSQL's
    // postmaster and the private pages of its backends; so growth can be told from a leak.
    if (memory.length && database === 'embedded') {
      const part = (key, now) =>
        `${memory[0][key].toFixed(1)} → ${memory.at(-1)[key].toFixed(1)} MB${
          now === null ? '' : `, ${now.toFixed(1)} MB once quiet`
        }`;
      log(
        `  of which Node: ${part('node', quiet && toMb(quiet.node))}; PostgreSQL: ${part('database', quiet && toMb(quiet.once - quiet.node))}`,
      );
    }
    log(
      `  Node's heap in use: ${heapBeforeMb.toFixed(1)} MB before the traffic, ${heapAfterMb.toFixed(1)} MB once quiet`,
    );
    log(
      `  job runner lag: max ${lagS.toFixed(2)} s (due mail waiting, sampled every 2 s: max ${Math.max(0, ...lagSamples).toFixed(2)} s; ${sent.sent} mails sent, the latest after ${sent.lag.toFixed(2)} s)`,
    );

    for (const [what, why] of details) log(`  unexpected ${what}: ${why}`);
    if (unexpected.length) {
      // What the server warned of meanwhile (LOG_LEVEL warn): a refusal's cause may be there.
      log(`  the server's last lines:\n${site.logTail(15)}`);
      const counts = {};
      for (const u of unexpected) counts[u] = (counts[u] ?? 0) + 1;
      failures.push(
        `${unexpected.length} answers outside the expected set (${Object.entries(counts)
          .slice(0, 5)
          .map(([what, n]) => `${what} ×${n}`)
          .join(', ')})`,
      );
    }
    if (skipped > total * 0.05)
      failures.push(`${skipped} of ${total} requests could not be sent at the rate`);
    // A window under five minutes holds the warm-up (V8 growing its heap, the caches filling):
    // its slope is printed, not judged; the full run judges its last ten minutes.
    const judged = windowS >= MEMORY_JUDGED_WINDOW_S && last.length >= 5;
    if (!judged)
      log(
        `  memory: a window of ${windowS.toFixed(0)} s is printed, not judged (from ${MEMORY_JUDGED_WINDOW_S} s)`,
      );
    else if (growthMb > allowedMb)
      failures.push(
        `memory grew ${growthMb.toFixed(1)} MB over the last ${windowS.toFixed(0)} s (${mbPerHour.toFixed(0)} MB/hour)`,
      );
    if (lagS >= lagLimitS)
      failures.push(`job runner lag ${lagS.toFixed(1)} s (limit ${lagLimitS} s)`);
    const p99 = Math.max(...book.rows().map((r) => r.p99));
    return verdictLine(
      'soak',
      database,
      failures,
      `${book.rows().reduce((s, r) => s + r.count, 0)} answers as expected, memory ${mbPerHour.toFixed(0)} MB/hour (${judged ? 'flat' : 'not judged: run too short'}), worst p99 ${p99.toFixed(0)} ms, job lag ${lagS.toFixed(1)} s`,
    );
  } catch (error) {
    log(site.logTail());
    return verdictLine('soak', database, [`the run broke: ${error.message}`], '');
  } finally {
    await site.close();
  }
}

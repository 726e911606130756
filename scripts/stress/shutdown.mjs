// Shutdown: SIGTERM while bookings, contact messages and reads arrive. Pass: every request sent
// before the signal is answered (none cut), every one after it is refused cleanly (connection
// refused, or 503 problem+json), the job runner stops between jobs, the process exits with 0
// within 10 s, and after a restart nothing answered is missing and every mail leaves once.
import { seededRandom, sleep, verdictLine } from './figures.mjs';
import { FREE, PAID, call, openSite, prepareSite, signInAs } from './site.mjs';

const EXIT_LIMIT_MS = 10_000;
const DRAIN_LIMIT_MS = 150_000;

export async function shutdown(database, { rounds, seed, log }) {
  const site = await openSite(database);
  const random = seededRandom(seed ^ 0x5d0e);
  const failures = [];
  const outcomes = { before: {}, after: {} };
  const exits = [];
  const booked = [];
  const contacted = [];
  try {
    await site.start();
    const clients = await prepareSite(site, 24 * rounds);
    let clientIndex = 0;
    let slot = 0;
    const base = Date.now() + 4 * 86_400_000 - (Date.now() % 3_600_000);

    for (let round = 1; round <= rounds; round += 1) {
      const tokens = [];
      for (const account of clients.slice((round - 1) * 24, round * 24)) {
        tokens.push({ account, token: await signInAs(site, account) });
      }
      let signalAt = Infinity;
      let sending = true;
      const note = (startedAt, what) => {
        const side = startedAt < signalAt ? 'before' : 'after';
        outcomes[side][what] = (outcomes[side][what] ?? 0) + 1;
        return side;
      };
      const worker = async (w) => {
        for (let i = 0; sending && i < 400; i += 1) {
          const kind = (w + i) % 3;
          const startedAt = Date.now();
          try {
            let res;
            if (kind === 0) {
              const { account, token } = tokens[clientIndex++ % tokens.length];
              res = await call(site, 'POST', '/api/bookings', {
                token,
                address: account.address,
                body: {
                  service: i % 2 ? PAID : FREE,
                  start: new Date(base + slot++ * 45 * 60_000).toISOString(),
                },
                timeoutMs: 15_000,
              });
              if (res.status === 201) booked.push(res.json.id);
            } else if (kind === 1) {
              const n = contacted.length + round * 1000 + w * 100_000 + i;
              res = await call(site, 'POST', '/api/contactMe', {
                address: `10.25.${n % 250}.${(n >> 8) % 250}`,
                body: {
                  name: 'Shutdown Visitor',
                  phone: '+923001234567',
                  email: `shutdown-${n}@example.com`,
                  message: 'Sent while the site is told to stop.',
                  type: 'Support',
                },
                timeoutMs: 15_000,
              });
              if (res.status === 201) contacted.push(res.json.id);
            } else {
              res = await call(
                site,
                'GET',
                `/api/availability?service=${FREE}&from=${new Date().toISOString().slice(0, 10)}&to=${new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10)}&timeZone=UTC`,
                { timeoutMs: 15_000 },
              );
            }
            const problem = (res.headers.get('content-type') ?? '').startsWith(
              'application/problem+json',
            );
            if ([200, 201].includes(res.status)) note(startedAt, 'answered');
            else if (res.status === 503 && problem)
              note(startedAt, 'refused with 503 problem+json');
            else note(startedAt, `answered ${res.status}${problem ? '' : ' (not problem+json)'}`);
          } catch (error) {
            const code = error.cause?.code ?? error.name;
            // After the signal, a kept-alive connection the server closes as idle may meet a
            // request on its way: closed before a byte of it was read (RFC 9112 §9.3.1; clients
            // send it again on a new connection, which is then refused).
            const closedIdle =
              ['ECONNRESET', 'UND_ERR_SOCKET'].includes(code) && startedAt >= signalAt;
            note(
              startedAt,
              code === 'ECONNREFUSED'
                ? 'refused (connection)'
                : closedIdle
                  ? 'refused (idle connection closed)'
                  : `cut (${code})`,
            );
            if (code === 'ECONNREFUSED') await sleep(50);
          }
        }
      };
      const workers = Array.from({ length: 8 }, (_, w) => worker(w));
      await sleep(1000 + Math.floor(random() * 2000));
      signalAt = Date.now();
      const exit = site.terminate();
      // New requests keep coming for a while after the signal.
      await sleep(1500);
      sending = false;
      const { code, signal, ms } = await exit;
      exits.push({ code, signal, ms });
      await Promise.all(workers);
      if (code !== 0) {
        failures.push(`exit code ${code ?? signal} in round ${round}`);
        log(`  the server's last lines:\n${site.logTail(8)}`);
      }
      if (ms > EXIT_LIMIT_MS) failures.push(`exit took ${(ms / 1000).toFixed(1)} s`);
      await site.start();
    }

    // The job runner stops between jobs: no job cut by the closing database.
    const logText = site.logTail(100_000);
    const jobFailures = logText
      .split('\n')
      .filter((line) => /job failed|request failed/.test(line));
    if (jobFailures.length)
      failures.push(
        `${jobFailures.length} failed jobs or requests in the log (${jobFailures[0].slice(0, 200)})`,
      );

    // Sent before the signal: answered, or refused with a 503 problem when it reached the server
    // only once the close had begun; never cut, never another 5xx. After it: refused, or
    // answered when it arrived before the listener closed.
    const answered = /^answered( 4\d\d)?$/;
    for (const [what, n] of Object.entries(outcomes.before)) {
      if (!answered.test(what) && !what.startsWith('refused with 503')) {
        failures.push(`${n} requests sent before SIGTERM ${what}`);
      }
    }
    for (const [what, n] of Object.entries(outcomes.after)) {
      if (!answered.test(what) && !what.startsWith('refused')) {
        failures.push(`${n} requests sent after SIGTERM ${what}`);
      }
    }

    // Nothing lost: what was answered is stored; every mail leaves once.
    const [stored] = await site.sql(
      `select (select count(*)::int from bookings where id = any($1::uuid[])) as bookings,
              (select count(*)::int from contact_messages where id = any($2::uuid[])) as messages`,
      [booked, contacted],
    );
    if (stored.bookings !== booked.length)
      failures.push(`${booked.length - stored.bookings} bookings answered 201 are missing`);
    if (stored.messages !== contacted.length)
      failures.push(
        `${contacted.length - stored.messages} contact messages answered 201 are missing`,
      );
    const deadline = Date.now() + DRAIN_LIMIT_MS;
    let waiting;
    do {
      [{ waiting }] = await site.sql(
        `select count(*)::int as waiting from mail_outbox where status = 'pending' and next_attempt_at < now() + interval '5 minutes'`,
      );
      if (waiting) await sleep(1000);
    } while (waiting && Date.now() < deadline);
    const waitedS = (DRAIN_LIMIT_MS - (deadline - Date.now())) / 1000;
    await sleep(1000);
    const sent = await site.sql(`select id from mail_outbox where status = 'sent'`);
    const deliveries = new Map();
    for (const mail of site.smtp.received) {
      const id = /^<([0-9a-f-]{36})@/.exec(mail.messageId)?.[1] ?? mail.messageId;
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    }
    const lost = sent.filter((mail) => !deliveries.has(mail.id)).length;
    const twice = [...deliveries.values()].filter((n) => n > 1).length;
    if (waiting)
      failures.push(`${waiting} mails still waiting ${waitedS.toFixed(0)} s after restart`);
    if (lost) failures.push(`${lost} mails marked sent never arrived`);
    // A SIGTERM lets the mail in hand finish: nothing is sent twice, not even with one Message-ID.
    if (twice) failures.push(`${twice} mails delivered twice`);

    const describe = (side) =>
      Object.entries(outcomes[side])
        .map(([what, n]) => `${what} ${n}`)
        .join(', ') || 'none';
    log(
      `shutdown ${database}: ${rounds} SIGTERMs under load; exits ${exits.map((e) => `${e.code} after ${(e.ms / 1000).toFixed(1)} s`).join(', ')}`,
    );
    log(`  sent before the signal: ${describe('before')}`);
    log(`  sent after the signal: ${describe('after')}`);
    log(
      `  after restart: ${stored.bookings}/${booked.length} bookings, ${stored.messages}/${contacted.length} messages stored; ${sent.length} mails sent, ${site.smtp.received.length} received; outbox empty after ${waitedS.toFixed(0)} s`,
    );
    const slowest = Math.max(...exits.map((e) => e.ms));
    return verdictLine(
      'shutdown',
      database,
      failures,
      `${rounds} SIGTERMs: in-flight answered, later requests refused cleanly, exit 0 within ${(slowest / 1000).toFixed(1)} s, nothing lost (${booked.length} bookings, ${contacted.length} messages, ${sent.length} mails once)`,
    );
  } catch (error) {
    log(site.logTail());
    return verdictLine('shutdown', database, [`the run broke: ${error.stack}`], '');
  } finally {
    await site.close();
  }
}

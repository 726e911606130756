// Garbage: requests made from the OpenAPI document (garbage-requests.mjs) as anonymous, a client and
// the owner. Pass: no 5xx, every 4xx a problem+json, the site healthy throughout, and no table
// changed (bar the audit log, sessions and rate-limit state) by a batch without a valid change.
import { sleep, verdictLine } from './figures.mjs';
import { garbageRequests } from './garbage-requests.mjs';
import { FREE, OWNER, call, openSite, prepareSite, signInAs } from './site.mjs';

/** Written by requests that change nothing of the practice: sign-in state, the log of who did what. */
const NOT_COMPARED = new Set([
  'audit_log',
  'sessions',
  'refresh_tokens',
  'used_challenges',
  'two_factor_challenges',
  'email_tokens',
  '__drizzle_migrations',
]);
/** The outbox's delivery columns are the job runner's, which runs beside the requests. */
const COMPARED_COLUMNS = {
  mail_outbox: 'id, "to", subject, text, html, attachments, fold_key, fold_items, erase_after_send',
};
/**
 * A mail that keeps nothing behind (an erased account's goodbye) is deleted by the job runner once
 * sent, in whatever batch of requests is running then: the valid request that queued it counted.
 */
const COMPARED_ROWS = { mail_outbox: 'where not erase_after_send' };
const BATCH = 25;

/** A request in a few words: method, path, and the sizes of its address and body. */
const shape = (request) =>
  `${request.method} ${request.url.split('?')[0].slice(0, 80)}, address ${request.url.length} B, body ${request.body?.length ?? 0} B [${request.contentType ?? 'no type'}]`;
const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function checksums(site) {
  const tables = await site.sql(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const sums = {};
  const compared = tables.map((t) => t.name).filter((name) => !NOT_COMPARED.has(name));
  const rows = await site.sql(
    compared
      .map(
        (name) =>
          `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum
           from (select ${COMPARED_COLUMNS[name] ?? '*'} from "${name}" ${COMPARED_ROWS[name] ?? ''}) t`,
      )
      .join(' union all '),
  );
  for (const row of rows) sums[row.name] = row.sum;
  return sums;
}

const changedTables = (before, after) =>
  Object.keys(after).filter((name) => before[name] !== after[name]);

export async function garbage(database, { requests: count, seed, log }) {
  const site = await openSite(database);
  const failures = [];
  const statuses = {};
  const fiveHundreds = [];
  const notProblem = [];
  const unexplained = [];
  const sample = [];
  let skipped = 0;
  let accepted = 0;
  let healthChecks = 0;
  try {
    await site.start();
    const [client] = await prepareSite(site, 1);
    const owner = { ...OWNER, address: '10.22.0.1' };
    const tokens = {
      anonymous: null,
      client: await signInAs(site, client),
      owner: await signInAs(site, owner),
    };
    // A booking of the client's, so some ids reach a row.
    const start = new Date(Date.now() + 5 * 86_400_000 - (Date.now() % 3_600_000)).toISOString();
    const made = await call(site, 'POST', '/api/bookings', {
      token: tokens.client,
      address: client.address,
      body: { service: FREE, start },
    });
    const ids = (
      await site.sql(
        `select id::text from bookings union all select id::text from users
         union all select id::text from services union all select id::text from payments limit 20`,
      )
    ).map((row) => row.id);
    if (made.status !== 201) log(`  garbage: the set-up booking answered ${made.status}`);
    const document = (await call(site, 'GET', '/api/docs')).json;
    const operations = new Set();

    let previous = 'none';
    let before = await checksums(site);
    let batch = [];
    let n = 0;
    const startedAt = performance.now();
    for (const request of garbageRequests(document, ids, count, seed)) {
      n += 1;
      operations.add(request.operation);
      const headers = {
        'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      };
      if (tokens[request.as]) headers.authorization = `Bearer ${tokens[request.as]}`;
      if (request.contentType !== undefined) headers['content-type'] = request.contentType;
      if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
      let status;
      let type;
      try {
        const res = await fetch(`${site.url}${request.url}`, {
          method: request.method,
          headers,
          body: request.body,
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        status = res.status;
        if (
          status >= 400 &&
          sample.length < 8 &&
          !(res.headers.get('content-type') ?? '').startsWith('application/problem+json')
        ) {
          sample.push(
            `#${n} ${request.method} ${request.url.slice(0, 120)} [${request.contentType}] ${String(request.body ?? '').slice(0, 80)} → ${status} ${text.slice(0, 160)}`,
          );
        }
        type = res.headers.get('content-type') ?? '';
      } catch (error) {
        // Header values fetch itself refuses (a NUL in a header) never leave this process.
        if (error instanceof TypeError && !String(error.cause ?? '').includes('ECONN')) {
          skipped += 1;
          if (skipped < 3) log(`  not sent: ${error.message}`);
          continue;
        }
        // A cut connection is replayed by its seed; its shape and the one before it say which.
        fiveHundreds.push(
          `${request.operation} #${n}: ${error.message} ${error.cause ?? ''} (${shape(request)}; before it: ${previous})`,
        );
        previous = `#${n} cut`;
        continue;
      }
      previous = `#${n} ${shape(request)} → ${status}`;
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 500) fiveHundreds.push(`${request.operation} #${n} answered ${status}`);
      else if (status >= 400 && !type.startsWith('application/problem+json')) {
        notProblem.push(`${request.operation} #${n} answered ${status} as ${type || 'nothing'}`);
      }
      const valid = status < 400 && CHANGING.has(request.method);
      if (valid) accepted += 1;
      batch.push({ request, valid });
      if (batch.length === BATCH) {
        const health = await call(site, 'GET', '/api/health');
        healthChecks += 1;
        if (health.status !== 200)
          failures.push(`health answered ${health.status} after request #${n}`);
        const after = await checksums(site);
        if (!batch.some((entry) => entry.valid)) {
          const changed = changedTables(before, after);
          if (changed.length) {
            // A mail queued by an invalid request says which request it answered.
            const mails = changed.includes('mail_outbox')
              ? await site.sql(
                  `select subject from mail_outbox order by created_at desc, id desc limit 2`,
                )
              : [];
            unexplained.push(
              `${changed.join(', ')} changed by requests #${n - BATCH + 1}–${n}, none valid${mails.length ? ` (newest mail: ${mails.map((m) => `"${m.subject}"`).join(', ')})` : ''}`,
            );
          }
        }
        before = after;
        batch = [];
        // A garbage request that was valid may have signed someone out: sign in again.
        for (const [who, account] of [
          ['client', client],
          ['owner', owner],
        ]) {
          const me = await call(site, 'GET', '/api/user', {
            token: tokens[who],
            address: account.address,
          });
          if (me.status !== 200) tokens[who] = await signInAs(site, account).catch(() => null);
        }
      }
    }
    const elapsedS = (performance.now() - startedAt) / 1000;
    await sleep(500);
    const health = await call(site, 'GET', '/api/health');
    if (health.status !== 200) failures.push(`health answered ${health.status} at the end`);

    log(
      `garbage ${database}: ${n} requests over ${operations.size} operations in ${elapsedS.toFixed(0)} s (seed ${seed}); answers ${Object.entries(
        statuses,
      )
        .map(([status, k]) => `${status}×${k}`)
        .join(' ')}; ${accepted} valid changes; ${healthChecks} health checks`,
    );
    if (skipped) log(`  ${skipped} requests fetch would not send (a header it refuses)`);
    for (const line of [...fiveHundreds, ...notProblem, ...unexplained].slice(0, 15))
      log(`  ${line}`);
    for (const line of sample) log(`  ${line}`);
    // The server's own account of a 5xx: its error lines (pino level 50 and up).
    for (const line of site
      .logTail(400)
      .split('\n')
      .filter((l) => /"level":(5|6)0/.test(l))
      .slice(0, 3))
      log(`  server: ${line.slice(0, 800)}`);
    if (fiveHundreds.length)
      failures.push(`${fiveHundreds.length} answers 5xx or cut (first: ${fiveHundreds[0]})`);
    if (notProblem.length)
      failures.push(`${notProblem.length} 4xx not problem+json (first: ${notProblem[0]})`);
    if (unexplained.length)
      failures.push(
        `${unexplained.length} batches changed tables without a valid request (first: ${unexplained[0]})`,
      );
    return verdictLine(
      'garbage',
      database,
      failures,
      `${n} requests over ${operations.size} operations: 0 answers 5xx, every 4xx problem+json, healthy, tables changed only by the ${accepted} valid requests`,
    );
  } catch (error) {
    log(site.logTail());
    return verdictLine('garbage', database, [`the run broke: ${error.stack}`], '');
  } finally {
    await site.close();
  }
}

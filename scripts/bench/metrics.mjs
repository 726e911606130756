// Metrics benchmark (issue #13): GET /api/admin/metrics over one year holding 20,000 bookings and
// 10,000 payments, on PostgreSQL and on the embedded default. The history is written straight into the database
// (no API: it is the read being measured) and the figures are read one request at a time, as the
// owner's screen asks for them.
import pg from 'pg';

export const METRICS_BOOKINGS = 20_000;
export const METRICS_PAYMENTS = 10_000;
const CLIENTS = 2_000;

/** A year of history ending now, in statements both engines run. */
export const historySql = [
  `insert into users (email, name, password_hash, email_verified_at, created_at)
   select 'bench-client-' || n || '@example.com', 'Client ' || n, 'not-used', now(),
     now() - (n % 365) * interval '1 day'
   from generate_series(1, ${CLIENTS}) n`,
  // 20,000 bookings one every 1,577 s over the last 365 days; states that block no slot, so the
  // no-double-booking constraint has nothing to say: 70 % completed, 5 % no-show, 15 % cancelled,
  // 10 % expired; a quarter in EUR.
  `with cl as (select id, (row_number() over (order by id)) - 1 as i from users where role = 'user'),
   svc as (select * from services order by position limit 1)
   insert into bookings (reference, client_id, service_id, service_slug, service_title, duration_minutes,
     meeting_mode, price_minor, currency, start_at, end_at, blocked_until, state, cancelled_at)
   select 'BM' || n, cl.id, svc.id, svc.slug, svc.title, 60, svc.meeting_mode, 12000,
     case when n % 4 = 0 then 'EUR' else 'USD' end,
     x.t, x.t + interval '1 hour', x.t + interval '1 hour',
     case when n % 20 = 0 then 'no_show' when n % 20 < 4 then 'cancelled'
          when n % 20 < 6 then 'expired' else 'completed' end,
     case when n % 20 between 1 and 3 then x.t - interval '30 hours' end
   from generate_series(0, ${METRICS_BOOKINGS - 1}) n
   cross join lateral (select date_trunc('hour', now()) - interval '365 days' + n * interval '1577 seconds' as t) x
   join cl on cl.i = n % ${CLIENTS}
   cross join svc`,
  `insert into booking_events (booking_id, action, from_state, to_state, actor_type, created_at)
   select id, 'cancelled', 'confirmed', 'cancelled',
     case when extract(minute from start_at)::int % 2 = 0 then 'client' else 'owner' end, cancelled_at
   from bookings where state = 'cancelled'`,
  // 10,000 payments of completed bookings, paid at the start; every tenth partly refunded two
  // days later.
  `insert into payments (booking_id, client_id, amount_minor, currency, provider, status,
     refunded_minor, paid_at)
   select id, client_id, price_minor, currency, 'manual',
     case when k % 10 = 0 then 'partially_refunded' else 'paid' end,
     case when k % 10 = 0 then 3000 else 0 end, start_at
   from (select b.*, row_number() over (order by start_at) as k from bookings b
         where state = 'completed') c
   where k <= ${METRICS_PAYMENTS}`,
  `insert into payment_refunds (payment_id, amount_minor, status, created_at)
   select id, refunded_minor, 'succeeded', paid_at + interval '2 days'
   from payments where refunded_minor > 0`,
  `insert into contact_messages (name, email, phone, type, message, created_at)
   select 'Visitor ' || n, 'visitor-' || n || '@example.com', '+923001234567', 'General',
     'A question about a session, number ' || n, now() - (n % 365) * interval '1 day'
   from generate_series(1, 1000) n`,
  'analyze',
];

export async function seedHistoryOnPostgres(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of historySql) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The embedded cluster of a running server's DATA_DIR, over its socket (decision 051). */
export function embeddedDatabaseUrl(dataDir) {
  return `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(`${dataDir}/postgres`)}`;
}

/** The year up to today (UTC days; the owner's zone moves it by hours at most). */
export function yearRange() {
  const to = new Date();
  const from = new Date(to.getTime() - 364 * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/**
 * `requests` reads one after another (after 5 unmeasured ones); p50 and p99 in ms, and the
 * figures of the last answer to check the history is there.
 */
export async function measureMetrics(baseUrl, token, requests) {
  const { from, to } = yearRange();
  const url = `${baseUrl}/api/admin/metrics?from=${from}&to=${to}`;
  const headers = { authorization: `Bearer ${token}` };
  const times = [];
  let body;
  for (let i = 0; i < requests + 5; i += 1) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    body = await res.json();
    if (!res.ok) throw new Error(`metrics answered ${res.status}: ${JSON.stringify(body)}`);
    if (i >= 5) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { p50: at(0.5), p99: at(0.99), bookings: body.bookings.total, revenue: body.revenue };
}

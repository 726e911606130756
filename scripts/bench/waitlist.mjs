// Waitlist benchmark (issue 25): 500 clients wait for the same hour of the intro call, their
// entries written straight into the running server's database; the owner books that hour, then,
// round after round, cancels it: the time from the cancellation's answer to the offer's mail in the
// outbox is measured. The client offered the hour accepts it (over the API), so the next round
// cancels their booking and offers the hour to the next entry in line.
import pg from 'pg';
import { signIn } from './bookings.mjs';

export const WAITLIST_ENTRIES = 500;
const SERVICE = 'intro-call';

async function call(baseUrl, token, method, path, body) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A free hour three days ahead (UTC), from the middle of the day's open hours. */
async function benchHour(baseUrl) {
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(
    `${baseUrl}/api/availability?service=${SERVICE}&from=${day}&to=${day}&timeZone=UTC`,
  );
  const slots = (await res.json()).days.flatMap((entry) => entry.slots);
  if (slots.length === 0) throw new Error(`no free time of ${SERVICE} on ${day}`);
  return { day, start: slots[Math.floor(slots.length / 2)] };
}

/**
 * Runs `rounds` cancellations with WAITLIST_ENTRIES waiting, on the server at `baseUrl` whose
 * database is at `databaseUrl`; `admin` signs in as the owner. Returns the milliseconds of each
 * round, from the cancellation's answer to the offer in the outbox.
 */
export async function measureWaitlistOffers(baseUrl, databaseUrl, admin, rounds) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const ownerToken = await signIn(baseUrl, admin);
    const { day, start } = await benchHour(baseUrl);
    const end = new Date(Date.parse(start) + 20 * 60_000);
    const minute = (at) => at.getUTCHours() * 60 + at.getUTCMinutes();
    const weekday = new Date(start).getUTCDay() || 7;
    const owner = await call(baseUrl, ownerToken, 'GET', '/user');
    let booking = await call(baseUrl, ownerToken, 'POST', '/admin/bookings', {
      service: SERVICE,
      start,
      clientId: owner.id,
    });
    // The clients share the owner's password hash: whoever is offered the hour signs in with it.
    await db.query(
      `insert into users (email, password_hash, name, email_verified_at, created_at)
       select 'waiting-' || n || '@bench.test', u.password_hash, 'Waiting client ' || n, now(), now()
       from generate_series(1, $1) as n, users u where u.email = $2`,
      [WAITLIST_ENTRIES, admin.email],
    );
    await db.query(
      `insert into waitlist_entries
         (client_id, service_id, latest_date, weekdays, from_minute, to_minute, time_zone, created_at)
       select u.id, s.id, $1::date, array[$2::smallint], $3, $4, 'UTC',
              now() - interval '1 hour' + (substring(u.email from 'waiting-(\\d+)@')::int * interval '1 second')
       from users u, services s
       where u.email like 'waiting-%@bench.test' and s.slug = $5`,
      [day, weekday, minute(new Date(start)), minute(end), SERVICE],
    );
    const offers = async () =>
      Number(
        (
          await db.query(
            `select count(*) from mail_outbox where subject like 'A time freed up:%' and "to" like 'waiting-%'`,
          )
        ).rows[0].count,
      );
    const times = [];
    for (let round = 0; round < rounds; round += 1) {
      const before = await offers();
      await call(baseUrl, ownerToken, 'POST', `/admin/bookings/${booking.id}/cancel`, {});
      const cancelled = performance.now();
      while ((await offers()) === before) {
        if (performance.now() - cancelled > 30_000) throw new Error('no offer within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      times.push(performance.now() - cancelled);
      // The client offered the hour takes it: the next round cancels their booking.
      const { rows } = await db.query(
        `select "to" from mail_outbox where subject like 'A time freed up:%' order by created_at desc limit 1`,
      );
      const clientToken = await signIn(baseUrl, { email: rows[0].to, password: admin.password });
      const { entries } = await call(baseUrl, clientToken, 'GET', '/waitlist');
      const token = entries.find((entry) => entry.openOffer)?.openOffer.token;
      booking = await call(baseUrl, clientToken, 'POST', `/waitlist/offers/${token}/accept`, {});
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
    return { p50: at(0.5), p99: at(0.99), rounds: times.length };
  } finally {
    await db.end();
  }
}

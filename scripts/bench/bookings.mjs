// Booking benchmarks (issue #5): availability under load with existing bookings, and a storm of
// concurrent booking attempts on PostgreSQL. Both drive the public HTTP API of a running server.
import pg from 'pg';

export async function signIn(baseUrl, account) {
  const res = await fetch(`${baseUrl}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return (await res.json()).accessToken;
}

function isoDate(date) {
  return date.toISOString().slice(0, 10);
}

/** The first `days` calendar days from today, as the availability query wants them. */
export function dayRange(days) {
  const from = new Date();
  const to = new Date(from.getTime() + (days - 1) * 86_400_000);
  return { from: isoDate(from), to: isoDate(to) };
}

export async function availableSlots(baseUrl, service, days, timeZone = 'UTC') {
  const { from, to } = dayRange(days);
  const url = `${baseUrl}/api/availability?service=${service}&from=${from}&to=${to}&timeZone=${timeZone}`;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`availability answered ${res.status}: ${await res.text()}`);
  const body = await res.json();
  return body.days.flatMap((day) => day.slots);
}

async function accountId(baseUrl, token) {
  const me = await fetch(`${baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });
  if (!me.ok) throw new Error(`GET /api/user answered ${me.status}`);
  return (await me.json()).id;
}

/**
 * The owner books for themself, through the owner's route: a client's bookings have a budget of
 * 40 an hour (decision 045), and filling a calendar takes more.
 */
async function bookAsOwner(baseUrl, token, ownerId, service, start) {
  return fetch(`${baseUrl}/api/admin/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ service, start, clientId: ownerId }),
  });
}

/** Makes `count` bookings one after another, each on a slot still offered; returns how many. */
export async function fillBookings(baseUrl, token, service, days, count) {
  const ownerId = await accountId(baseUrl, token);
  let made = 0;
  while (made < count) {
    const slots = await availableSlots(baseUrl, service, days);
    if (slots.length === 0) break;
    // Spread over the range rather than packing the first days.
    const step = Math.max(1, Math.floor(slots.length / (count - made)));
    for (let i = 0; i < slots.length && made < count; i += step) {
      const res = await bookAsOwner(baseUrl, token, ownerId, service, slots[i]);
      if (res.status === 201) made += 1;
      else if (res.status !== 409) throw new Error(`booking answered ${res.status}`);
    }
  }
  return made;
}

/**
 * Picks slots whose reserved times cannot touch one another (a whole `gapMs` apart), so each of
 * them can be booked exactly once whatever the order of the requests.
 */
export function independentSlots(slots, gapMs, count) {
  const chosen = [];
  let last = -Infinity;
  for (const slot of slots) {
    const at = Date.parse(slot);
    if (at - last >= gapMs) {
      chosen.push(slot);
      last = at;
      if (chosen.length === count) break;
    }
  }
  return chosen;
}

/**
 * Every attempt at once: `perSlot` attempts on each slot, through the owner's route (a client's
 * 40 changes an hour, decision 045, would stop a storm from one account before the no-double-booking
 * constraint is tested). Returns status counts and p99 (ms).
 */
export async function bookingStorm(baseUrl, token, service, slots, perSlot) {
  const ownerId = await accountId(baseUrl, token);
  const attempts = slots.flatMap((slot) => Array.from({ length: perSlot }, () => slot));
  const timings = [];
  const statuses = await Promise.all(
    attempts.map(async (slot) => {
      const started = performance.now();
      const res = await bookAsOwner(baseUrl, token, ownerId, service, slot);
      await res.arrayBuffer();
      timings.push(performance.now() - started);
      return res.status;
    }),
  );
  timings.sort((a, b) => a - b);
  const counts = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return { counts, p99: timings[Math.ceil(timings.length * 0.99) - 1] };
}

/** A fresh database on the local PostgreSQL for one run, dropped afterwards. */
export async function scratchDatabase(adminUrl, prefix = 'consult_bench') {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/**
 * `POST /api/bookings/series/preview` of 12 weekly dates, `requests` times one after another (after
 * 10 unmeasured), each from one of the first free slots in turn; p50 and p99 in ms.
 */
export async function measureSeriesPreview(baseUrl, token, service, requests) {
  const starts = (await availableSlots(baseUrl, service, 7)).slice(0, 20);
  if (starts.length === 0) throw new Error(`no free time of ${service} in the first week`);
  const times = [];
  for (let i = 0; i < requests + 10; i += 1) {
    const begin = performance.now();
    const res = await fetch(`${baseUrl}/api/bookings/series/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ service, start: starts[i % starts.length], every: 'week', count: 12 }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`series preview answered ${res.status}: ${JSON.stringify(body)}`);
    if (i >= 10) times.push(performance.now() - begin);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { p50: at(0.5), p99: at(0.99) };
}

// The Stripe webhook benchmark: bookings held for payment, written straight into the server's
// PostgreSQL, then one signed checkout.session.completed each, sent over HTTP a few at a time.
import pg from 'pg';
import Stripe from 'stripe';

/** `count` bookings of `service` held for a Stripe payment, two hours apart from tomorrow on. */
export async function heldStripeBookings(databaseUrl, service, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const {
      rows: [payer],
    } = await client.query(
      `insert into users (email, name, password_hash, email_verified_at)
       values ('bench-payer@example.com', 'Bench Payer', 'not-used', now()) returning id`,
    );
    const { rows } = await client.query(
      `with svc as (select * from services where slug = $1),
       made as (
         insert into bookings (reference, client_id, service_id, service_slug, service_title,
           duration_minutes, meeting_mode, price_minor, currency, start_at, end_at, blocked_until,
           state, payment_due, hold_until)
         select 'BW' || s.n, $2, svc.id, svc.slug, svc.title, svc.duration_minutes, svc.meeting_mode,
           svc.price_minor, svc.currency, s.at, s.at + interval '1 hour', s.at + interval '75 minutes',
           'pending_payment', true, now() + interval '30 minutes'
         from svc, (select n, date_trunc('hour', now()) + interval '1 day' + n * interval '2 hours' as at
                    from generate_series(0, $3 - 1) as n) s
         returning id, client_id, price_minor, currency
       )
       insert into payments (booking_id, client_id, amount_minor, currency, provider, status,
         provider_reference)
       select id, client_id, price_minor, currency, 'stripe', 'pending', 'cs_bench_' || id from made
       returning booking_id`,
      [service, payer.id, count],
    );
    return rows.map((row) => row.booking_id);
  } finally {
    await client.end();
  }
}

/** What the webhook applied: paid payments, distinct receipt numbers and stored events. */
export async function webhookOutcome(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const {
      rows: [row],
    } = await client.query(
      `select count(*) filter (where status = 'paid')::int as paid,
              count(distinct receipt_number)::int as receipts,
              (select count(*)::int from payment_events) as events,
              (select count(*)::int from bookings where state = 'confirmed') as confirmed
       from payments`,
    );
    return row;
  } finally {
    await client.end();
  }
}

/** Sends one signed checkout.session.completed per booking, `concurrency` at a time. */
export async function webhookStorm(baseUrl, webhookSecret, bookingIds, concurrency) {
  const signer = new Stripe('sk_test_bench');
  const latencies = [];
  const counts = {};
  let next = 0;
  async function worker() {
    while (next < bookingIds.length) {
      const bookingId = bookingIds[next];
      next += 1;
      const payload = JSON.stringify({
        id: `evt_bench_${bookingId}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `cs_bench_${bookingId}`,
            object: 'checkout.session',
            status: 'complete',
            payment_status: 'paid',
            payment_intent: `pi_bench_${bookingId}`,
            client_reference_id: bookingId,
            metadata: { bookingId },
          },
        },
      });
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
      });
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      counts[res.status] = (counts[res.status] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { counts, p50: at(0.5), p99: at(0.99) };
}

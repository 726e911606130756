// Crash: a booking storm and a webhook storm, the server killed with SIGKILL at a seeded random
// moment and started again on the same data, round after round. Then what was answered is checked
// against what is stored: bookings answered 201 exist whole, webhooks answered 200 applied once,
// receipt numbers without gaps, every queued mail delivered once, holds and reminders resume.
import { randomUUID } from 'node:crypto';
import { seededRandom, sleep, verdictLine } from './figures.mjs';
import { PAID, call, openSite, prepareSite, signInAs } from './site.mjs';

/** How long the last checks wait for the outbox and the jobs (a claimed mail's lease is 120 s). */
const DRAIN_LIMIT_MS = 150_000;

export async function crash(
  database,
  { rounds, bookingsPerRound, webhooksPerRound, seed, log, mode },
) {
  const site = await openSite(database);
  const random = seededRandom(seed ^ 0xc4a5);
  const failures = [];
  const figures = { kills: 0, restartMs: [], answered201: 0, answered200: 0, refused: 0 };
  try {
    await site.start();
    // Three held card bookings at most per client: enough clients for every round's storm.
    const clients = await prepareSite(site, Math.ceil((rounds * bookingsPerRound) / 3) + 2);
    const tokens = [];
    for (const account of clients) tokens.push({ account, token: await signInAs(site, account) });

    const booked = new Map(); // booking id → checkout session id
    const sessionsToPay = [];
    const webhooks = new Map(); // event id → { event, status }
    let slot = 0;
    let clientIndex = 0;
    const base = Date.now() + 3 * 86_400_000 - (Date.now() % 3_600_000);

    for (let round = 1; round <= rounds; round += 1) {
      let alive = true;
      const bookingWork = async () => {
        for (let i = 0; alive && i < bookingsPerRound; i += 1) {
          const { account, token } = tokens[Math.floor(clientIndex++ / 3) % tokens.length];
          const start = new Date(base + slot++ * 45 * 60_000).toISOString();
          try {
            const res = await call(site, 'POST', '/api/bookings', {
              token,
              address: account.address,
              headers: { 'idempotency-key': randomUUID() },
              body: { service: PAID, start },
            });
            if (res.status === 201) {
              figures.answered201 += 1;
              const sessionId = /\/pay\/(cs_[a-z0-9_]+)/.exec(res.json.checkoutUrl ?? '')?.[1];
              booked.set(res.json.id, sessionId);
              if (sessionId) sessionsToPay.push(sessionId);
            } else if (res.status >= 500 || ![201, 409, 429, 503].includes(res.status)) {
              failures.push(`a booking answered ${res.status}`);
            }
          } catch {
            figures.refused += 1; // the server was killed under it
          }
        }
      };
      const webhookWork = async () => {
        for (let i = 0; alive && i < webhooksPerRound; i += 1) {
          const sessionId = sessionsToPay.shift();
          if (!sessionId) {
            await sleep(20);
            continue;
          }
          const event = site.stripe.pay(sessionId);
          webhooks.set(event.id, { event, status: 0 });
          try {
            const status = await site.stripe.deliver(event);
            webhooks.get(event.id).status = status;
            if (status === 200) figures.answered200 += 1;
          } catch {
            figures.refused += 1;
          }
        }
      };
      // Four of each at once; the kill lands somewhere in the first four seconds of the storm.
      const storm = Promise.all([
        ...Array.from({ length: 4 }, bookingWork),
        ...Array.from({ length: 4 }, webhookWork),
      ]);
      const killAfter = 500 + Math.floor(random() * 3500);
      await Promise.race([sleep(killAfter), storm]);
      await site.kill();
      figures.kills += 1;
      alive = false;
      await storm;
      figures.restartMs.push(await site.start());
    }

    // Stripe sends again every event not answered 200; one answered 200 is sent again too (a retry
    // that crossed the answer) and must change nothing.
    for (const [, entry] of webhooks) {
      if (entry.status !== 200) entry.status = await site.stripe.deliver(entry.event);
      if (entry.status === 200) figures.answered200 += 0;
    }
    const again = [...webhooks.values()].find((entry) => entry.status === 200);
    if (again && (await site.stripe.deliver(again.event)) !== 200) {
      failures.push('a webhook sent again was not answered 200');
    }
    const notApplied = [...webhooks.values()].filter((entry) => entry.status !== 200);
    if (notApplied.length)
      failures.push(`${notApplied.length} webhooks never answered 200 after restart`);

    // Every booking answered 201 exists, with its payment; every paid payment has its receipt.
    const ids = [...booked.keys()];
    const rows = await site.sql(
      `select b.id, b.state, p.id as payment_id, p.status, p.receipt_number
       from bookings b left join payments p on p.booking_id = b.id where b.id = any($1::uuid[])`,
      [ids],
    );
    const missing = ids.length - rows.length;
    if (missing) failures.push(`${missing} bookings answered 201 are missing`);
    const withoutPayment = rows.filter((r) => !r.payment_id).length;
    if (withoutPayment) failures.push(`${withoutPayment} bookings without their payment`);
    const [half] = await site.sql(
      `select
         (select count(*)::int from payments where status in ('paid', 'partially_refunded', 'refunded')
            and receipt_number is null) as paid_without_receipt,
         (select count(*)::int from bookings b where b.payment_due and not exists
            (select 1 from payments p where p.booking_id = b.id)) as bookings_without_payment,
         (select count(*)::int from payments p join bookings b on b.id = p.booking_id
            where p.status = 'paid' and b.state = 'pending_payment') as paid_but_held`,
    );
    if (half.paid_without_receipt)
      failures.push(`${half.paid_without_receipt} paid payments without a receipt number`);
    if (half.bookings_without_payment)
      failures.push(`${half.bookings_without_payment} bookings due a payment have none`);
    if (half.paid_but_held) failures.push(`${half.paid_but_held} paid bookings still held`);
    // Receipt numbers of a year: 1..n, each once (given to a payment or voided).
    const numbers = await site.sql(
      `select split_part(n, '-', 1) as year, split_part(n, '-', 2)::int as seq from (
         select receipt_number as n from payments where receipt_number is not null
         union all select number from voided_receipts) all_numbers`,
    );
    const byYear = new Map();
    for (const { year, seq } of numbers) byYear.set(year, [...(byYear.get(year) ?? []), seq]);
    for (const [year, seqs] of byYear) {
      const sorted = [...new Set(seqs)].sort((a, b) => a - b);
      if (sorted.length !== seqs.length) failures.push(`receipt numbers of ${year} given twice`);
      if (sorted.at(-1) !== sorted.length) {
        failures.push(
          `receipt numbers of ${year} have gaps (${sorted.length} numbers up to ${sorted.at(-1)})`,
        );
      }
    }
    // Every webhook answered 200 applied exactly once: its event stored once, its payment paid.
    const applied = await site.sql(
      `select id as event_id, count(*)::int as n from payment_events where id = any($1::text[]) group by 1`,
      [[...webhooks.keys()]],
    );
    const appliedOnce = applied.filter((row) => row.n === 1).length;
    if (applied.some((row) => row.n > 1)) failures.push('a webhook event was stored twice');
    if (appliedOnce !== webhooks.size) {
      failures.push(`${webhooks.size - appliedOnce} webhooks answered 200 but not applied`);
    }
    const paidSessions = [...webhooks.values()].map((entry) => entry.event.data.object.id);
    const [paid] = await site.sql(
      `select count(*)::int as n from payments where provider_reference = any($1::text[]) and status = 'paid'
         and receipt_number is not null`,
      [paidSessions],
    );
    if (paid.n !== paidSessions.length) {
      failures.push(
        `${paidSessions.length - paid.n} paid sessions without a paid payment and receipt`,
      );
    }

    // Holds and reminders resume: one hold run out and one reminder due, taken up by the jobs.
    let resumed = 'not checked in the short run (the jobs run every minute)';
    if (mode !== 'short') {
      const [hold] = await site.sql(
        `update bookings set hold_until = now() - interval '1 minute'
         where id = (select id from bookings where state = 'pending_payment' order by start_at limit 1)
         returning id`,
      );
      const [reminded] = await site.sql(
        `update bookings set start_at = now() + interval '3 hours', end_at = now() + interval '210 minutes',
           blocked_until = now() + interval '210 minutes', reminder_sent_at = null
         where id = (select id from bookings where state = 'confirmed' order by start_at desc limit 1)
         returning id`,
      );
      const deadline = Date.now() + 90_000;
      let holdDone = !hold;
      let reminderDone = !reminded;
      while (Date.now() < deadline && !(holdDone && reminderDone)) {
        await sleep(2000);
        if (hold)
          [{ done: holdDone }] = await site.sql(
            `select state <> 'pending_payment' as done from bookings where id = $1`,
            [hold.id],
          );
        if (reminded)
          [{ done: reminderDone }] = await site.sql(
            `select reminder_sent_at is not null as done from bookings where id = $1`,
            [reminded.id],
          );
      }
      if (!holdDone) failures.push('a hold that ran out was not released after restart');
      if (!reminderDone) failures.push('a due reminder was not queued after restart');
      resumed = `hold released ${holdDone ? 'yes' : 'NO'}, reminder queued ${reminderDone ? 'yes' : 'NO'}`;
    }

    // Every queued mail delivered exactly once to the peer (the outbox id is the Message-ID).
    const drainDeadline = Date.now() + DRAIN_LIMIT_MS;
    let waiting;
    do {
      [{ waiting }] = await site.sql(
        `select count(*)::int as waiting from mail_outbox where status = 'pending' and next_attempt_at < now() + interval '5 minutes'`,
      );
      if (waiting) await sleep(1000);
    } while (waiting && Date.now() < drainDeadline);
    await sleep(1000);
    const outbox = await site.sql(
      `select id, status from mail_outbox where status <> 'pending' or next_attempt_at < now() + interval '5 minutes'`,
    );
    const deliveries = new Map();
    for (const mail of site.smtp.received) {
      const id = /^<([0-9a-f-]{36})@/.exec(mail.messageId)?.[1] ?? mail.messageId;
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    }
    const lost = outbox.filter((mail) => !deliveries.has(mail.id)).length;
    const duplicated = [...deliveries.values()].filter((n) => n > 1).length;
    const unknown = [...deliveries.keys()].filter(
      (id) => !outbox.some((mail) => mail.id === id),
    ).length;
    if (lost) failures.push(`${lost} queued mails not delivered (${waiting} still waiting)`);
    // A kill between the peer's acceptance and markMailSent sends that mail again (at least once,
    // never lost); with the same Message-ID, a mailbox keeps one (the peer counts as one does).
    if (duplicated)
      log(
        `  ${duplicated} mails sent twice over SMTP with the same Message-ID (a kill after the peer accepted them)`,
      );
    if (unknown) failures.push(`${unknown} mails delivered that the outbox does not hold`);

    const restart = figures.restartMs.map((ms) => (ms / 1000).toFixed(1)).join(', ');
    log(
      `crash ${database}: ${figures.kills} kills; restarts took ${restart} s; ${figures.answered201} bookings answered 201, ${webhooks.size} webhooks (all answered 200 in the end), ${figures.refused} requests cut by the kills`,
    );
    log(
      `  ${rows.length} bookings checked whole; ${numbers.length} receipt numbers; ${outbox.length} mails queued, ${deliveries.size} delivered (${duplicated} sent twice with one Message-ID, ${lost} lost); ${resumed}`,
    );
    return verdictLine(
      'crash',
      database,
      failures,
      `${figures.kills} kills, ${figures.answered201} bookings and ${webhooks.size} webhooks kept whole and once, ${numbers.length} receipt numbers without gaps, ${outbox.length} mails delivered once (${duplicated} sent again after a kill, same Message-ID)`,
    );
  } catch (error) {
    log(site.logTail());
    return verdictLine('crash', database, [`the run broke: ${error.stack}`], '');
  } finally {
    await site.close();
  }
}

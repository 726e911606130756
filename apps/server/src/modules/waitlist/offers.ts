/**
 * Offers of freed time to the waitlist (issue 25). The offer job reads, for each service someone
 * waits for, the free slots as availability computes them (bookings, the owner's calendars and
 * the times other offers hold all taken out), and offers each waiting entry, earliest joined first,
 * the earliest slot that matches it and was never offered to it. Whatever freed the time (a
 * cancellation, a reschedule, an expired payment hold, new hours or an override, a calendar event
 * gone) the next run finds it: a change of availability starts a run at once, and the job also runs
 * on its interval, which lapses offers whose time ran out.
 *
 * Each service's offers are made in one transaction with their mails queued in it: a crash between
 * finding a slot and mailing it loses nothing and sends nothing twice. Entries are claimed with
 * SKIP LOCKED and the offers' exclusion constraint keeps two open offers apart, so two runs at once
 * (two nodes) never offer one time twice.
 */
import { DateTime } from 'luxon';
import {
  HOUR_MS,
  MINUTE_MS,
  WAITLIST_MESSAGES as M,
  WAITLIST_OFFER_MIN_HOLD_MINUTES,
  isErasedAddress,
  SLOT_TAKEN_PROBLEM_TYPE,
  waitlistOfferPath,
  type CreatedBooking,
  type SchedulingSettings,
  type WaitlistOfferView,
} from '@consult/shared';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { ChangeListener, Tx } from '../../db/client';
import { isExclusionViolation } from '../../db/database-errors';
import type { Job, JobRunner } from '../../jobs/job-runner';
import { HttpProblem } from '../../plugins/errors';
import {
  createBooking,
  createdBookingAnswer,
  loadSchedulingSettings,
  services,
  slotsIn,
  type ServiceRow,
} from '../bookings';
import { formatMailTime, simpleMail } from '../mail';
import { findUserContacts } from '../users';
import {
  claimLapsedOffers,
  claimWaitingEntries,
  decideOffer,
  endEntry,
  entriesToEnd,
  findOfferByToken,
  insertOffer,
  lockOfferByToken,
  newOfferToken,
  offersOfEntries,
  servicesWaitedFor,
  type EntryRow,
} from './waitlist-repository';

export const WAITLIST_OFFERS_JOB = 'waitlist-offers';
/** The job's own beat: offers lapse within this of their end. */
export const WAITLIST_OFFERS_INTERVAL_MS = 30_000;
/** A change of availability starts a run this soon, so a burst of changes makes one run. */
const KICK_DELAY_MS = 200;
const LAPSE_BATCH = 100;

export type OfferJobDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'log' | 'mailer' | 'config' | 'calendarBusy' | 'availabilityCache'
>;

interface Slot {
  start: Date;
  end: Date;
}

/** Whether a slot starting at `start` suits the entry, read in the entry's own zone. */
export function slotSuits(entry: EntryRow, slot: Slot): boolean {
  const local = DateTime.fromJSDate(slot.start, { zone: entry.timeZone });
  if (local.toISODate()! > entry.latestDate) return false;
  if (entry.weekdays && !entry.weekdays.includes(local.weekday)) return false;
  const from = local.hour * 60 + local.minute;
  const until = from + (slot.end.getTime() - slot.start.getTime()) / MINUTE_MS;
  if (entry.fromMinute !== null && from < entry.fromMinute) return false;
  if (entry.toMinute !== null && until > entry.toMinute) return false;
  return true;
}

/**
 * Until when an offer of `slot` made at `now` holds it: the offer window, and never into the
 * minimum notice of its start, where accepting could no longer book it (decision 067). Null when
 * that leaves less than the shortest hold: the time is not offered.
 */
export function offerHoldEnd(
  slot: Slot,
  config: Pick<SchedulingSettings, 'rules'>,
  now: Date,
): Date | null {
  const windowEnd = now.getTime() + config.rules.waitlistOfferMinutes * MINUTE_MS;
  const noticeStarts = slot.start.getTime() - config.rules.minimumNoticeHours * HOUR_MS;
  const end = Math.min(windowEnd, noticeStarts);
  return end - now.getTime() < WAITLIST_OFFER_MIN_HOLD_MINUTES * MINUTE_MS ? null : new Date(end);
}

function offerMail(facts: {
  appUrl: string;
  to: string;
  clientName: string;
  serviceTitle: string;
  start: string;
  holdUntil: string;
  token: string;
}) {
  return simpleMail(
    facts.to,
    `A time freed up: ${facts.serviceTitle}, ${facts.start}`,
    [
      `Hello ${facts.clientName}, a time you were waiting for is free: ${facts.serviceTitle} on ${facts.start}.`,
      `It is held for you until ${facts.holdUntil}; after that it is offered to the next person waiting. If it does not suit you, say so on the same page and you stay on the waitlist.`,
    ],
    { href: `${facts.appUrl}${waitlistOfferPath(facts.token)}`, label: 'Book this time' },
  );
}

/** Lapses the offers whose time ran out. Read first: nothing is written when none has. */
async function lapseOffers(deps: OfferJobDeps, now: Date): Promise<number> {
  let lapsed = 0;
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const rows = await claimLapsedOffers(tx, now, LAPSE_BATCH);
      for (const offer of rows) {
        await decideOffer(tx, offer.id, { state: 'lapsed', decidedAt: now });
      }
      return rows.length;
    });
    lapsed += count;
    if (count < LAPSE_BATCH) return lapsed;
  }
}

/** Ends the entries past their latest date, and those whose client booked the service anyway. */
async function endFinishedEntries(deps: OfferJobDeps, now: Date): Promise<void> {
  const due = await entriesToEnd(deps.db, now);
  if (due.length === 0) return;
  await deps.db.transaction(async (tx) => {
    for (const entry of due) await endEntry(tx, entry.id, entry.state, now);
    // An ended entry's open offer holds its time for no one: it lapses and goes to the next entry.
    for (const offer of await offersOfEntries(
      tx,
      due.map((entry) => entry.id),
    )) {
      if (offer.state === 'open') {
        await decideOffer(tx, offer.id, { state: 'lapsed', decidedAt: now });
      }
    }
  });
}

/** The service's free slots from now to the end of `latestDate` (a day later in any zone). */
async function freeSlots(
  deps: OfferJobDeps,
  tx: Tx,
  service: ServiceRow,
  config: SchedulingSettings,
  latestDate: string,
  now: Date,
): Promise<Slot[]> {
  const end = DateTime.fromISO(latestDate, { zone: 'UTC' }).plus({ days: 2 }).toJSDate();
  if (end <= now) return [];
  const starts = await slotsIn(tx, deps.calendarBusy, service, { start: now, end }, now, config);
  const durationMs = service.durationMinutes * MINUTE_MS;
  return starts.map((start) => {
    const at = Date.parse(start);
    return { start: new Date(at), end: new Date(at + durationMs) };
  });
}

/** Offers the free slots of one service to its waiting entries. Returns the offers made. */
async function offerService(
  deps: OfferJobDeps,
  serviceId: string,
  latestDate: string,
  now: Date,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [service] = await tx.select().from(services).where(eq(services.id, serviceId));
    if (!service?.active) return 0;
    const entries = await claimWaitingEntries(tx, serviceId);
    if (entries.length === 0) return 0;
    const config = await loadSchedulingSettings(tx, deps.log);
    let slots = await freeSlots(deps, tx, service, config, latestDate, now);
    if (slots.length === 0) return 0;
    const bufferMs = config.rules.bufferMinutes * MINUTE_MS;
    const offeredBefore = new Map<string, Set<number>>();
    for (const offer of await offersOfEntries(
      tx,
      entries.map((entry) => entry.id),
    )) {
      const seen = offeredBefore.get(offer.entryId) ?? new Set<number>();
      seen.add(offer.startAt.getTime());
      offeredBefore.set(offer.entryId, seen);
    }
    const clients = new Map(
      (await findUserContacts(tx, [...new Set(entries.map((entry) => entry.clientId))])).map(
        (client) => [client.id, client],
      ),
    );
    let made = 0;
    for (const entry of entries) {
      const client = clients.get(entry.clientId);
      if (!client || isErasedAddress(client.email)) continue;
      const seen = offeredBefore.get(entry.id);
      for (const slot of slots.filter(
        (candidate) => !seen?.has(candidate.start.getTime()) && slotSuits(entry, candidate),
      )) {
        const expiresAt = offerHoldEnd(slot, config, now);
        if (!expiresAt) continue;
        const token = newOfferToken();
        try {
          // A savepoint: a time another run offered meanwhile fails alone, and the next is tried.
          await tx.transaction((inner) =>
            insertOffer(inner, {
              entryId: entry.id,
              token,
              startAt: slot.start,
              endAt: slot.end,
              blockedUntil: new Date(slot.end.getTime() + bufferMs),
              expiresAt,
              createdAt: now,
            }),
          );
        } catch (error) {
          if (isExclusionViolation(error)) continue;
          throw error;
        }
        await deps.mailer.queueMail(
          offerMail({
            appUrl: deps.config.APP_URL,
            to: client.email,
            clientName: client.name,
            serviceTitle: service.title,
            start: formatMailTime(slot.start, entry.timeZone),
            holdUntil: formatMailTime(expiresAt, entry.timeZone),
            token,
          }),
          tx,
        );
        made += 1;
        // The held time and the buffer around it are no longer free for the entries after this one.
        slots = slots.filter(
          (other) =>
            other.end.getTime() + bufferMs <= slot.start.getTime() ||
            other.start.getTime() >= slot.end.getTime() + bufferMs,
        );
        break;
      }
    }
    return made;
  });
}

/** One run: lapse, end what is finished, then offer every waited-for service's free slots. */
export async function runWaitlistOffers(
  deps: OfferJobDeps,
  now: Date = deps.clock(),
): Promise<number> {
  await lapseOffers(deps, now);
  await endFinishedEntries(deps, now);
  let made = 0;
  for (const { serviceId, latestDate } of await servicesWaitedFor(deps.db)) {
    made += await offerService(deps, serviceId, latestDate, now);
  }
  return made;
}

export function waitlistJobs(deps: OfferJobDeps): Job[] {
  return [
    {
      name: WAITLIST_OFFERS_JOB,
      intervalMs: WAITLIST_OFFERS_INTERVAL_MS,
      run: async () => {
        await runWaitlistOffers(deps);
      },
    },
  ];
}

/**
 * Listens for changes of availability and starts an offer run soon after each burst, while the
 * runner runs (tests start runs themselves). The run reads committed data only; a change still
 * being committed is found by the next run at the latest.
 */
export function waitlistKick(jobs: JobRunner): ChangeListener {
  let timer: NodeJS.Timeout | undefined;
  return {
    onChange() {
      if (timer || !jobs.state().started) return;
      timer = setTimeout(() => {
        timer = undefined;
        // Stopped meanwhile (the server is shutting down): the database may be closing.
        if (!jobs.state().started) return;
        jobs.runNow(WAITLIST_OFFERS_JOB).catch(() => {
          // The runner records the failure in the job's state and logs it.
        });
      }, KICK_DELAY_MS);
      timer.unref();
    },
    onListening() {},
  };
}

const unknownOffer = () => new HttpProblem(404, M.offerUnknown);

/** GET /api/waitlist/offers/:token: the time offered, while the offer is open. */
export async function viewOffer(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
): Promise<WaitlistOfferView> {
  const row = await findOfferByToken(deps.db, token);
  if (!row || row.offer.state !== 'open' || row.offer.expiresAt <= deps.clock()) {
    throw unknownOffer();
  }
  return {
    offer: {
      service: row.service.slug,
      serviceTitle: row.service.title,
      durationMinutes: row.service.durationMinutes,
      priceMinor: row.service.priceMinor,
      currency: row.service.currency,
      start: row.offer.startAt.toISOString(),
      end: row.offer.endAt.toISOString(),
      expiresAt: row.offer.expiresAt.toISOString(),
    },
  };
}

export interface AcceptOfferInput {
  notes?: string | null | undefined;
  answers?: Record<string, string> | undefined;
  useCredit?: boolean | undefined;
}

/**
 * The offer's client books its time exactly like a normal booking (payment or credit included),
 * in the transaction that marks the offer accepted and ends the entry. Another client's offer is a
 * 404; one no longer open, or whose time was taken meanwhile, a 409 (lapsed).
 */
export async function acceptOffer(
  deps: AppDeps,
  client: { id: string; email: string },
  token: string,
  input: AcceptOfferInput,
): Promise<CreatedBooking> {
  const now = deps.clock();
  const lapsed = () => new HttpProblem(409, M.offerLapsed);
  let outcome;
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const row = await lockOfferByToken(tx, token);
      if (!row || row.entry.clientId !== client.id) throw unknownOffer();
      if (row.offer.state !== 'open' || row.offer.expiresAt <= now) throw lapsed();
      // Accepted first, so the offer's own hold does not stand in the booking's way.
      await decideOffer(tx, row.offer.id, { state: 'accepted', decidedAt: now });
      const booked = await createBooking(
        { ...deps, db: tx },
        { type: 'client', userId: client.id },
        {
          clientId: client.id,
          service: row.service.slug,
          start: row.offer.startAt.toISOString(),
          notes: input.notes ?? null,
          answers: input.answers,
          useCredit: input.useCredit,
        },
        now,
      );
      await decideOffer(tx, row.offer.id, {
        state: 'accepted',
        decidedAt: now,
        bookingId: booked.booking.id,
      });
      await endEntry(tx, row.entry.id, 'booked', now);
      return booked;
    });
  } catch (error) {
    // The time was taken meanwhile (a booking raced the offer): the offer ends, the entry waits on.
    if (error instanceof HttpProblem && error.extra.type === SLOT_TAKEN_PROBLEM_TYPE) {
      await deps.db.transaction(async (tx) => {
        const row = await lockOfferByToken(tx, token);
        if (row?.offer.state === 'open') {
          await decideOffer(tx, row.offer.id, { state: 'lapsed', decidedAt: now });
        }
      });
      throw lapsed();
    }
    throw error;
  }
  return createdBookingAnswer(deps, client, outcome);
}

/** The client says no: the offer ends and its time goes to the next entry; theirs stays active. */
export async function declineOffer(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  clientId: string,
  token: string,
): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const row = await lockOfferByToken(tx, token);
    if (!row || row.entry.clientId !== clientId) throw unknownOffer();
    if (row.offer.state !== 'open' || row.offer.expiresAt <= now)
      throw new HttpProblem(409, M.offerLapsed);
    await decideOffer(tx, row.offer.id, { state: 'declined', decidedAt: now });
  });
}

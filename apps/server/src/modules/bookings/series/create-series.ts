/**
 * Previewing and booking a series (issue 25). The whole series commits in one transaction: each
 * date is checked under the day locks and inserted against the no-double-booking constraint; a
 * date taken meanwhile (found by the check or by the constraint) is a 409 listing the taken dates,
 * and nothing is saved.
 */
import {
  COUPON_MESSAGES,
  SERIES_CONFLICT_PROBLEM_TYPE,
  SERIES_MESSAGES,
  type SchedulingSettings,
  type SeriesEvery,
  type SeriesOccurrence,
} from '@consult/shared';
import type { AppDeps } from '../../../app-deps';
import type { Db, Tx } from '../../../db/client';
import { HttpProblem } from '../../../plugins/errors';
import { insertAuditEntry } from '../../audit';
import { findUserById, type UserRow } from '../../users';
import { requireBookableService } from '../availability/availability-service';
import type { ViewContext } from '../booking-view';
import { lockClientBookings, lockOwnerDays, type BookingRow } from '../bookings-repository';
import { isDeadlock, isExclusionViolation } from '../../../db/database-errors';
import { bookingMailOwner } from '../mails/booking-owner';
import { queueSeriesConfirmation } from '../mails/series-mails';
import type { ServiceRow } from '../services-repository';
import { answersSnapshot, insertNewBooking, resolveClient } from '../changes/create-booking';
import {
  changeContext,
  keptRange,
  notFound,
  type BookingActorRef,
  type TimedBookingDeps,
} from '../changes/change-steps';
import { seriesStarts } from './series-dates';
import { readSeriesOccurrences } from './series-occurrences';
import { findSeriesTimeZone, insertSeries, type SeriesRow } from './series-repository';

/** What booking a series works with: a single booking's, discount codes included. */
type SeriesDeps = TimedBookingDeps & Pick<AppDeps, 'discountCodes'>;

/** Runs of a series' transaction that PostgreSQL may end to break a deadlock. */
const DEADLOCK_RETRIES = 3;

export interface SeriesRequest {
  /** The client the series is for; a client actor always books for themself. */
  clientId: string;
  service: string;
  /** The first session: ISO 8601 instant with offset (validated by the route's schema). */
  start: string;
  every: SeriesEvery;
  count: number;
  /** The zone whose local time the series keeps (the one the client sees); else the profile's. */
  timeZone?: string | undefined;
}

export interface CreateSeriesRequest extends SeriesRequest {
  skip?: string[];
  notes: string | null;
  answers?: Record<string, string>;
  useCredit?: boolean;
  couponCode?: string;
}

/**
 * The client whose zone the series keeps: the signed-in client (a preview needs no verified
 * e-mail yet), or the owner's chosen one (400 when there is no such enabled client).
 */
async function previewClient(db: Db, actor: BookingActorRef, clientId: string): Promise<UserRow> {
  if (actor.type === 'owner') return resolveClient(db, actor, clientId);
  const user = await findUserById(db, actor.userId);
  if (!user) throw notFound();
  return user;
}

/** Every date of the series with its state now. */
export async function previewSeries(
  deps: TimedBookingDeps,
  actor: BookingActorRef,
  input: SeriesRequest,
  now: Date = deps.clock(),
): Promise<{ occurrences: SeriesOccurrence[] }> {
  const client = await previewClient(deps.db, actor, input.clientId);
  const service = await requireBookableService(deps.db, input.service);
  const { settings } = await changeContext(deps, now);
  const starts = seriesStarts(
    new Date(input.start),
    input.every,
    input.count,
    input.timeZone ?? client.timeZone,
  );
  return {
    occurrences: await readSeriesOccurrences(
      deps.db,
      deps.calendarBusy,
      service,
      starts,
      now,
      settings,
    ),
  };
}

function conflictProblem(conflicts: string[]): HttpProblem {
  return new HttpProblem(409, SERIES_MESSAGES.conflict, {
    type: SERIES_CONFLICT_PROBLEM_TYPE,
    members: { conflicts: [...new Set(conflicts)].sort() },
  });
}

function badRequest(field: string, message: string): HttpProblem {
  return new HttpProblem(400, message, { errors: { [field]: [message] } });
}

/** The series' dates less the ones the client agreed to leave out; 400 for a skip not among them. */
function datesToBook(starts: Date[], skip: readonly string[]): Date[] {
  const all = new Set(starts.map((start) => start.getTime()));
  const skipped = new Set(skip.map((start) => Date.parse(start)));
  for (const instant of skipped) {
    if (!all.has(instant)) throw badRequest('skip', SERIES_MESSAGES.skipNotInSeries);
  }
  const wanted = starts.filter((start) => !skipped.has(start.getTime()));
  if (wanted.length === 0) throw badRequest('skip', SERIES_MESSAGES.nothingToBook);
  return wanted;
}

/** What the series' inserts share. */
interface SeriesCommit {
  client: UserRow;
  service: ServiceRow;
  settings: SchedulingSettings;
  now: Date;
  wanted: Date[];
  input: CreateSeriesRequest;
  /** The zone whose local time the series keeps. */
  timeZone: string;
  /** The date being inserted, for the 409 when the constraint refuses it. */
  current: { start: Date | null };
}

async function commitSeries(
  deps: SeriesDeps,
  tx: Tx,
  actor: BookingActorRef,
  commit: SeriesCommit,
): Promise<{ series: SeriesRow; rows: BookingRow[] }> {
  const { client, service, settings, now, wanted, input, timeZone } = commit;
  // The client's bookings first, then the days: the order a single booking takes them in (its caps,
  // then its day), so a series and a booking of the same client never wait on each other in a circle.
  if (actor.type === 'client') await lockClientBookings(tx, client.id);
  // The owner's days of the series, in ascending order as every series takes them: two series
  // meeting on a day commit one after the other (the second sees the first's dates as taken), and
  // never wait on each other in a circle, as their inserts alone could (the exclusion constraint
  // makes each wait for the other's uncommitted row: a deadlock). The daily maximum needs them too.
  for (const start of wanted) {
    await lockOwnerDays(tx, keptRange(start, service, settings), settings.rules.timeZone);
  }
  const occurrences = await readSeriesOccurrences(
    tx,
    deps.calendarBusy,
    service,
    wanted,
    now,
    settings,
  );
  const taken = occurrences.filter((occurrence) => !occurrence.free);
  if (taken.length > 0) throw conflictProblem(taken.map((occurrence) => occurrence.start));

  const series = await insertSeries(tx, {
    clientId: client.id,
    serviceId: service.id,
    every: input.every,
    count: input.count,
    timeZone,
    createdBy: actor.userId,
  });
  const answers = answersSnapshot(service, actor, input.answers ?? {});
  const wantsCredit =
    service.priceMinor > 0 &&
    input.couponCode === undefined &&
    (input.useCredit ?? actor.type === 'client') !== false;
  const rows: BookingRow[] = [];
  for (const start of wanted) {
    commit.current.start = start;
    const { row } = await insertNewBooking(deps, tx, actor, {
      client,
      service,
      start,
      notes: input.notes,
      answers,
      settings,
      now,
      wantsCredit,
      useCredit: input.useCredit,
      // Each session uses the code once, as its own booking would: a code that runs out on a
      // later session refuses the whole series (409), nothing saved.
      couponCode: input.couponCode,
      idempotencyKey: null,
      requestFingerprint: null,
      seriesId: series.id,
      // Checked above for every date at once; the constraint still refuses an overlap.
      checkTime: async () => {},
    });
    rows.push(row);
  }
  commit.current.start = null;
  if (actor.type === 'owner') {
    await insertAuditEntry(tx, {
      actorId: actor.userId,
      action: 'booking_series.created',
      target: series.id,
      details: {
        before: null,
        after: {
          clientId: client.id,
          service: service.slug,
          every: input.every,
          count: input.count,
          starts: rows.map((row) => row.startAt.toISOString()),
        },
      },
    });
  }
  await queueSeriesConfirmationOf(deps, tx, rows, client);
  return { series, rows };
}

/**
 * The one confirmation of a series' sessions confirmed together: at booking, or when the series'
 * checkout is paid (the webhook, in its transaction).
 */
export async function queueSeriesConfirmationOf(
  deps: Pick<AppDeps, 'mailer' | 'log' | 'config' | 'bookingPayments'>,
  tx: Tx,
  rows: BookingRow[],
  client: UserRow,
): Promise<void> {
  const confirmed = rows.filter((row) => row.state === 'confirmed');
  if (confirmed.length === 0) return;
  // The times and the "same local time" line in the zone the series keeps, which the client chose.
  const timeZone = (await findSeriesTimeZone(tx, confirmed[0]!.seriesId)) ?? client.timeZone;
  const due = confirmed.find((row) => row.paymentDue);
  const payments = due
    ? await deps.bookingPayments.clientBookingPayments({ db: tx, log: deps.log }, [due])
    : undefined;
  await queueSeriesConfirmation(tx, deps.mailer, {
    sessions: confirmed,
    client: {
      name: client.name,
      email: client.email,
      timeZone,
      phone: client.phone,
    },
    owner: await bookingMailOwner(deps, tx),
    appUrl: deps.config.APP_URL,
    paymentInstructions: (due && payments?.get(due.id)?.due?.paymentInstructions) ?? null,
  });
}

/**
 * Books the series' free dates, all or nothing. A client needs a verified e-mail, and each session
 * is paid as a single booking would be: a package credit while one covers it, else due by hand.
 */
export async function createSeries(
  deps: SeriesDeps,
  actor: BookingActorRef,
  input: CreateSeriesRequest,
  now: Date = deps.clock(),
): Promise<{ series: SeriesRow; bookings: BookingRow[]; view: ViewContext }> {
  // As a single booking: a code is asked for to pay less, never with a credit.
  if (input.couponCode !== undefined && input.useCredit === true) {
    throw badRequest('couponCode', COUPON_MESSAGES.couponWithCredit);
  }
  const client = await resolveClient(deps.db, actor, input.clientId);
  const service = await requireBookableService(deps.db, input.service);
  const { settings, view } = await changeContext(deps, now);
  const timeZone = input.timeZone ?? client.timeZone;
  const starts = seriesStarts(new Date(input.start), input.every, input.count, timeZone);
  const wanted = datesToBook(starts, input.skip ?? []);
  const current = { start: null as Date | null };
  const commit = { client, service, settings, now, wanted, input, timeZone, current };
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { series, rows } = await deps.db.transaction((tx) =>
          commitSeries(deps, tx, actor, commit),
        );
        return { series, bookings: rows, view };
      } catch (error) {
        // Every writer takes its days in order, so no deadlock is known; should one still happen,
        // PostgreSQL ends one of the two, which runs again (the check then finds the date taken).
        if (!isDeadlock(error) || attempt >= DEADLOCK_RETRIES) throw error;
      }
    }
  } catch (error) {
    if (!isExclusionViolation(error) && !isDeadlock(error)) throw error;
    // Another booking committed between the check and the insert: the dates taken now, and the one
    // the constraint refused.
    const occurrences = await readSeriesOccurrences(
      deps.db,
      deps.calendarBusy,
      service,
      wanted,
      now,
      settings,
    );
    const taken = occurrences.filter((occurrence) => !occurrence.free).map((o) => o.start);
    throw conflictProblem(current.start ? [...taken, current.start.toISOString()] : taken);
  }
}

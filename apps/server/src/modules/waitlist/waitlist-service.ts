/**
 * Joining and leaving the waitlist, and the lists the client and the owner read (issue 25). The
 * offers themselves are made by the offer job (offers.ts).
 */
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  DAY_MS,
  timeToMinutes,
  WAITLIST_ACTIVE_ENTRIES_MAX,
  WAITLIST_LATEST_DATE_MAX_DAYS,
  WAITLIST_MESSAGES as M,
  type AdminWaitlist,
  type WaitlistEntries,
  type WaitlistEntry,
  type WaitlistJoinInput,
  type WaitlistOffer,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { insertAuditEntry } from '../audit';
import { requireBookableService } from '../bookings';
import { findUserById, users } from '../users';
import {
  countActiveEntries,
  decideOffer,
  endEntry,
  insertEntry,
  listAllEntries,
  listClientEntries,
  lockEntry,
  offerCounts,
  offersOfEntries,
  type EntryRow,
  type OfferRow,
} from './waitlist-repository';
import { isUniqueViolation } from '../../db/database-errors';

export type WaitlistDeps = Pick<AppDeps, 'db' | 'clock' | 'log'>;

/** Ended entries stay on the client's list this long. */
const ENDED_SHOWN_MS = 30 * DAY_MS;
const ADMIN_LIST_LIMIT = 500;

const minutesToTime = (minutes: number | null) =>
  minutes === null
    ? null
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function offerView(offer: OfferRow): WaitlistOffer {
  return {
    id: offer.id,
    start: offer.startAt.toISOString(),
    end: offer.endAt.toISOString(),
    expiresAt: offer.expiresAt.toISOString(),
    state: offer.state,
    createdAt: offer.createdAt.toISOString(),
    decidedAt: offer.decidedAt?.toISOString() ?? null,
  };
}

function entryFields(entry: EntryRow, service: { slug: string; title: string }) {
  return {
    id: entry.id,
    service: service.slug,
    serviceTitle: service.title,
    latestDate: entry.latestDate,
    weekdays: entry.weekdays,
    fromTime: minutesToTime(entry.fromMinute),
    toTime: minutesToTime(entry.toMinute),
    timeZone: entry.timeZone,
    state: entry.state,
    createdAt: entry.createdAt.toISOString(),
    endedAt: entry.endedAt?.toISOString() ?? null,
  };
}

/** Taken in the transaction that counts the client's entries, so two joins wait for each other. */
const lockClient = (id: string) => sql`select 1 from ${users} where ${users.id} = ${id} for update`;

const badRequest = (field: string, message: string) =>
  new HttpProblem(400, message, { errors: { [field]: [message] } });

/** The client joins the waitlist of a service: at most WAITLIST_ACTIVE_ENTRIES_MAX at once. */
export async function joinWaitlist(
  deps: WaitlistDeps,
  clientId: string,
  input: WaitlistJoinInput,
): Promise<WaitlistEntry> {
  const now = deps.clock();
  const client = await findUserById(deps.db, clientId);
  if (!client) throw new HttpProblem(404, M.entryUnknown);
  const service = await requireBookableService(deps.db, input.service);
  const timeZone = input.timeZone ?? client.timeZone;
  const today = DateTime.fromJSDate(now, { zone: timeZone }).toISODate()!;
  const latest = DateTime.fromISO(input.latestDate, { zone: timeZone });
  if (input.latestDate < today) throw badRequest('latestDate', M.latestDatePast);
  if (
    latest.diff(DateTime.fromISO(today, { zone: timeZone }), 'days').days >
    WAITLIST_LATEST_DATE_MAX_DAYS
  ) {
    throw badRequest('latestDate', M.latestDateTooFar);
  }
  try {
    const entry = await deps.db.transaction(async (tx) => {
      // Counted under the client's row lock: two joins at once cannot both take the last place.
      await tx.execute(lockClient(clientId));
      if ((await countActiveEntries(tx, clientId)) >= WAITLIST_ACTIVE_ENTRIES_MAX) {
        throw new HttpProblem(409, M.tooManyEntries);
      }
      return insertEntry(tx, {
        clientId,
        serviceId: service.id,
        latestDate: input.latestDate,
        weekdays: input.weekdays ? [...input.weekdays].sort((a, b) => a - b) : null,
        fromMinute: input.fromTime === undefined ? null : timeToMinutes(input.fromTime),
        toMinute: input.toTime === undefined ? null : timeToMinutes(input.toTime),
        timeZone,
        createdAt: now,
      });
    });
    return { ...entryFields(entry, service), openOffer: null };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpProblem(409, M.alreadyWaiting);
    throw error;
  }
}

export async function listMyEntries(
  deps: WaitlistDeps,
  clientId: string,
): Promise<WaitlistEntries> {
  const now = deps.clock();
  const rows = await listClientEntries(deps.db, clientId, new Date(now.getTime() - ENDED_SHOWN_MS));
  const offers = await offersOfEntries(
    deps.db,
    rows.map((row) => row.entry.id),
  );
  return {
    entries: rows.map(({ entry, service }) => {
      const open = offers.find(
        (offer) => offer.entryId === entry.id && offer.state === 'open' && offer.expiresAt > now,
      );
      return {
        ...entryFields(entry, service),
        openOffer: open ? { ...offerView(open), token: open.token } : null,
      };
    }),
  };
}

/**
 * Ends an entry: the client leaving (`left`) or the owner removing it (`removed`, audited). Its
 * open offer lapses with it, which frees the time for the next entry.
 */
export async function endWaitlistEntry(
  deps: WaitlistDeps,
  actor: { type: 'client' | 'owner'; userId: string },
  entryId: string,
): Promise<void> {
  const now = deps.clock();
  const notFound = new HttpProblem(404, M.entryUnknown);
  if (!isUuid(entryId)) throw notFound;
  await deps.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    if (!entry || (actor.type === 'client' && entry.clientId !== actor.userId)) throw notFound;
    if (entry.state !== 'active') return;
    await endEntry(tx, entry.id, actor.type === 'client' ? 'left' : 'removed', now);
    for (const offer of await offersOfEntries(tx, [entry.id])) {
      if (offer.state === 'open') {
        await decideOffer(tx, offer.id, { state: 'lapsed', decidedAt: now });
      }
    }
    if (actor.type === 'owner') {
      await insertAuditEntry(tx, {
        actorId: actor.userId,
        action: 'waitlist.removed',
        target: entry.id,
        details: {
          before: { state: entry.state },
          after: { state: 'removed' },
          clientId: entry.clientId,
        },
      });
    }
  });
}

export async function listAdminWaitlist(deps: WaitlistDeps): Promise<AdminWaitlist> {
  const rows = await listAllEntries(deps.db, ADMIN_LIST_LIMIT);
  const offers = await offersOfEntries(
    deps.db,
    rows.map((row) => row.entry.id),
  );
  const counts = Object.fromEntries(
    (await offerCounts(deps.db)).map((row) => [row.state, row.count]),
  );
  return {
    entries: rows.map(({ entry, service, client }) => ({
      ...entryFields(entry, service),
      client,
      offers: offers.filter((offer) => offer.entryId === entry.id).map(offerView),
    })),
    counts: {
      active: rows.filter((row) => row.entry.state === 'active').length,
      offers: Object.values(counts).reduce((sum, count) => sum + count, 0),
      accepted: counts.accepted ?? 0,
      declined: counts.declined ?? 0,
      lapsed: counts.lapsed ?? 0,
    },
  };
}

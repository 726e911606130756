/**
 * What can be booked: the public services list (active services only), the slots of
 * a service over the visitor's days, whether one start is offered right now, and the free slots
 * nearest to a time that is not.
 */
import { rangeForDays, DAY_MS, HOUR_MS, MINUTE_MS } from '../../clock';
import {
  availabilitySchema,
  BOOKING_MESSAGES,
  NEAREST_SLOTS_COUNT,
  type AvailabilityQuery,
  type Availability,
  type SchedulingConfig,
  type ServicesList,
} from '@consult/shared';
import type { Db } from '../../../db/client';
import { HttpProblem } from '../../../plugins/errors';
import { AVAILABILITY_CACHE_TTL_MS, type AvailabilityCache } from './availability-cache';
import { listBusyRanges } from '../bookings-repository';
import { loadSchedulingSettings } from '../scheduling-settings';
import {
  findServiceBySlug,
  listServices,
  toConsultationService,
  type ServiceRow,
} from '../services-repository';
import {
  bookableStretch,
  busyWindowFor,
  computeAvailableSlots,
  groupSlotsByDay,
  offerWindow,
  slotStartsIn,
  type InstantRange,
  type SlotService,
  lowerBound,
} from './slots';
import type { CalendarBusy, CalendarBusyTimes } from './calendar-busy';

/** How far either side of an unavailable time the nearest free slots are looked for. */
const NEAREST_SEARCH_DAYS = 7;

export async function listPublicServices(db: Db): Promise<ServicesList> {
  const rows = await listServices(db, { activeOnly: true });
  return { services: rows.map(toConsultationService) };
}

/** An active service by slug; otherwise a 400 naming the `service` field. */
export async function requireBookableService(db: Db, slug: string): Promise<ServiceRow> {
  return bookableOr400(await findServiceBySlug(db, slug));
}

function bookableOr400(service: ServiceRow | undefined): ServiceRow {
  const message = !service
    ? BOOKING_MESSAGES.serviceUnknown
    : !service.active
      ? BOOKING_MESSAGES.serviceInactive
      : undefined;
  if (message) throw new HttpProblem(400, message, { errors: { service: [message] } });
  return service!;
}

/**
 * The slot starts that keep the buffer clear of the owner's own calendars' busy times (decision
 * 059): the same spacing as between bookings, on both sides.
 */
export function clearOfCalendars(
  slots: readonly string[],
  service: SlotService,
  config: SchedulingConfig,
  calendar: CalendarBusy,
): string[] {
  const durationMs = service.durationMinutes * MINUTE_MS;
  const candidates = slots.map((slot) => {
    const start = Date.parse(slot);
    return { slot, start: new Date(start), end: new Date(start + durationMs) };
  });
  return calendar
    .withoutBusy(candidates, config.rules.bufferMinutes * MINUTE_MS)
    .map(({ slot }) => slot);
}

/**
 * Slot starts in `range` with the held and confirmed bookings and the owner's calendars around it
 * taken into account.
 */
export async function slotsIn(
  db: Db,
  calendars: CalendarBusyTimes,
  service: SlotService,
  range: InstantRange,
  now: Date,
  config: SchedulingConfig,
  exceptBookingId?: string,
): Promise<string[]> {
  // Only the notice-to-horizon part of the range can offer anything: nothing left skips the query
  // (keeping instants such as the year 9999 away from the database), and the rest narrows it.
  const window = offerWindow(range, now, config);
  if (!window) return [];
  const busyWindow = busyWindowFor(window, config);
  const busy = await listBusyRanges(db, busyWindow, exceptBookingId);
  const slots = computeAvailableSlots(service, window, now, config, busy);
  return clearOfCalendars(slots, service, config, await calendars.busyIn(db, busyWindow));
}

/**
 * A service's slot starts over the whole bookable stretch, for readers within
 * AVAILABILITY_CACHE_TTL_MS of `now` either way (a reader sharing the computation may have started
 * a little earlier; `bookableStretch`). Each reader cuts its own range and window out of it, which
 * gives the same starts as computing them for that window, so an answer costs no query and no slot
 * computation while nothing changes (decision 049).
 */
interface OfferedSlots {
  /** Ascending epoch milliseconds, and the same starts as ISO 8601 text. */
  instants: number[];
  slots: string[];
}

async function offeredSlots(
  db: Db,
  cache: AvailabilityCache,
  calendars: CalendarBusyTimes,
  service: ServiceRow,
  config: SchedulingConfig,
  now: Date,
): Promise<OfferedSlots> {
  return cache.offered(service.slug, now, async () => {
    const stretch = bookableStretch(now, config, AVAILABILITY_CACHE_TTL_MS);
    const busyWindow = busyWindowFor(stretch, config);
    const busy = await listBusyRanges(db, busyWindow);
    const slots = clearOfCalendars(
      slotStartsIn(service, stretch, config, busy),
      service,
      config,
      await calendars.busyIn(db, busyWindow),
    );
    return {
      value: { instants: slots.map(Date.parse), slots },
      expiresAt: now.getTime() + AVAILABILITY_CACHE_TTL_MS,
    };
  });
}

/** The offered starts in [start, end). */
function offeredIn(offered: OfferedSlots, window: InstantRange): string[] {
  const from = lowerBound(offered.instants, window.start.getTime());
  const until = lowerBound(offered.instants, window.end.getTime());
  return offered.slots.slice(from, until);
}

async function computeAvailability(
  db: Db,
  cache: AvailabilityCache,
  calendars: CalendarBusyTimes,
  service: ServiceRow,
  config: SchedulingConfig,
  query: AvailabilityQuery,
  now: Date,
): Promise<{ value: Availability; expiresAt?: number }> {
  const range = rangeForDays(query.from, query.to, query.timeZone);
  // The same window computeAvailableSlots would cut (notice and horizon at this reader's now).
  const window = offerWindow(range, now, config);
  const slots = window
    ? offeredIn(await offeredSlots(db, cache, calendars, service, config, now), window)
    : [];
  const value = {
    service: service.slug,
    timeZone: query.timeZone,
    days: groupSlotsByDay(slots, query.timeZone),
  };
  // The answer holds until its earliest slot falls inside the minimum notice.
  const first = slots[0];
  const expiresAt =
    first === undefined ? undefined : Date.parse(first) - config.rules.minimumNoticeHours * HOUR_MS;
  return { value, expiresAt };
}

/**
 * The availability answer as UTF-8 JSON, through the cache (availability-cache.ts): a hit costs no query
 * and no computation. Each answer is checked against the response schema once, when computed, and
 * serialized once; the route sends the bytes as they are.
 */
export async function availabilityJson(
  db: Db,
  cache: AvailabilityCache,
  calendars: CalendarBusyTimes,
  query: AvailabilityQuery,
  now: Date,
): Promise<Buffer> {
  const key = `${query.service}\n${query.from}\n${query.to}\n${query.timeZone}`;
  return cache.answer(key, now, async () => {
    const service = bookableOr400(
      await cache.service(query.service, now, () => findServiceBySlug(db, query.service)),
    );
    const config = await cache.settings(now, () => loadSchedulingSettings(db));
    const { value, expiresAt } = await computeAvailability(
      db,
      cache,
      calendars,
      service,
      config,
      query,
      now,
    );
    // Bytes rather than text: sending them needs no length count or encoding per read.
    return { value: Buffer.from(JSON.stringify(availabilitySchema.parse(value))), expiresAt };
  });
}

/** Whether `start` is a slot the service offers right now (the same rules as the calendar). */
export async function isSlotOffered(
  db: Db,
  calendars: CalendarBusyTimes,
  service: SlotService,
  start: Date,
  now: Date,
  config: SchedulingConfig,
  exceptBookingId?: string,
): Promise<boolean> {
  const range = { start, end: new Date(start.getTime() + 1) };
  const slots = await slotsIn(db, calendars, service, range, now, config, exceptBookingId);
  return slots.includes(start.toISOString());
}

/** Up to NEAREST_SLOTS_COUNT free slot starts closest to `around`, ascending. */
export async function nearestSlots(
  db: Db,
  calendars: CalendarBusyTimes,
  service: SlotService,
  around: Date,
  now: Date,
  config: SchedulingConfig,
  exceptBookingId?: string,
): Promise<string[]> {
  // A time before now or past the horizon gets the slots nearest to the bookable stretch.
  const horizonMs = now.getTime() + config.rules.horizonDays * DAY_MS;
  const aroundMs = Math.min(Math.max(around.getTime(), now.getTime()), horizonMs);
  const range = {
    start: new Date(Math.max(aroundMs - NEAREST_SEARCH_DAYS * DAY_MS, now.getTime())),
    end: new Date(aroundMs + NEAREST_SEARCH_DAYS * DAY_MS),
  };
  if (range.start >= range.end) return [];
  const slots = await slotsIn(db, calendars, service, range, now, config, exceptBookingId);
  return slots
    .map((slot) => ({ slot, distance: Math.abs(Date.parse(slot) - aroundMs) }))
    .sort((a, b) => a.distance - b.distance || (a.slot < b.slot ? -1 : 1))
    .slice(0, NEAREST_SLOTS_COUNT)
    .map(({ slot }) => slot)
    .sort();
}

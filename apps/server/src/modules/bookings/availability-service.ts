/**
 * What can be booked (PRODUCT.md "Availability and slots"): the public services list, the slots of
 * a service over the visitor's days, whether one start is offered right now, and the free slots
 * nearest to a time that is not.
 */
import {
  BOOKING_MESSAGES,
  NEAREST_SLOTS_COUNT,
  type AvailabilityQuery,
  type Availability,
  type SchedulingConfig,
  type ServicesList,
} from '@consult/shared';
import type { Db } from '../../db/client';
import { HttpProblem } from '../../plugins/errors';
import { listBusyRanges } from './bookings-repository';
import { loadSchedulingSettings } from './scheduling-settings';
import {
  findServiceBySlug,
  listServices,
  toConsultationService,
  type ServiceRow,
} from './services-repository';
import {
  busyWindowFor,
  computeAvailableSlots,
  groupSlotsByDay,
  rangeForDays,
  type InstantRange,
  type SlotService,
} from './slots';
import { DAY_MS } from './zone-clock';

/** How far either side of an unavailable time the nearest free slots are looked for. */
const NEAREST_SEARCH_DAYS = 7;

export async function listPublicServices(db: Db): Promise<ServicesList> {
  const rows = await listServices(db, { activeOnly: true });
  return { services: rows.map(toConsultationService) };
}

/** An active service by slug; otherwise a 400 naming the `service` field. */
export async function requireBookableService(db: Db, slug: string): Promise<ServiceRow> {
  const service = await findServiceBySlug(db, slug);
  const message = !service
    ? BOOKING_MESSAGES.serviceUnknown
    : !service.active
      ? BOOKING_MESSAGES.serviceInactive
      : undefined;
  if (message) throw new HttpProblem(400, message, { errors: { service: [message] } });
  return service!;
}

/** Slot starts in `range` with the held and confirmed bookings around it taken into account. */
export async function slotsIn(
  db: Db,
  service: SlotService,
  range: InstantRange,
  now: Date,
  config: SchedulingConfig,
  exceptBookingId?: string,
): Promise<string[]> {
  // Without any booking nothing offered: skip the query (and keep instants far outside the
  // notice-to-horizon stretch, e.g. the year 9999, away from the database).
  if (computeAvailableSlots(service, range, now, config, []).length === 0) return [];
  const busy = await listBusyRanges(db, busyWindowFor(range, config), exceptBookingId);
  return computeAvailableSlots(service, range, now, config, busy);
}

export async function availabilityFor(
  db: Db,
  query: AvailabilityQuery,
  now: Date,
): Promise<Availability> {
  const service = await requireBookableService(db, query.service);
  const config = await loadSchedulingSettings(db);
  const range = rangeForDays(query.from, query.to, query.timeZone);
  const slots = await slotsIn(db, service, range, now, config);
  return {
    service: service.slug,
    timeZone: query.timeZone,
    days: groupSlotsByDay(slots, query.timeZone),
  };
}

/** Whether `start` is a slot the service offers right now (the same rules as the calendar). */
export async function isSlotOffered(
  db: Db,
  service: SlotService,
  start: Date,
  now: Date,
  config: SchedulingConfig,
  exceptBookingId?: string,
): Promise<boolean> {
  const range = { start, end: new Date(start.getTime() + 1) };
  const slots = await slotsIn(db, service, range, now, config, exceptBookingId);
  return slots.includes(start.toISOString());
}

/** Up to NEAREST_SLOTS_COUNT free slot starts closest to `around`, ascending. */
export async function nearestSlots(
  db: Db,
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
  const slots = await slotsIn(db, service, range, now, config, exceptBookingId);
  return slots
    .map((slot) => ({ slot, distance: Math.abs(Date.parse(slot) - aroundMs) }))
    .sort((a, b) => a.distance - b.distance || (a.slot < b.slot ? -1 : 1))
    .slice(0, NEAREST_SLOTS_COUNT)
    .map(({ slot }) => slot)
    .sort();
}

/**
 * Booking, cancelling, rescheduling and marking bookings (PRODUCT.md "Bookings"), for a client or
 * the owner (`actor`). Each change is one transaction: the row, its booking_events line and the
 * mails commit together or not at all. No double booking is decided by the database's exclusion
 * constraint; the slot check before it gives the same answer for times that are simply not offered.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  BOOKING_MESSAGES,
  BOOKING_RULE_BOUNDS,
  EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
  type BookingClient,
  type BookingEventAction,
  type BookingRecord,
  type BookingState,
  type PastBookingsPage,
  type UpcomingBookings,
  type MeetingLinks,
  type SchedulingSettings,
} from '@consult/shared';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { findUserById, type UserRow } from '../users/users-repository';
import { isSlotOffered, nearestSlots, requireBookableService } from './availability-service';
import { bookingMailOwner, queueBookingMails, type BookingMailKind } from './booking-mails';
import {
  canClientChange,
  canOwnerChange,
  CHANGE_MESSAGES,
  decideStateChange,
  initialBookingState,
  initialReminderSentAt,
  type BookingActor,
} from './booking-state';
import { toBookingRecord, type ViewContext } from './booking-view';
import {
  countPastBookings,
  findBookingById,
  findBookingByIdempotencyKey,
  insertBooking,
  insertBookingEvent,
  listPastBookings,
  listUpcomingBookings,
  lockBookingById,
  lockOwnerDay,
  serviceSnapshot,
  updateBooking,
  type BookingRow,
} from './bookings-repository';
import { isExclusionViolation, isUniqueViolation } from './database-errors';
import { pageWindow } from './past-bookings-page';
import { loadSchedulingSettings } from './scheduling-settings';
import type { ServiceRow } from './services-repository';
import type { SlotService } from './slots';
import { DAY_MS, MINUTE_MS } from './zone-clock';

/** Who makes the change: the booking's client, or the owner (any booking, any time). */
export interface BookingActorRef {
  type: 'client' | 'owner';
  userId: string;
}

/** A booking after a change, with what its views need. */
export interface BookingOutcome {
  booking: BookingRow;
  client: BookingClient;
  /** now and the cutoff in force, for toBookingRecord / toAdminBookingRecord. */
  view: ViewContext;
}

export interface CreateBookingInput {
  /** The client the booking is for; a client actor always books for themself. */
  clientId: string;
  /** The service's slug. */
  service: string;
  /** ISO 8601 instant with offset (already validated by the route's schema). */
  start: string;
  notes: string | null;
  idempotencyKey?: string;
  /** Owner only: any free time, not just an offered slot (overlaps are still refused). */
  outsideHours?: boolean;
}

export interface RescheduleBookingInput {
  start: string;
  /** Owner only, as for createBooking. */
  outsideHours?: boolean;
}

const OUTSIDE_HOURS_HORIZON_MS = BOOKING_RULE_BOUNDS.horizonDays[1] * DAY_MS;

function notFound(): HttpProblem {
  return new HttpProblem(404, BOOKING_MESSAGES.bookingNotFound);
}

/** Thrown inside a transaction when the time is not offered; answered as the same 409 as a lost race. */
class SlotUnavailable extends Error {}

function stateActor(actor: BookingActorRef): BookingActor {
  return { kind: actor.type, userId: actor.userId };
}

/** The scheduling settings in force, and what the records' views take from them. */
async function changeContext(
  app: FastifyInstance,
  now: Date,
): Promise<{ settings: SchedulingSettings; view: ViewContext }> {
  const settings = await loadSchedulingSettings(app.db, app.log);
  return { settings, view: { now, cutoffHours: settings.rules.cancellationCutoffHours } };
}

/** 409 with booking-state.ts's reason unless `actor` may move the booking to `to` now. */
function requireStateChange(
  booking: BookingRow,
  to: BookingState,
  actor: BookingActorRef,
  view: ViewContext,
): void {
  const decision = decideStateChange({
    booking: {
      state: booking.state,
      start: booking.startAt,
      end: booking.endAt,
      holdUntil: booking.holdUntil,
    },
    to,
    actor: stateActor(actor),
    now: view.now,
    cutoffHours: view.cutoffHours,
  });
  if (!decision.allowed) throw new HttpProblem(409, decision.message);
}

/** 409 unless the client may still change the booking, with the reason its clientChange shows. */
function requireClientChange(booking: BookingRow, view: ViewContext): void {
  const change = canClientChange(
    { state: booking.state, start: booking.startAt },
    view.now,
    view.cutoffHours,
  );
  if (!change.allowed) throw new HttpProblem(409, change.message);
}

/** The booking_events line of a change `actor` made to `booking` (the row before the change). */
async function recordChange(
  tx: Db,
  actor: BookingActorRef,
  booking: BookingRow,
  change: { action: BookingEventAction; toState: BookingState; details?: Record<string, unknown> },
): Promise<void> {
  await insertBookingEvent(tx, {
    bookingId: booking.id,
    action: change.action,
    fromState: booking.state,
    toState: change.toState,
    actorType: actor.type,
    actorId: actor.userId,
    details: change.details ?? {},
  });
}

function clientView(user: UserRow): BookingClient {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    timeZone: user.timeZone,
  };
}

/** What a request asked for: a retry with the same key must ask for exactly this again. */
export function requestFingerprint(service: string, start: Date, notes: string | null): string {
  return createHash('sha256')
    .update(`${service}|${start.toISOString()}|${notes ?? ''}`)
    .digest('hex');
}

/** The link of a confirmed video meeting: the fixed URL, or a fresh unguessable room. */
export function meetingUrlFor(
  meetingMode: ServiceRow['meetingMode'],
  links: MeetingLinks,
): string | null {
  if (meetingMode !== 'video') return null;
  if (links.kind === 'fixed') return links.url;
  const room = `consult-${randomBytes(12).toString('base64url')}`;
  return links.baseUrl.endsWith('/') ? `${links.baseUrl}${room}` : `${links.baseUrl}/${room}`;
}

function addMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * MINUTE_MS);
}

/** The 409 for a time that is not (or no longer) available, with free slots near it to offer. */
async function slotTakenProblem(
  app: FastifyInstance,
  service: SlotService,
  start: Date,
  now: Date,
  settings: SchedulingSettings,
  exceptBookingId?: string,
): Promise<HttpProblem> {
  const nearest = await nearestSlots(app.db, service, start, now, settings, exceptBookingId);
  return new HttpProblem(409, BOOKING_MESSAGES.slotTaken, { members: { nearestSlots: nearest } });
}

/**
 * Outside hours the owner still cannot book a time already past, nor one further ahead than the
 * longest horizon the rules allow (a typo's year 9999 would not even fit the database).
 */
async function checkTimeFree(
  tx: Db,
  service: SlotService,
  start: Date,
  now: Date,
  settings: SchedulingSettings,
  options: { outsideHours: boolean; exceptBookingId?: string },
): Promise<void> {
  if (options.outsideHours && start.getTime() > now.getTime() + OUTSIDE_HOURS_HORIZON_MS) {
    throw new HttpProblem(400, BOOKING_MESSAGES.startTooFar, {
      errors: { start: [BOOKING_MESSAGES.startTooFar] },
    });
  }
  if (settings.rules.maxBookingsPerDay !== null) {
    await lockOwnerDay(tx, start, settings.rules.timeZone);
  }
  const free = options.outsideHours
    ? start.getTime() > now.getTime()
    : await isSlotOffered(tx, service, start, now, settings, options.exceptBookingId);
  if (!free) throw new SlotUnavailable();
}

async function mailChange(
  app: FastifyInstance,
  tx: Db,
  kind: BookingMailKind,
  booking: BookingRow,
  client: UserRow,
  extra: { previousStart?: Date; reason?: string | null } = {},
): Promise<void> {
  await queueBookingMails(tx, app.mailer, {
    kind,
    booking,
    client: {
      name: client.name,
      email: client.email,
      timeZone: client.timeZone,
      phone: client.phone,
    },
    owner: await bookingMailOwner(app, tx),
    appUrl: app.config.APP_URL,
    ...extra,
  });
}

/** The booking's client; a client who is gone cannot have bookings (cascade), so this always finds one. */
async function bookingClient(tx: Db, booking: BookingRow): Promise<UserRow> {
  const client = await findUserById(tx, booking.clientId);
  if (!client) throw notFound();
  return client;
}

/** The booking locked for a change; 404 for a malformed id, an unknown one or another client's. */
async function lockOwnBooking(tx: Db, actor: BookingActorRef, id: string): Promise<BookingRow> {
  if (!isUuid(id)) throw notFound();
  const booking = await lockBookingById(tx, id);
  if (!booking || (actor.type === 'client' && booking.clientId !== actor.userId)) throw notFound();
  return booking;
}

/** The client to book for: the verified client themself, or (owner) an existing, enabled client. */
async function resolveClient(db: Db, actor: BookingActorRef, clientId: string): Promise<UserRow> {
  if (actor.type === 'client') {
    const user = await findUserById(db, actor.userId);
    if (!user) throw notFound();
    if (user.emailVerifiedAt === null) {
      throw new HttpProblem(403, BOOKING_MESSAGES.emailNotVerified, {
        type: EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
      });
    }
    return user;
  }
  const user = isUuid(clientId) ? await findUserById(db, clientId) : undefined;
  if (!user || user.disabledAt !== null) {
    throw new HttpProblem(400, BOOKING_MESSAGES.clientUnknown, {
      errors: { clientId: [BOOKING_MESSAGES.clientUnknown] },
    });
  }
  return user;
}

/** A retry of a request already made with this key: the same booking, or 422 for another request. */
function replayed(existing: BookingRow, fingerprint: string): BookingRow {
  if (existing.requestFingerprint !== fingerprint) {
    throw new HttpProblem(422, BOOKING_MESSAGES.idempotencyKeyReused, {
      errors: { 'idempotency-key': [BOOKING_MESSAGES.idempotencyKeyReused] },
    });
  }
  return existing;
}

/**
 * Books `input.start` for the service. A client needs a verified e-mail and an offered slot; the
 * owner may pass `outsideHours`. Free services and paid ones under the manual provider confirm at
 * once (paid: paymentDue). The same Idempotency-Key with the same request returns the first booking
 * without a second row or mail.
 */
export async function createBooking(
  app: FastifyInstance,
  actor: BookingActorRef,
  input: CreateBookingInput,
  now: Date = new Date(),
): Promise<BookingOutcome> {
  const client = await resolveClient(app.db, actor, input.clientId);
  const service = await requireBookableService(app.db, input.service);
  const { settings, view } = await changeContext(app, now);
  const start = new Date(input.start);
  const { notes } = input;
  const fingerprint = requestFingerprint(service.slug, start, notes);
  const key = input.idempotencyKey;
  const outcome = (booking: BookingRow): BookingOutcome => ({
    booking,
    client: clientView(client),
    view,
  });

  if (key !== undefined) {
    const existing = await findBookingByIdempotencyKey(app.db, client.id, key);
    if (existing) return outcome(replayed(existing, fingerprint));
  }

  try {
    const booking = await app.db.transaction(async (tx) => {
      await checkTimeFree(tx, service, start, now, settings, {
        outsideHours: actor.type === 'owner' && input.outsideHours === true,
      });
      const initial = initialBookingState({
        priceMinor: service.priceMinor,
        provider: 'manual',
        now,
        holdMinutes: settings.rules.holdMinutes,
      });
      const end = addMinutes(start, service.durationMinutes);
      const row = await insertBooking(tx, {
        clientId: client.id,
        ...serviceSnapshot(service),
        startAt: start,
        endAt: end,
        blockedUntil: addMinutes(end, settings.rules.bufferMinutes),
        state: initial.state,
        notes,
        paymentDue: initial.paymentDue,
        holdUntil: initial.holdUntil,
        meetingUrl:
          initial.state === 'confirmed'
            ? meetingUrlFor(service.meetingMode, settings.meetingLinks)
            : null,
        reminderSentAt: initial.state === 'confirmed' ? initialReminderSentAt(start, now) : null,
        idempotencyKey: key ?? null,
        requestFingerprint: key !== undefined ? fingerprint : null,
        createdBy: actor.userId,
      });
      await insertBookingEvent(tx, {
        bookingId: row.id,
        action: 'created',
        fromState: null,
        toState: row.state,
        actorType: actor.type,
        actorId: actor.userId,
        details: { start: row.startAt.toISOString(), service: row.serviceSlug },
      });
      if (row.state === 'confirmed') await mailChange(app, tx, 'confirmed', row, client);
      return row;
    });
    return outcome(booking);
  } catch (error) {
    const slotTaken = error instanceof SlotUnavailable || isExclusionViolation(error);
    // The same request sent twice at once: the first one's booking took the slot (or the key);
    // the second answers with it instead of a conflict.
    if (key !== undefined && (slotTaken || isUniqueViolation(error))) {
      const winner = await findBookingByIdempotencyKey(app.db, client.id, key);
      if (winner) return outcome(replayed(winner, fingerprint));
    }
    if (slotTaken) throw await slotTakenProblem(app, service, start, now, settings);
    throw error;
  }
}

/** Cancels a held or confirmed booking: a client only before the cutoff, the owner any time. */
export async function cancelBooking(
  app: FastifyInstance,
  actor: BookingActorRef,
  bookingId: string,
  input: { reason: string | null },
  now: Date = new Date(),
): Promise<BookingOutcome> {
  const { view } = await changeContext(app, now);
  const { reason } = input;
  return app.db.transaction(async (tx) => {
    const booking = await lockOwnBooking(tx, actor, bookingId);
    // A client hears the same reason their booking's clientChange shows.
    if (actor.type === 'client') requireClientChange(booking, view);
    requireStateChange(booking, 'cancelled', actor, view);
    const updated = await updateBooking(tx, booking.id, {
      state: 'cancelled',
      cancelledAt: now,
      holdUntil: null,
      icsSequence: booking.icsSequence + 1,
    });
    await recordChange(tx, actor, booking, {
      action: 'cancelled',
      toState: 'cancelled',
      details: reason ? { reason } : {},
    });
    const client = await bookingClient(tx, booking);
    await mailChange(app, tx, 'cancelled', updated, client, { reason });
    return { booking: updated, client: clientView(client), view };
  });
}

/**
 * Moves a held or confirmed booking to another start in ONE update of its row: the exclusion
 * constraint checks the new time against the other bookings, so the old time is freed exactly when
 * the new one is taken. A client only before the cutoff and only to an offered slot.
 */
export async function rescheduleBooking(
  app: FastifyInstance,
  actor: BookingActorRef,
  bookingId: string,
  input: RescheduleBookingInput,
  now: Date = new Date(),
): Promise<BookingOutcome> {
  const { settings, view } = await changeContext(app, now);
  const start = new Date(input.start);
  let service: SlotService | undefined;
  try {
    return await app.db.transaction(async (tx) => {
      const booking = await lockOwnBooking(tx, actor, bookingId);
      service = { durationMinutes: booking.durationMinutes };
      if (actor.type === 'client') {
        requireClientChange(booking, view);
      } else if (!canOwnerChange(booking)) {
        throw new HttpProblem(409, CHANGE_MESSAGES.notChangeable);
      }
      const client = await bookingClient(tx, booking);
      if (start.getTime() === booking.startAt.getTime()) {
        return { booking, client: clientView(client), view };
      }
      await checkTimeFree(tx, service, start, now, settings, {
        outsideHours: actor.type === 'owner' && input.outsideHours === true,
        exceptBookingId: booking.id,
      });
      const end = addMinutes(start, booking.durationMinutes);
      const updated = await updateBooking(tx, booking.id, {
        startAt: start,
        endAt: end,
        blockedUntil: addMinutes(end, settings.rules.bufferMinutes),
        icsSequence: booking.icsSequence + 1,
        reminderSentAt: initialReminderSentAt(start, now),
      });
      await recordChange(tx, actor, booking, {
        action: 'rescheduled',
        toState: updated.state,
        details: { previousStart: booking.startAt.toISOString(), start: start.toISOString() },
      });
      await mailChange(app, tx, 'rescheduled', updated, client, {
        previousStart: booking.startAt,
      });
      return { booking: updated, client: clientView(client), view };
    });
  } catch (error) {
    if (service && (error instanceof SlotUnavailable || isExclusionViolation(error))) {
      throw await slotTakenProblem(app, service, start, now, settings, bookingId);
    }
    throw error;
  }
}

/**
 * The owner marks a booking completed or no-show once it has started, or corrects one mark to the
 * other. No mail: nothing changes for the client's calendar.
 */
export async function changeBookingState(
  app: FastifyInstance,
  actor: BookingActorRef,
  bookingId: string,
  to: Extract<BookingState, 'completed' | 'no_show'>,
  now: Date = new Date(),
): Promise<BookingOutcome> {
  const { view } = await changeContext(app, now);
  return app.db.transaction(async (tx) => {
    const booking = await lockOwnBooking(tx, actor, bookingId);
    requireStateChange(booking, to, actor, view);
    const updated = await updateBooking(tx, booking.id, { state: to });
    await recordChange(tx, actor, booking, { action: to, toState: to });
    const client = await bookingClient(tx, booking);
    return { booking: updated, client: clientView(client), view };
  });
}

/**
 * The owner records a manual payment: paidAt set, paymentDue cleared. A booking still held for
 * payment is confirmed by it (with its meeting link and the confirmation mail).
 */
export async function markBookingPaid(
  app: FastifyInstance,
  actor: BookingActorRef,
  bookingId: string,
  now: Date = new Date(),
): Promise<BookingOutcome> {
  const { settings, view } = await changeContext(app, now);
  // Only the owner receives payments; to a client it is no operation on their bookings.
  if (actor.type !== 'owner') throw notFound();
  return app.db.transaction(async (tx) => {
    const booking = await lockOwnBooking(tx, actor, bookingId);
    if (booking.state === 'cancelled' || booking.state === 'expired') {
      throw new HttpProblem(409, BOOKING_MESSAGES.paymentClosed);
    }
    if (!booking.paymentDue) throw new HttpProblem(409, BOOKING_MESSAGES.paymentNotDue);
    const confirms = booking.state === 'pending_payment';
    const updated = await updateBooking(tx, booking.id, {
      paymentDue: false,
      paidAt: now,
      ...(confirms && {
        state: 'confirmed' as const,
        holdUntil: null,
        meetingUrl: meetingUrlFor(booking.meetingMode, settings.meetingLinks),
        reminderSentAt: initialReminderSentAt(booking.startAt, now),
      }),
    });
    await recordChange(tx, actor, booking, { action: 'paid', toState: updated.state });
    const client = await bookingClient(tx, booking);
    if (confirms) await mailChange(app, tx, 'confirmed', updated, client);
    return { booking: updated, client: clientView(client), view };
  });
}

/** A client's own booking for reading (`clientId` null: the owner, any booking); 404 otherwise. */
export async function findClientBooking(
  db: Db,
  clientId: string | null,
  bookingId: string,
): Promise<BookingRow> {
  const booking = isUuid(bookingId) ? await findBookingById(db, bookingId) : undefined;
  if (!booking || (clientId !== null && booking.clientId !== clientId)) throw notFound();
  return booking;
}

async function viewContext(app: FastifyInstance, now: Date): Promise<ViewContext> {
  return (await changeContext(app, now)).view;
}

export async function viewClientBooking(
  app: FastifyInstance,
  clientId: string,
  bookingId: string,
  now: Date,
): Promise<BookingRecord> {
  const booking = await findClientBooking(app.db, clientId, bookingId);
  return toBookingRecord(booking, await viewContext(app, now));
}

export async function clientUpcomingBookings(
  app: FastifyInstance,
  clientId: string,
  now: Date,
): Promise<UpcomingBookings> {
  const [rows, view] = await Promise.all([
    listUpcomingBookings(app.db, clientId, now),
    viewContext(app, now),
  ]);
  return { bookings: rows.map((row) => toBookingRecord(row, view)) };
}

/** Seed spec §3, §9: page 1 of 1 with 0 bookings when there are none; past the last page, the last. */
export async function clientBookingsPage(
  app: FastifyInstance,
  clientId: string,
  page: number,
  now: Date,
): Promise<PastBookingsPage> {
  const total = await countPastBookings(app.db, clientId, now);
  const window = pageWindow(total, page);
  const [rows, view] = await Promise.all([
    total === 0 ? Promise.resolve([]) : listPastBookings(app.db, clientId, now, window),
    viewContext(app, now),
  ]);
  return {
    bookings: rows.map((row) => toBookingRecord(row, view)),
    currentPage: window.currentPage,
    totalPages: window.totalPages,
    totalBookings: total,
  };
}
